"""A game as the server holds it: the log replayed into a `Game`, plus the host's state (deadlines,
pause, the seats' current holders). `apply_entry` is the only way anything changes, both when a command
is taken live and when a log is replayed, so a replay always rebuilds exactly the same game."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from rankedmafia.live.ai_seats import AI_PREFIX
from rankedmafia.rules.game import FollowUp, Game
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.script import new_game as script_game
from rankedmafia.setup import Setup, new_game
from rankedmafia.store import GameRow, LogEntry, SeatRow

# the Game's commands; "pass" is the decline as the log wrote it before the Game held the follow-up step
ENGINE_COMMANDS = {"act", "withdraw", "vote", "decline", "pass"}
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
    ended_by: str | None = None  # "victory", "stalemate" (nobody won: victory.STALEMATE) or "host"
    phase_started: float | None = None
    sexes: dict[str, str] = field(default_factory=dict)  # seat name -> "m" | "f", as given when joining
    # seat name -> the policy a bot plays it with, or "ai:<agent>" for an AI seat (the start's)
    bots: dict[str, str] = field(default_factory=dict)
    turn_started: float | None = None  # when the present turn opened: the phase, or the follow-up step
    # a person's seat -> the phases in a row in which he could act or vote and sent nothing (live/absence.py)
    missed: dict[str, int] = field(default_factory=dict)
    absent: list[str] = field(default_factory=list)  # seats a bot took over from an absent player
    muted: set[str] = field(default_factory=set)  # seats the host closed the thread to (live/moderation.py)
    stale: bool = False  # evicted from the cache: rebuild before use
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def setup(self) -> Setup:
        return Setup.from_mapping(self.row.setup, self.row.setup.get("name", "setup"))

    @property
    def by_hand(self) -> bool:
        """A forum game on the host's desk (live/desk.py): its phases end only when the host says so."""
        return self.row.options.get("kind") == "desk"

    def duration(self, kind: PhaseKind | str) -> float:
        key = "night_seconds" if PhaseKind(kind) is PhaseKind.NIGHT else "day_seconds"
        return float(self.row.options[key])

    def follow_up_duration(self) -> float:
        """The reanimator's step: a short deadline of its own."""
        return float(self.row.options.get("follow_up_seconds", FOLLOW_UP_SECONDS))

    @property
    def following(self) -> bool:
        """The Game's follow-up step is open: the night is being resolved, the others' actions closed."""
        return self.game is not None and self.game.follow_up_open and self.status != "over"

    def asked(self) -> FollowUp | None:
        """Whom the Game's follow-up step asks now, what he is told and what he may send."""
        return self.game.follow_up_step() if self.game is not None else None

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
            "sexes": dict(self.sexes),
            "bots": dict(self.bots),
            "turn_started": self.turn_started,
            "missed": dict(self.missed),
            "absent": list(self.absent),
            "muted": sorted(self.muted),
        }

    def restore(self, state: dict[str, Any]) -> None:
        self.game = state["game"]
        self.head = state["head"]
        self.status = state["status"]
        self.deadline = state["deadline"]
        self.remaining = state["remaining"]
        self.ended_by = state["ended_by"]
        self.phase_started = state["phase_started"]
        self.sexes = dict(state.get("sexes", {}))
        self.bots = dict(state.get("bots", {}))
        self.turn_started = state.get("turn_started", self.phase_started)
        self.missed = dict(state.get("missed", {}))
        self.absent = list(state.get("absent", []))
        self.muted = set(state.get("muted", []))

    def is_bot(self, name: str) -> bool:
        """A seat filled by a bot or an AI player at the start, a seat no person holds (public: the player
        list says so)."""
        return name in self.bots

    def ai_agent(self, name: str) -> str | None:
        """The agent that plays this seat, if an AI player took it at the start (ai/live.py drives it)."""
        kind = self.bots.get(name, "")
        return kind[len(AI_PREFIX):] if kind.startswith(AI_PREFIX) else None

    def ai_seats(self) -> dict[str, str]:
        """Seat name -> agent, for the AI seats."""
        return {name: kind[len(AI_PREFIX):] for name, kind in self.bots.items() if kind.startswith(AI_PREFIX)}


