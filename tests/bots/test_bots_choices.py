"""The bots draw their moves from the core's choices (`Game.choices`): every kind of move is sent (targets,
heal_from's source, the Council's question, the joker's copies), and every one is accepted."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from rankedmafia.bots import RandomPolicy, play_game
from rankedmafia.bots.api_moves import api_move
from rankedmafia.bots.choosing import fill, pick_targets
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.server.forms import choice_form
from rankedmafia.setup import new_game, preset


def names(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def test_targets_are_distinct_and_each_from_its_place() -> None:
    rng = random.Random(3)
    slots = (("a", "b", "c"), ("b",), ("a", "b", "c", "d"))
    for _ in range(200):
        targets = pick_targets(rng, (1, 3), slots)
        assert targets is not None and len(targets) in (1, 3) and len(set(targets)) == len(targets)
        assert all(name in place for name, place in zip(targets, slots, strict=False))
        if len(targets) == 3:
            assert targets[1] == "b"  # the narrow place is filled first: never left without its name


def test_a_place_left_without_a_free_name() -> None:
    rng = random.Random(0)
    assert fill(rng, (("a",), ("a",))) is None
    assert pick_targets(rng, (2,), (("a",), ("a",))) is None
    assert pick_targets(rng, (0,), ()) == []


def test_the_random_policy_sends_every_kind_of_choice() -> None:
    """Over a few games with a joker, a doctor and a mafia boss, each kind of move is sent and accepted
    (a refusal would raise out of the game)."""
    chosen = preset("full-35")
    sent: Counter[str] = Counter()
    for i in range(3):
        game = play_game(new_game(chosen, names(chosen.players), f"k:{i}"), RandomPolicy(random.Random(i)))
        for command in game.commands:
            if command["type"] == "act":
                sent[command["action"] if command["action"] != "copy" else f"copy:{command['detail']}"] += 1
    assert sent["heal_from"] and sent["ask"] and any(key.startswith("copy:") for key in sent)
    assert len(sent) > 20  # most of the roster's actions, not a few


def api_data(game: Game, name: str) -> dict[str, Any]:
    """A player's data as the web API shapes it (the parts `api_move` reads)."""
    night = game.phase.kind is PhaseKind.NIGHT
    return {
        "game": {"status": "running", "phase": game.phase.kind.value},
        "me": {"alive": name in game.alive(), "sent": None,
               "actions": [choice_form(c, "en", game) for c in game.choices(name)] if night else [],
               "vote": None if (vote := game.vote_choice(name)) is None else list(vote.slots[0])},
        "seats": [{"name": p.name, "alive": p.alive} for p in game.players()],
    }


@pytest.mark.parametrize("setup", ["classic-12", "full-35"])
def test_api_moves_are_accepted(setup: str) -> None:
    """The web API's bots draw from the choices as the API lists them; the engine accepts every move."""
    chosen = preset(setup)
    kinds: Counter[str] = Counter()
    for i in range(2):
        game = new_game(chosen, names(chosen.players), f"api:{i}")
        rng = random.Random(i)
        for _ in range(8):
            if game.over:
                break
            for name in game.alive():
                move = api_move(api_data(game, name), rng)
                if move is None:
                    continue
                command, body = move
                if command == "vote":
                    assert game.vote_refusal(name, body["choice"]) is None  # live play takes it too
                    game.vote(name, body["choice"])
                    continue
                game.submit(Act.from_fields({**body, "actor": name}))
                kinds[body["action"]] += 1
            step = game.begin_follow_up() if game.phase.kind is PhaseKind.NIGHT else None
            while step is not None:  # the reanimator is asked by the step, not by these moves
                game.decline(step.player)
                step = game.follow_up_step()
            game.resolve()
    assert kinds["ask"] and len(kinds) >= 4
    if setup == "full-35":
        assert kinds["copy"] and kinds["heal_from"]


GAMES_SCRIPT = """
import hashlib, json, random
from rankedmafia.bots import make_policy, play_game
from rankedmafia.setup import new_game, preset
digest = hashlib.sha256()
for setup, policy in (("classic-12", "random"), ("classic-12", "heuristic"), ("full-35", "random")):
    chosen = preset(setup)
    game = new_game(chosen, [f"p{i}" for i in range(chosen.players)], "same")
    play_game(game, make_policy(policy, random.Random(1)))
    digest.update(json.dumps(game.commands, sort_keys=True).encode())
print(digest.hexdigest())
"""


def test_seeded_games_are_the_same_in_every_process() -> None:
    """The choices and the bots' draws do not depend on the order of a set (Python's string hashing
    differs from one process to the next)."""
    digests = {subprocess.run([sys.executable, "-c", GAMES_SCRIPT], check=True, capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(digests) == 1


RECORD_SCRIPT = """
import json
from rankedmafia.script import run_script
seats = [("Вася", "mafia1", "red"), ("Петя", "mafia2", "red"), ("Гриша", "mafia1", "black"),
         ("Лёша", "mafia2", "black"), ("Коля", "commissar", None), ("Саша", "maniac", None),
         ("Лена", "civilian", None), ("Игорь", "civilian", None), ("Аня", "civilian", None)]
players = [{"name": n, "role": r, **({"clan": c} if c else {})} for n, r, c in seats]
night = [{"actor": "Коля", "action": "kill", "targets": ["Вася"]},
         {"actor": "Саша", "action": "kill_quick", "targets": ["Гриша"]}]
script = {"format": 1, "seed": 1, "chance": "never", "players": players, "phases": [{"night": night}]}
print(json.dumps(run_script(script), ensure_ascii=False))
"""


def test_a_record_is_the_same_in_every_process() -> None:
    """Both clans' bosses die in one night: the new bosses are named in the clans' order, whatever the
    process's string hashing (the clans were once seated in a set's order)."""
    records = {subprocess.run([sys.executable, "-c", RECORD_SCRIPT], check=True, capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3", "4")}
    assert len(records) == 1
    events = json.loads(records.pop())["phases"][0]["events"]
    assert [e["clan"] for e in events if e["type"] == "new_boss"] == ["black", "red"]
