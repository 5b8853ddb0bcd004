"""A finished game replayed from its log, phase by phase: step 0 is the deal, step k the game as it stood
right after its k-th phase was resolved (the last step: the end). Built by the same `apply_entry` as the
live game, on a fresh copy: the live game is never touched."""

from __future__ import annotations

from rankedmafia.live.live_game import LiveGame, apply_entry
from rankedmafia.store import GameRow, LogEntry, SeatRow


def steps(entries: list[LogEntry]) -> int:
    """How many steps a replay has: the deal, then one per resolved phase."""
    return 1 + sum(1 for entry in entries if entry.type == "resolve")


def replay_to(row: GameRow, seats: dict[str, SeatRow], entries: list[LogEntry], step: int) -> LiveGame:
    """The game after `step` resolved phases, its clock stopped (a replay has no deadline)."""
    last = steps(entries) - 1
    step = max(0, min(step, last))
    upto = len(entries)
    if step < last:
        resolves = [i for i, entry in enumerate(entries) if entry.type == "resolve"]
        upto = resolves[step - 1] + 1 if step else next(
            (i + 1 for i, entry in enumerate(entries) if entry.type == "start"), 0)
    live = LiveGame(row, dict(seats))
    for entry in entries[:upto]:
        apply_entry(live, entry.type, entry.body, entry.at)
        live.head = entry.seq
    live.deadline, live.remaining = None, None
    return live