def apply_entry(live: LiveGame, kind: str, body: dict[str, Any], at: float) -> None:
    """Apply one log entry. Engine refusals (RuleViolation) leave everything unchanged."""
    if kind == "start" and "script" in body:  # a deal made elsewhere (a forum host's save opened on the desk)
        live.game = script_game(body["script"])
        live.status, live.deadline, live.phase_started = "running", body["deadline"], at
        live.bots = dict(body.get("bots") or {})  # an arena's game: the seats its agents held
    elif kind == "start":
        live.game = new_game(live.setup, body["names"], live.row.seed, live.row.options.get("chance", "seeded"),
                             sexes={**live.sexes, **(body.get("sexes") or {})} or None)
        live.status, live.deadline, live.phase_started = "running", body["deadline"], at
        live.bots, live.turn_started = dict(body.get("bots") or {}), at
    elif kind in ENGINE_COMMANDS:
        _engine(live).apply(body)
    elif kind == "resolve":
        game = _engine(live)
        count_missed(live, game)
        game.resolve()
        live.deadline, live.phase_started, live.turn_started = body.get("deadline"), at, at
        if game.over:  # a side won, or nothing changed for long enough: a stalemate (RULINGS.md)
            live.status, live.ended_by, live.deadline = "over", game.ended or "victory", None
    elif kind == "follow_up":  # the Game's follow-up step opens, with its own short deadline
        _engine(live).apply(body)
        live.deadline, live.turn_started = body["deadline"], at
    elif kind == "extend":
        live.deadline = body["deadline"]
    elif kind == "pause":
        live.status, live.remaining, live.deadline = "paused", body["remaining"], None
    elif kind == "resume":
        live.status, live.remaining, live.deadline = "running", None, body["deadline"]
        live.turn_started = at  # a bot's pause starts again after the host's
    elif kind == "replace":
        seat = live.seats.get(body["name"])
        if seat is not None:
            live.seats[seat.name] = SeatRow(seat.name, seat.idx, body["nickname"], seat.token_hash, seat.joined_at)
            live.bots.pop(seat.name, None)  # a person took the bot's seat
    elif kind == "absent":  # a bot plays the seats of players absent too long (live/absence.py)
        for name in body["names"]:
            live.bots[name] = body["policy"]
            live.missed.pop(name, None)
            if name not in live.absent:
                live.absent.append(name)
    elif kind == "mute":  # the host closes the thread to a player, or opens it again
        (live.muted.add if body["on"] else live.muted.discard)(body["name"])
    elif kind == "sex":  # given when joining, before the deal
        live.sexes[body["name"]] = body["sex"]
    elif kind == "end":
        if live.game is not None and not live.game.over:
            live.game.end_by_host()  # the Game knows it ended with no winner: its record says so
        live.status, live.ended_by, live.deadline = "over", live.ended_by or "host", None
    else:
        raise ValueError(f"unknown log entry {kind!r}")


def count_missed(live: LiveGame, game: Game) -> None:
    """As a phase ends: each person the Game still waited for (`Game.awaiting`: he could act or vote and sent
    nothing) has missed one more phase in a row; each who sent something starts again from none. A phase in
    which he had nothing to send changes nothing."""
    if game.over:
        return
    waited = set(game.awaiting())
    sent = set(game.state.acts) if game.phase.kind is PhaseKind.NIGHT else set(game.state.votes)
    for name in game.alive():
        if name in live.bots:
            continue
        if name in waited:
            live.missed[name] = live.missed.get(name, 0) + 1
        elif name in sent:
            live.missed.pop(name, None)


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
