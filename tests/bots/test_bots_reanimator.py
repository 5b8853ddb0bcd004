"""The bots and the reanimator: he is asked after everyone else, told tonight's dead by the host, and revives
one of them (the random policy uniformly, the heuristic one it does not suspect), or nobody."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import Any, cast

import pytest

from rankedmafia.bots import HeuristicPolicy, RandomPolicy, make_policy, play_game, play_phase, play_random_game
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.rules.role import Action
from rankedmafia.rules.seating import Seat
from rankedmafia.rules.view import PlayerView
from rankedmafia.setup import new_game, preset

SEATS = [Seat("M", "mafia1"), Seat("R", "reanimator"), Seat("K", "commissar"), Seat("A", "civilian"),
         Seat("B", "civilian"), Seat("C", "civilian")]


def nights(commands: Iterable[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The acts of each night, in the order they were sent (a night ends at a resolve with acts in it)."""
    out: list[list[dict[str, Any]]] = [[]]
    for command in commands:
        if command["type"] == "act":
            out[-1].append(command)
        elif command["type"] == "resolve":
            out.append([])
    return [acts for acts in out if acts]


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_reanimator_acts_last_in_whole_games(policy: str) -> None:
    chosen = preset("full-25")
    revives = 0
    for i in range(6):
        game = new_game(chosen, [f"p{n}" for n in range(chosen.players)], f"re:{i}")
        reanimator = next(p.name for p in game.players() if p.initial_role == "reanimator")
        play_game(game, make_policy(policy, random.Random(i)))
        for acts in nights(game.commands):
            sent = [a for a in acts if a["action"] == "revive"]
            assert all(a["actor"] == reanimator for a in sent)
            if sent:
                revives += 1
                assert acts[-1] is sent[0], "his revive comes after everyone else's action"
    assert revives > 0


def test_random_reanimator_revives_one_of_the_dead_uniformly() -> None:
    chosen: Counter[str] = Counter()
    for seed in range(60):
        game = Game(SEATS, seed=seed)
        game.submit(Act("M", "kill", ("A", "B")))
        policy = RandomPolicy(random.Random(seed), idle=1.0)  # nobody else acts
        policy.act(game, "R")
        assert "R" not in game.state.acts  # he waits to be told
        play_phase(game, policy)
        revived = game.state.acts["R"].targets[0]
        chosen[revived] += 1
        assert game.resolve().deaths == [n for n in ("A", "B") if n != revived]
    assert set(chosen) == {"A", "B"} and min(chosen.values()) > 15


def test_nobody_to_revive() -> None:
    game = Game(SEATS, seed=1)
    RandomPolicy(random.Random(0)).revive(game, "R", [])
    HeuristicPolicy(random.Random(0)).revive(game, "R", ["R"])  # never himself
    assert "R" not in game.state.acts


def test_play_random_game_asks_the_reanimator() -> None:
    chosen = preset("full-25")
    found = False
    for i in range(6):
        game = play_random_game(new_game(chosen, [f"p{n}" for n in range(chosen.players)], f"rr:{i}"),
                                random.Random(i))
        for acts in nights(game.commands):
            sent = [a for a in acts if a["action"] == "revive"]
            if sent:
                found = True
                assert acts[-1] is sent[0]
    assert found


class Told:
    """A game as the heuristic reanimator sees it: his view (with a check he was told), his actions and
    choices, and submit."""

    def __init__(self, game: Game, extra: list[dict[str, Any]]) -> None:
        self.game = game
        self.extra = extra
        self.sent: list[tuple[str, list[str]]] = []

    def view(self, name: str) -> PlayerView:
        view = self.game.view(name)
        return replace(view, log=(*view.log, *self.extra))

    def actions_of(self, name: str) -> tuple[Action, ...]:
        return self.game.actions_of(name)

    def choices(self, name: str) -> tuple[Choice, ...]:
        return self.game.choices(name)

    def submit(self, act: Act) -> None:
        error = self.game.check(act)  # refusals are the engine's
        if error is not None:
            raise error
        self.sent.append((act.action, list(act.targets)))


def test_heuristic_revives_a_dead_player_it_does_not_suspect() -> None:
    game = Game([*SEATS, Seat("S", "maniac")], seed=2)
    game.submit(Act("M", "kill", ("B",)))  # tonight's dead, as the reanimator is told them: B and C
    game.submit(Act("S", "kill_quick", ("C",)))
    game.begin_follow_up()  # he is asked: only now may he revive
    known = [{"phase": "night", "number": 0, "type": "info", "to": "R", "kind": "check", "target": "B",
              "result": "mafia"}]
    told = Told(game, known)
    bot = HeuristicPolicy(random.Random(0))
    bot.revive(cast(Game, told), "R", ["B", "C"])
    assert told.sent == [("revive", ["C"])]  # never the one he knows to be mafia
    told.sent.clear()
    bot.revive(cast(Game, told), "R", ["B"])
    assert told.sent == []  # the only dead is a suspect: nobody
    with pytest.raises(RuleViolation):
        told.submit(Act("R", "revive", ("R",)))
    assert game.phase.kind is PhaseKind.NIGHT
