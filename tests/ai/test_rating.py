"""The arena's ratings: OpenSkill's own numbers for a plain game, seat shares as partial play, intervals."""

from __future__ import annotations

from typing import Any

import pytest
from openskill.models import PlackettLuce

from rankedmafia.ai.rating import MU, SIGMA, rate, ratings


def game(index: int, seats: list[tuple[str, str, bool]], winner: str | None = "town") -> dict[str, Any]:
    return {"index": index, "winner": winner,
            "seats": [{"agent": a, "team": t, "clan": "mafia" if t == "mafia" else None, "won": w}
                      for a, t, w in seats]}


def test_a_game_is_openskills_own_partial_play_rating() -> None:
    table = rate([game(0, [("a", "town", True), ("a", "town", True), ("b", "town", True), ("b", "mafia", False)])])
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    [[a, b_town], [b_mafia]] = model.rate([[model.rating(), model.rating()], [model.rating()]], ranks=[1, 2],
                                          weights=[[2 / 3, 1 / 3], [1.0]])
    b = model.rating(MU + (b_town.mu - MU) + (b_mafia.mu - MU),
                     SIGMA * (b_town.sigma / SIGMA) * (b_mafia.sigma / SIGMA))
    assert table["a"] == pytest.approx((a.mu, a.sigma)) and table["b"] == pytest.approx((b.mu, b.sigma))


def test_seat_shares_are_partial_play_and_sides_are_apart() -> None:
    seats = [("a", "town", True), ("a", "town", True), ("a", "town", True), ("b", "town", True),
             ("b", "mafia", False), ("c", "mafia", False)]
    table = rate([game(0, seats)])
    assert table["a"][0] - MU > table["b"][0] - MU  # three town seats won more than one
    sides = rate([game(0, seats)], by_side=True)
    assert sides["b/town"][0] > MU > sides["b/mafia"][0]
    assert rate([game(0, seats, winner=None)]) == {}  # an unfinished game is not rated


def test_intervals_hold_the_estimate_and_repeat() -> None:
    games = [game(i, [("a", "town", i % 3 != 0), ("b", "mafia", i % 3 == 0), ("c", "town", i % 3 != 0)])
             for i in range(30)]
    first, second = ratings(games, rounds=50), ratings(list(reversed(games)), rounds=50)
    assert first == second  # the games' order is their index, whatever the list's
    for entry in first.values():
        low, high = entry["ci95"]
        assert low <= high and low - 5 <= entry["mu"] <= high + 5
    assert first["a"]["mu"] == pytest.approx(first["c"]["mu"])  # the same seats, the same games


def test_the_bootstrap_on_two_processes_gives_the_same_intervals() -> None:
    games = [game(i, [("a", "town", i % 3 != 0), ("b", "mafia", i % 3 == 0), ("c", "town", i % 5 != 0)])
             for i in range(20)]
    assert ratings(games, rounds=9, jobs=2) == ratings(games, rounds=9) != ratings(games, rounds=9, seed="other")
