"""Skill ratings with OpenSkill's Plackett–Luce model, one pass over the rated games in the order they
ended (then by id), from a fresh start each season. The same games and settings always give exactly the
same ratings: this pass is the only place a rating is made, live and in a rebuild alike."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from rankedmafia.ladder.outcome import GameOutcome, teams_and_ranks


@dataclass(frozen=True, slots=True)
class RatingSettings:
    mu: float = 25.0
    sigma: float = 25.0 / 3
    z: float = 3.0  # the leaderboard ranks by mu - z * sigma
    min_games: int = 5  # ranked games in the season before a player is listed
    season_months: int = 3  # seasons: calendar quarters (UTC) by default

    def model(self) -> PlackettLuce:
        return PlackettLuce(mu=self.mu, sigma=self.sigma)


def season_of(at: float, months: int = 3) -> str:
    """The season a game belongs to by the time it ended: "2026-4" is the fourth quarter of 2026 (with
    3-month seasons), "2026-11" November with 1-month seasons."""
    when = datetime.datetime.fromtimestamp(at, datetime.UTC)
    return f"{when.year}-{(when.month - 1) // months + 1}"


@dataclass(slots=True)
class Standing:
    user_id: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    def conservative(self, z: float) -> float:
        return self.mu - z * self.sigma


@dataclass(slots=True)
class Change:
    """One player's rating before and after one game."""

    game_id: str
    season: str
    before: tuple[float, float]
    after: tuple[float, float]


@dataclass(slots=True)
class Ladder:
    settings: RatingSettings
    seasons: dict[str, dict[int, Standing]] = field(default_factory=dict)
    changes: dict[int, list[Change]] = field(default_factory=dict)  # by user, in game order

    def board(self, season: str, hidden: set[int] = frozenset()) -> list[Standing]:  # type: ignore[assignment]
        """The leaderboard of a season: players with enough ranked games, best conservative estimate first
        (ties by more games, then by account id, so the order is total)."""
        z = self.settings.z
        rows = [s for s in self.seasons.get(season, {}).values()
                if s.games >= self.settings.min_games and s.user_id not in hidden]
        return sorted(rows, key=lambda s: (-s.conservative(z), -s.games, s.user_id))

    def latest_season(self) -> str | None:
        return max(self.seasons) if self.seasons else None


def rate(games: list[GameOutcome], settings: RatingSettings) -> Ladder:
    """Rates the decided games in order; `games` must be the rated games only (ranked, not voided)."""
    model = settings.model()
    ladder = Ladder(settings)
    for outcome in sorted(games, key=lambda g: (g.ended_at, g.game_id)):
        if not outcome.decided:
            continue
        teams, ranks = teams_and_ranks(outcome)
        if len(teams) < 2:
            continue
        season = season_of(outcome.ended_at, settings.season_months)
        table = ladder.seasons.setdefault(season, {})
        for team in teams:
            for user in team:
                table.setdefault(user, Standing(user, settings.mu, settings.sigma))
        before = [[PlackettLuceRating(table[u].mu, table[u].sigma) for u in team] for team in teams]
        after = model.rate([[model.rating(r.mu, r.sigma) for r in team] for team in before], ranks=list(ranks))
        for team, old, new, rank in zip(teams, before, after, ranks, strict=True):
            for user, o, n in zip(team, old, new, strict=True):
                standing = table[user]
                standing.mu, standing.sigma = n.mu, n.sigma
                standing.games += 1
                standing.wins += rank == 1 and outcome.winner != "draw"
                ladder.changes.setdefault(user, []).append(
                    Change(outcome.game_id, season, (o.mu, o.sigma), (n.mu, n.sigma)))
    return ladder
