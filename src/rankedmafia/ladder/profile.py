"""A player's record: every recorded game he held a seat in, and his statistics (games, wins by side and
by role, survival, the actions he used most, his rating in each season)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rankedmafia.ladder.outcome import SeatOutcome
from rankedmafia.ladder.ratings import Change, Ladder
from rankedmafia.ladder.record import Recorded


@dataclass(slots=True)
class Played:
    """One game as this player played it."""

    game: Recorded
    seat: SeatOutcome
    change: Change | None  # his rating before and after, for a rated game


@dataclass(slots=True)
class Tally:
    games: int = 0
    wins: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(slots=True)
class Stats:
    games: int = 0
    decided: int = 0
    wins: int = 0
    survived: int = 0
    ranked: int = 0
    by_side: dict[str, Tally] = field(default_factory=dict)
    by_role: dict[str, Tally] = field(default_factory=dict)
    actions: list[tuple[str, int]] = field(default_factory=list)
    sources: Counter[str] = field(default_factory=Counter)


def history(user_id: int, games: list[Recorded], ladder: Ladder) -> list[Played]:
    """Newest first."""
    changes = {c.game_id: c for c in ladder.changes.get(user_id, [])}
    played = []
    for game in games:
        seat = next((s for s in game.outcome.seats if s.account == user_id), None)
        if seat is not None:
            played.append(Played(game, seat, changes.get(game.outcome.game_id)))
    return played[::-1]


def stats(played: list[Played], most: int = 5) -> Stats:
    result = Stats()
    used: Counter[str] = Counter()
    for item in played:
        outcome, seat = item.game.outcome, item.seat
        result.games += 1
        result.sources[outcome.source] += 1
        result.survived += seat.alive
        used.update(seat.actions)
        if not outcome.decided:
            continue
        result.decided += 1
        result.wins += seat.won
        result.ranked += item.game.rated
        for key, table in ((seat.team, result.by_side), (seat.initial_role, result.by_role)):
            tally = table.setdefault(key, Tally())
            tally.games += 1
            tally.wins += seat.won
    result.actions = sorted(used.items(), key=lambda kv: (-kv[1], kv[0]))[:most]
    result.by_side = dict(sorted(result.by_side.items(), key=lambda kv: (-kv[1].games, kv[0])))
    result.by_role = dict(sorted(result.by_role.items(), key=lambda kv: (-kv[1].games, kv[0])))
    return result
