"""Ratings against OpenSkill's own results: the ladder's pass over small hand-made games equals calling the
library directly with the teams and ranks worked out by hand, and a one-on-one game equals the
Plackett–Luce update computed here by hand from the model's formulas."""

from __future__ import annotations

import math

from openskill.models import PlackettLuce

from rankedmafia.ladder.outcome import GameOutcome, SeatOutcome, teams_and_ranks
from rankedmafia.ladder.ratings import RatingSettings, rate, season_of

DAY = 86400.0
START = 1_790_000_000.0  # 2026-09-21: the third quarter


def seat(name: str, account: int, team: str, won: bool, rating_team: str | None = None,
         role: str = "civilian") -> SeatOutcome:
    return SeatOutcome(name, role, role, team, rating_team or team, won, True, {}, account)


def game(game_id: str, at: float, winner: str, seats: list[SeatOutcome]) -> GameOutcome:
    return GameOutcome(game_id, "test", {}, len(seats), at, "victory", winner, 2, seats)


def test_one_on_one_by_hand() -> None:
    settings = RatingSettings()
    ladder = rate([game("g1", START, "town", [seat("A", 1, "town", True), seat("B", 2, "maniac", False)])],
                  settings)
    model = PlackettLuce()
    s2 = (25 / 3) ** 2 + model.tau ** 2  # the model first widens every sigma by tau
    c = math.sqrt(2 * s2 + 2 * model.beta ** 2)
    shift = s2 / (2 * c)  # Omega: sigma^2 / c * (1 - e^(mu/c) / (2 e^(mu/c)))
    delta = (math.sqrt(s2) / c) * s2 / (4 * c * c)  # gamma * sigma^2 / c^2 * p * (1 - p), p = 1/2
    sigma = math.sqrt(s2) * math.sqrt(max(1 - delta, model.kappa))
    table = ladder.seasons[season_of(START)]
    assert math.isclose(table[1].mu, 25 + shift, rel_tol=1e-12)
    assert math.isclose(table[2].mu, 25 - shift, rel_tol=1e-12)
    assert math.isclose(table[1].sigma, sigma, rel_tol=1e-12) and math.isclose(table[2].sigma, sigma, rel_tol=1e-12)
    assert table[1].wins == 1 and table[2].wins == 0


def test_sides_loners_and_the_cardsharp_as_the_library_rates_them() -> None:
    """Three games: the town against a mafia clan and a lone maniac; a draw; the mafia's win with the
    cardsharp beside it (he is rated in the mafia's team)."""
    games = [
        game("g1", START, "town", [seat("A", 1, "town", True), seat("B", 2, "town", True),
                                   seat("C", 3, "mafia", False), seat("D", 4, "maniac", False)]),
        game("g2", START + DAY, "draw", [seat("A", 1, "town", False), seat("C", 3, "mafia", False),
                                         seat("D", 4, "maniac", False)]),
        game("g3", START + 2 * DAY, "mafia", [seat("A", 1, "town", False), seat("B", 2, "town", False),
                                              seat("C", 3, "mafia", True),
                                              seat("E", 5, "cardsharp", True, "mafia", "cardsharp"),
                                              seat("D", 4, "maniac", False)]),
    ]
    assert teams_and_ranks(games[0]) == ([[3], [4], [1, 2]], [2, 2, 1])  # teams: mafia, maniac, town
    assert teams_and_ranks(games[1]) == ([[3], [4], [1]], [1, 1, 1])
    assert teams_and_ranks(games[2]) == ([[3, 5], [4], [1, 2]], [1, 2, 2])

    model = PlackettLuce()
    r = {i: model.rating() for i in range(1, 6)}
    [[r[3]], [r[4]], [r[1], r[2]]] = model.rate([[r[3]], [r[4]], [r[1], r[2]]], ranks=[2, 2, 1])
    [[r[3]], [r[4]], [r[1]]] = model.rate([[r[3]], [r[4]], [r[1]]], ranks=[1, 1, 1])
    [[r[3], r[5]], [r[4]], [r[1], r[2]]] = model.rate([[r[3], r[5]], [r[4]], [r[1], r[2]]], ranks=[1, 2, 2])

    ladder = rate(list(reversed(games)), RatingSettings(min_games=2))  # the order they ended decides, not the list
    table = ladder.seasons[season_of(START)]
    for user, expected in r.items():
        assert (table[user].mu, table[user].sigma) == (expected.mu, expected.sigma)
    assert [s.user_id for s in ladder.board(season_of(START))] == sorted(
        (u for u in (1, 2, 3, 4) if table[u].games >= 2), key=lambda u: -(r[u].mu - 3 * r[u].sigma))
    assert [c.game_id for c in ladder.changes[1]] == ["g1", "g2", "g3"]


def test_seasons_start_afresh_and_undecided_games_do_not_count() -> None:
    first = game("g1", START, "town", [seat("A", 1, "town", True), seat("B", 2, "mafia", False)])
    later = game("g2", START + 40 * DAY, "town", [seat("A", 1, "town", True), seat("B", 2, "mafia", False)])
    stopped = game("g3", START + 41 * DAY, "town", [seat("A", 1, "town", True), seat("B", 2, "mafia", False)])
    stopped.ended_by, stopped.winner = "host", None
    stalled = game("g4", START + 42 * DAY, "town", [seat("A", 1, "town", False), seat("B", 2, "mafia", False)])
    stalled.ended_by, stalled.winner = "stalemate", None  # RULINGS.md, "Stalemate": nobody won, not rated
    assert not stalled.decided
    ladder = rate([first, later, stopped, stalled], RatingSettings(min_games=1))
    assert sorted(ladder.seasons) == [season_of(START), season_of(START + 40 * DAY)] == ["2026-3", "2026-4"]
    assert ladder.seasons["2026-3"][1].mu == ladder.seasons["2026-4"][1].mu  # the same game from the same start
    assert ladder.seasons["2026-4"][1].games == 1
