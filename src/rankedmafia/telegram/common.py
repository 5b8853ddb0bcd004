"""What the conductor's parts share: the phases' durations, a press's answer, a phase's key, keyboards."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from rankedmafia.live.commands import Build, Outcome, phase_key
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.service import GameService
from rankedmafia.telegram import forms
from rankedmafia.telegram.delivery import Delivery
from rankedmafia.telegram.outbox import Markup
from rankedmafia.telegram.store import Batch, ChatRow, Key, TgSeat, TgStore
from rankedmafia.telegram.texts import Html, say


@dataclass(frozen=True, slots=True)
class Timing:
    registration: int = 300
    extend: int = 120
    night: int = 120
    day: int = 300
    follow_up: int = 60


DEFAULT_TIMING = Timing()


class Context(Protocol):
    """What the conductor's parts use of it (the conductor is the one that implements it)."""

    service: GameService
    tg: TgStore
    delivery: Delivery
    username: str
    timing: Timing
    clock: Callable[[], float]

    async def chat(self, chat_id: int) -> ChatRow: ...
    async def lang(self, chat_id: int) -> str: ...
    def link(self, game_id: str) -> str: ...
    def lock(self, game_id: str) -> asyncio.Lock: ...
    def nudge(self, game_id: str) -> None: ...
    async def commit(self, batch: Batch) -> None: ...
    async def seats_of(self, game_id: str, fixed: bool) -> list[TgSeat]: ...


@dataclass(slots=True)
class Answer:
    """What a button press or command gets back: a short notice, maybe as an alert; and what follows it
    (`then`), done once the press has been answered."""

    text: str | None = None
    alert: bool = False
    then: Callable[[], Awaitable[None]] | None = None


class PhaseEnded(Refusal):
    """A button of a phase that has ended: refused in words, never taken as the next phase's."""

    def __init__(self, phase: str) -> None:
        super().__init__("phase_ended", phase=phase)
        self.phase = phase


def phase_ended_words(phase: str, lang: str) -> Html:
    """«Этот день уже закончился — голос не принят.» / «Эта ночь уже закончилась — ход не принят.»"""
    return say(lang, "day_over" if phase.startswith("day") else "night_over")


def in_phase(phase: str, build: Build) -> Build:
    """The command only if its phase (the one its sender saw) is still the game's, checked under the game's
    lock with the command itself: a phase that ends meanwhile refuses it (`PhaseEnded`)."""
    def guarded(live: LiveGame, now: float) -> Outcome:
        if phase_key(live) != phase or live.status != "running":
            raise PhaseEnded(phase)
        return build(live, now)

    return guarded


def markup_of(rows: list[list[forms.Button]], key_id: str) -> Markup:
    """The buttons, each carrying only `key:index` (or its link)."""
    out, i = [], 0
    for row in rows:
        line = []
        for button in row:
            if "url" in button.state:
                line.append({"text": button.label, "url": button.state["url"]})
            else:
                line.append({"text": button.label, "callback_data": f"{key_id}:{i}"})
            i += 1
        out.append(line)
    return out


def keyboard(tg: TgStore, game_id: str, user_id: int | None, rows: list[list[forms.Button]],
             data: dict[str, Any], once: bool = True) -> tuple[Key, Markup]:
    """A keyboard not stored yet (it goes with the change that shows it) and its buttons: what each does
    is kept behind an opaque key, whose (None: anyone's, e.g. the vote), pressed once or many times."""
    states = [b.state for row in rows for b in row]
    key = tg.new_key(game_id, user_id, {**data, "once": once, "buttons": states})
    return key, markup_of(rows, key.id)
