"""The counts of a live game's AI seats, read from their kept turns (`Store.ai_turns`): per seat and for
the game, decisions, invalid answers, passes, time-outs, tokens and seconds (the replay's AI page)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(slots=True)
class Counts:
    decisions: int = 0
    invalid: int = 0
    passes: int = 0
    timeouts: int = 0
    posts: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0

    def add(self, turn: Mapping[str, Any]) -> None:
        self.decisions += 1
        self.invalid += int(turn.get("invalid", 0))
        self.passes += int(bool(turn.get("passed")))
        self.timeouts += int(bool(turn.get("timed_out")))
        self.posts += int(bool(turn.get("post")) and bool(turn.get("applied", True)))
        self.prompt_tokens += int(turn.get("prompt_tokens", 0))
        self.completion_tokens += int(turn.get("completion_tokens", 0))
        self.seconds += float(turn.get("seconds", 0.0))

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def ai_counts(turns: Iterable[Mapping[str, Any]]) -> tuple[dict[str, Counts], Counts]:
    """The counts per seat (in the order each first decided) and for the whole game."""
    seats: dict[str, Counts] = {}
    total = Counts()
    for turn in turns:
        seats.setdefault(str(turn["seat"]), Counts()).add(turn)
        total.add(turn)
    return seats, total
