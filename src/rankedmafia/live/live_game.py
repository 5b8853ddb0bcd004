"""A game as the server holds it: the log replayed into a `Game`, plus the host's state (deadlines,
pause, the seats' current holders). `apply_entry` is the only way anything changes, both when a command
is taken live and when a log is replayed, so a replay always rebuilds exactly the same game."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.setup import Setup, new_game
from rankedmafia.store import GameRow, LogEntry, SeatRow

ENGINE_COMMANDS = {"act", "withdraw", "vote"}
FOLLOW_UP_SECONDS = 120.0  # the reanimator's step, for games created before it was a setting


@dataclass(slots=True)
class LiveGame:
    row: GameRow
    seats: dict[str, SeatRow]  # by seat name, in joining order
    game: Game | None = None
    head: int = 0
    status: str = "lobby"  # lobby | running | paused | over
    deadline: float | None = None
    remaining: float | None = None  # while paused: the time the phase had left
    ended_by: str | None = None  # "victory" or "host"
    phase_started: float | None = None
    asking: tuple[str, ...] = ()  # the reanimator's step is open: those asked (tonight's dead are told)
    passed: set[str] = field(default_factory=set)  # asked, and chose to revive nobody
    sexes: dict[str, str] = field(default_factory=dict)  # seat name -> "m" | "f", as given when joining
    stale: bool = False  # evicted from the cache: rebuild before use
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _tentative: tuple[tuple[int, int], list[str]] | None = None  # a cache of `tentative()`

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def setup(self) -> Setup:
        return Setup.from_mapping(self.row.setup, self.row.setup.get("name", "setup"))

    def duration(self, kind: PhaseKind | str) -> float:
        key = "night_seconds" if PhaseKind(kind) is PhaseKind.NIGHT else "day_seconds"
        return float(self.row.options[key])

    def follow_up_duration(self) -> float:
        """The reanimator's step: a short deadline of its own."""
        return float(self.row.options.get("follow_up_seconds", FOLLOW_UP_SECONDS))

    def tentative(self) -> list[str]:
        """Who would die tonight with the actions sent so far: told to the reanimator only. A dry run of
        the night, cached while the game does not change."""
        game = self.game
        if game is None:
            return []
        key = (len(game.results), len(game.commands))
        if self._tentative is None or self._tentative[0] != key:
            self._tentative = (key, game.tentative_deaths())
        return list(self._tentative[1])

    def pending(self) -> list[str]:
        """While the reanimator's step is open: those asked who have neither acted nor passed."""
        if not self.asking or self.game is None:
            return []
        left = set(self.game.follow_up())
        return [name for name in self.asking if name in left and name not in self.passed]

    def names(self) -> list[str]:
        return [s.name for s in sorted(self.seats.values(), key=lambda s: s.idx)]

    def nickname(self, name: str) -> str:
        seat = self.seats.get(name)
        return seat.nickname if seat is not None else name

    def snapshot_state(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "head": self.head,
            "status": self.status,
            "deadline": self.deadline,
            "remaining": self.remaining,
            "ended_by": self.ended_by,
            "phase_started": self.phase_started,
            "asking": self.asking,
            "passed": sorted(self.passed),
            "sexes": dict(self.sexes),
        }

    def restore(self, state: dict[str, Any]) -> None:
        self.game = state["game"]
        self.head = state["head"]
        self.status = state["status"]
        self.deadline = state["deadline"]
        self.remaining = state["remaining"]
        self.ended_by = state["ended_by"]
        self.phase_started = state["phase_started"]
        self.asking = tuple(state.get("asking", ()))
        self.passed = set(state.get("passed", ()))
        self.sexes = dict(state.get("sexes", {}))


def apply_entry(live: LiveGame, kind: str, body: dict[str, Any], at: float) -> None:
    """Apply one log entry. Engine refusals (RuleViolation) leave everything unchanged."""
    if kind == "start":
        live.game = new_game(live.setup, body["names"], live.row.seed, live.row.options.get("chance", "seeded"),
                             sexes={**live.sexes, **(body.get("sexes") or {})} or None)
        live.status, live.deadline, live.phase_started = "running", body["deadline"], at
    elif kind in ENGINE_COMMANDS:
        _engine(live).apply(body)
    elif kind == "resolve":
        game = _engine(live)
        game.resolve()
        live.deadline, live.phase_started = body.get("deadline"), at
        live.asking, live.passed = (), set()
        if game.over:
            live.status, live.ended_by, live.deadline = "over", "victory", None
    elif kind == "follow_up":  # the reanimator's step opens, with its own deadline
        live.asking, live.passed, live.deadline = tuple(body["names"]), set(), body["deadline"]
    elif kind == "pass":  # asked, he revives nobody
        live.passed.add(body["actor"])
    elif kind == "extend":
        live.deadline = body["deadline"]
    elif kind == "pause":
        live.status, live.remaining, live.deadline = "paused", body["remaining"], None
    elif kind == "resume":
        live.status, live.remaining, live.deadline = "running", None, body["deadline"]
    elif kind == "replace":
        seat = live.seats.get(body["name"])
        if seat is not None:
            live.seats[seat.name] = SeatRow(seat.name, seat.idx, body["nickname"], seat.token_hash, seat.joined_at)
    elif kind == "sex":  # given when joining, before the deal
        live.sexes[body["name"]] = body["sex"]
    elif kind == "end":
        live.status, live.ended_by, live.deadline = "over", live.ended_by or "host", None
    else:
        raise ValueError(f"unknown log entry {kind!r}")


def replay(live: LiveGame, entries: list[LogEntry]) -> None:
    for entry in entries:
        apply_entry(live, entry.type, entry.body, entry.at)
        live.head = entry.seq


def _engine(live: LiveGame) -> Game:
    if live.game is None:
        raise ValueError("the game has not started")
    return live.game


def public_votes(game: Game) -> dict[str, str]:
    """Today's votes, voter -> name | blue. Votes are cast openly in the thread (the day's `votes` event
    publishes them all); only their weights are secret, and they are never shown."""
    if game.over:
        return {}
    alive = set(game.alive())
    return {voter: choice for voter, choice in game.votes().items() if voter in alive}


def vote_counts(game: Game) -> dict[str, int]:
    counts: dict[str, int] = {}
    for choice in public_votes(game).values():
        counts[choice] = counts.get(choice, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0] == BLUE, kv[0])))


def majority(game: Game) -> bool:
    """More than half of the living have voted for the same choice (a name or blue), counting heads."""
    alive = len(game.alive())
    return any(count * 2 > alive for count in vote_counts(game).values())
