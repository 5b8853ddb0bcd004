"""Random legal and illegal moves over the whole roster never crash the engine: every refusal is a
RuleViolation and leaves the game as it was; every accepted move resolves."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rankedmafia.rules.council import TEMPLATES
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.script import record
from rankedmafia.setup import new_game, preset, preset_names

SIDES = ["town", "mafia", "loners", "moon"]
OPS = ["eq", "ge", "lt", "zz"]


def _question(rng: random.Random, game: Game) -> tuple[str, str]:
    template = rng.choice([*TEMPLATES, "nonsense"])
    names = game.alive()
    args = {"side": rng.choice(SIDES), "op": rng.choice(OPS), "n": rng.randint(-1, 5), "a": rng.choice(SIDES),
            "b": rng.choice(SIDES), "role": rng.choice([*game.setup_roles(), "nobody"]),
            "player": rng.choice(names), "players": rng.sample(names, min(len(names), rng.randint(2, 5)))}
    spec = TEMPLATES.get(template)
    wanted = spec.args if spec is not None else ("side",)
    chosen = {k: v for k, v in args.items() if k in wanted or rng.random() < 0.05}
    return template, json.dumps(chosen, ensure_ascii=False)


def _chaos_move(rng: random.Random, game: Game, name: str) -> None:
    everyone = [p.name for p in game.players()]
    actions = [a.id for a in game.view(name).actions] or ["kill"]
    action = rng.choice([*actions, "kill", "nothing"])
    targets = rng.sample(everyone, rng.randint(0, 3))
    option: str | None = None
    detail: str | None = None
    if action == "ask":
        option, detail = _question(rng, game)
    elif action == "copy":
        option = rng.choice([*game.option_choices(name, "copy"), "joker"])
        detail = rng.choice([*game.copy_actions(option), "nothing"])
    elif action == "heal_from" or rng.random() < 0.05:
        option = rng.choice([*game.option_choices(name, "heal_from"), "nobody"])
    before = game.state.__repr__()
    try:
        game.submit(name, action, targets, option, detail)
    except RuleViolation:
        assert game.state.__repr__() == before


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(preset_names()), seed=st.integers(0, 2**32))
def test_chaos_never_crashes(name: str, seed: int) -> None:
    setup = preset(name)
    game = new_game(setup, [f"P{i}" for i in range(setup.players)], seed)
    rng = random.Random(seed)
    for _ in range(80):
        if game.over:
            break
        if game.phase.kind is PhaseKind.NIGHT:
            for player in game.alive():
                for _ in range(3):
                    _chaos_move(rng, game, player)
        else:
            for player in game.alive():
                choice = rng.choice([*game.alive(), BLUE])
                game.vote(player, choice)
        game.resolve()
    record(game, "en")  # the record and every summary line render
