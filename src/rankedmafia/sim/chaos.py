"""Chaos games: random legal and illegal moves over a whole setup, to find what crashes the engine.

Every move is drawn from a `random.Random` seeded by the game's label, so a failing game is found again
by its preset and seed alone. A move is a random action of the player's (or a wrong one), random
targets, and random options: heal_from's sources, the joker's copy of any action of any role of the setup
with the copied action's own option or Council question, questions built from the Council's fields (and
broken ones). Sometimes it is a choice the engine offers (`Game.choices`), so that legal moves of every
kind are made too. A refused move must leave the game exactly as it was; every phase must resolve and
the record must render.
"""

from __future__ import annotations

import json
import random
from functools import cache

from rankedmafia.rules import council
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act, Copy, PhaseKind, Question
from rankedmafia.script import record
from rankedmafia.setup import Setup, new_game, preset

MOVES_PER_PLAYER = 2
OFFERED_SHARE = 0.05  # how often a move is one of the choices the engine offers
JOKER_OFFERED_SHARE = 0.01  # ... for the joker, whose offered copies are many and slow to list
WHOLE_STATE_SHARE = 0.02  # how often a refusal is checked against the whole state
MAX_PHASES = 80
JUNK = "nothing"


def play_chaos_game(preset_name: str, seed: int) -> Game:
    """One chaos game of a preset, to its end or MAX_PHASES; raises whatever the engine raises that is
    not a RuleViolation, or an AssertionError if a refusal changed the game."""
    setup = _preset(preset_name)
    rng = random.Random(f"chaos:{preset_name}:{seed}")
    sexes = {f"P{i}": rng.choice(("m", "f", None)) for i in range(setup.players)}
    game = new_game(setup, list(sexes), seed, chance=rng.choice(("seeded", "always", "never")), sexes=sexes)
    for _ in range(MAX_PHASES):
        if game.over:
            break
        if game.phase.kind is PhaseKind.NIGHT:
            for player in game.alive():
                for _ in range(MOVES_PER_PLAYER):
                    _try(game, player, _move(rng, game, player), whole=rng.random() < WHOLE_STATE_SHARE)
                if player in game.state.acts and rng.random() < 0.1:
                    game.withdraw(player)
        else:
            for player in game.alive():
                game.vote(player, rng.choice([*game.alive(), BLUE]))
        game.resolve()
    record(game, rng.choice(("ru", "en")))
    return game


@cache
def _preset(name: str) -> Setup:
    return preset(name)


def _try(game: Game, player: str, move: Act, whole: bool) -> None:
    """Sends a move; a refusal must leave the game as it was (`whole`: compared in full, else by its
    commands and tonight's actions, which is much cheaper)."""
    before = repr(game.state) if whole else (len(game.commands), dict(game.state.acts))
    try:
        game.submit(move)
    except RuleViolation:
        after = repr(game.state) if whole else (len(game.commands), dict(game.state.acts))
        assert after == before, f"a refused {move} changed the game"


def _move(rng: random.Random, game: Game, player: str) -> Act:
    joker = game.state.players[player].role == "joker"
    if rng.random() < (JOKER_OFFERED_SHARE if joker else OFFERED_SHARE):
        offered = game.choices(player)
        if offered:
            return _offered_move(rng, game, player, rng.choice(offered))
    everyone = [p.name for p in game.players()]
    actions = [a.id for a in game.actions_of(player)] or ["kill"]
    action = rng.choice([*actions, "kill", JUNK])
    targets = tuple(rng.sample(everyone, rng.randint(0, 3)))
    if action == "ask":
        return Act(player, action, targets, question=_question(rng, game))
    if action == "copy":
        role = rng.choice([*game.option_choices(player, "copy"), "joker", JUNK])
        use = rng.choice([*game.copy_actions(role), JUNK])
        option: str | None = None
        question: Question | None = None
        if use == "ask" or rng.random() < 0.05:
            question = _question(rng, game)
        elif use == "heal_from" or rng.random() < 0.05:
            option = rng.choice([*game.option_choices(player, "heal_from"), JUNK])
        return Act(player, action, targets, copy=Copy(role, use, option, question))
    if action == "heal_from" or rng.random() < 0.05:
        return Act(player, action, targets, rng.choice([*game.option_choices(player, "heal_from"), JUNK]))
    return Act(player, action, targets)


def _offered_move(rng: random.Random, game: Game, player: str, choice: Choice) -> Act:
    if choice.copies:
        copy = rng.choice(choice.copies)
        use = rng.choice(copy.uses)
        inner = _offered_move(rng, game, player, use)
        return Act(player, "copy", inner.targets, copy=Copy(copy.role, use.action, inner.option, inner.question))
    count = rng.choice(choice.counts)
    targets: list[str] = []
    for place in choice.slots[:count]:
        free = [name for name in place if name not in targets]
        if free:
            targets.append(rng.choice(free))
    if choice.option == "question":
        template = rng.choice(choice.options)
        return Act(player, choice.action, tuple(targets), question=Question(template, _args(rng, game, template)))
    option = rng.choice(choice.options) if choice.options else None
    return Act(player, choice.action, tuple(targets), option)


def _question(rng: random.Random, game: Game) -> Question:
    """A Council question: usually well formed from the template's fields, sometimes broken."""
    template = rng.choice([*council.TEMPLATES, JUNK])
    if template == JUNK or rng.random() < 0.2:
        junk = {"side": rng.choice(["moon", "town"]), "op": rng.choice(["zz", "eq"]), "n": rng.randint(-1, 5),
                "players": rng.sample([p.name for p in game.players()], 2)}
        return Question(template, json.dumps(dict(rng.sample(sorted(junk.items()), rng.randint(0, 4)))))
    return Question(template, _args(rng, game, template))


def _args(rng: random.Random, game: Game, template: str) -> str:
    args: dict[str, object] = {}
    for arg, values in council.fields(game.state, template).items():
        if arg == "players":  # a group of the living, of four or more where there are (refused if fewer)
            args[arg] = rng.sample(values, rng.randint(min(council.GROUP_LEAST, len(values)), len(values)))
        else:
            args[arg] = rng.choice(values)
    return json.dumps(args, ensure_ascii=False, sort_keys=True)
