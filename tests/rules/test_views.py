"""Views are the security boundary: no view leaks a role or an action it should not."""

from __future__ import annotations

import json
import random
from dataclasses import asdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rankedmafia.bots.random_policy import RandomPolicy
from rankedmafia.rules.game import Game, Seat
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.rules.view import own_role
from rankedmafia.setup import new_game, preset, preset_names

HOST_ONLY = {"action", "tally", "survived"}


def _assert_no_leak(game: Game, revealed: dict[str, str]) -> None:
    for me in game.players():
        view = game.view(me.name)
        assert view.role == own_role(game.state, me.name)
        for seat in view.seats:
            other = game.state.players[seat.name]
            if seat.name == me.name:
                continue
            clanmate = bool(set(game.state.clans_of(me.name)) & set(game.state.clans_of(seat.name)))
            if clanmate:
                assert seat.role is not None
                if not game.state.agent_ranks:
                    assert seat.role == other.role
            else:
                assert seat.role == revealed.get(seat.name), f"{me.name} sees {seat.name}'s hidden role"
        for entry in view.log:
            to = entry.get("to")
            clans = {f"clan:{c}" for c in game.state.clans_of(me.name)}
            assert to in (None, me.name) or to in clans, entry
            assert entry["type"] not in HOST_ONLY, entry
            if entry["type"] == "interview":
                assert "target" not in entry, "the interview is announced without names"
        if not game.state.clans_of(me.name):
            assert view.clan == {} and view.boss is None
        json.dumps(asdict(view), ensure_ascii=False)  # a view is plain data, ready for the wire


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(preset_names()), seed=st.integers(0, 2**32))
def test_no_view_leaks_a_hidden_role(name: str, seed: int) -> None:
    setup = preset(name)
    game = new_game(setup, [f"P{i}" for i in range(setup.players)], seed)
    policy = RandomPolicy(random.Random(seed))
    revealed: dict[str, str] = {}
    while not game.over:
        for player in game.alive():
            if game.phase.kind is PhaseKind.NIGHT:
                policy.act(game, player)
            else:
                policy.vote(game, player)
        revealed.update(game.resolve().revealed)
        _assert_no_leak(game, revealed)


def test_a_check_reaches_the_commissar_and_sergeant_only() -> None:
    game = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Оля", "sergeant"),
                 Seat("Маша", "civilian"), Seat("Коля", "civilian")], seed=1)
    game.submit(Act("Петя", "check", ("Вася",)))
    game.resolve()
    for name in ("Петя", "Оля"):
        assert [e["result"] for e in game.view(name).log if e["type"] == "info"] == ["mafia"]
    for name in ("Вася", "Маша", "Коля"):
        assert not [e for e in game.view(name).log if e["type"] == "info"]
        assert game.view(name).seats[0].role == ("mafia1" if name == "Вася" else None)


def test_the_mafia_know_each_other_and_the_boss() -> None:
    game = Game([Seat("Вася", "mafia1"), Seat("Петя", "mafia2"), Seat("Маша", "commissar"),
                 Seat("Коля", "civilian"), Seat("Оля", "civilian")], seed=1)
    view = game.view("Петя")
    assert view.clan == {"Вася": "mafia1", "Петя": "mafia2"}
    assert view.boss == "Вася"
    assert game.view("Маша").clan == {}


def test_the_double_agent_is_hidden_among_his_clans_ranks() -> None:
    """Rule book: "никто из его сообщников не знает, кто именно двойной агент"."""
    seats = [Seat("Агент", "double_agent"), Seat("Вася", "mafia1", "red"), Seat("Петя", "mafia2", "red"),
             Seat("Коля", "mafia1", "black"), Seat("Дима", "mafia2", "black"), Seat("Маша", "commissar"),
             *(Seat(f"Мирный{i}", "civilian") for i in range(6))]
    for seed in range(20):
        game = Game(seats, seed=seed)
        for member in ("Вася", "Петя", "Коля", "Дима"):
            shown = game.view(member).clan
            assert "Агент" in shown
            assert "double_agent" not in shown.values()
            assert sorted(shown.values()) == ["mafia1", "mafia2", "mafia3"]
        assert set(game.view("Агент").clan) == {"Агент", "Вася", "Петя", "Коля", "Дима"}
