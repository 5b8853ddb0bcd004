"""Telegram's rate limits as a schedule: a call waits for its turn, it never fails for want of one.

One window for the whole bot (30 calls a second), one per group (20 messages a minute), a short spacing
within a chat, and a chat's pause when Telegram answers 429 (its `retry_after`). The windows slide: no
second (no minute, in a group) ever holds more calls than allowed, whatever the bursts.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

# The bot counts a call when it starts, Telegram when it arrives: a little slack keeps the two apart.
SLACK = 0.05


@dataclass(frozen=True, slots=True)
class Limits:
    per_second: float = 30.0  # calls a second, all chats together (0: no limit)
    per_group_minute: int = 20  # messages a minute in one group (0: no limit)
    private_interval: float = 0.05  # between two messages to one person
    group_interval: float = 1.0  # between two messages to one group


DEFAULT_LIMITS = Limits()


IN_FLIGHT = math.inf
POLL = 0.02  # how often a window full of calls still in flight is looked at again


class Slot:
    """A call's place in a window: from its start until `seconds` after its answer. Telegram counts the
    call when it arrives, somewhere between the two: so no window of Telegram's holds more than ours."""

    __slots__ = ("end",)

    def __init__(self) -> None:
        self.end = IN_FLIGHT


class Window:
    """At most `count` calls in any `seconds`."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds + SLACK
        self.slots: list[Slot] = []

    def wait(self, now: float, reserve: int = 0) -> float:
        """0 if a call may start now, leaving `reserve` places free; else how long to wait."""
        self.slots = [s for s in self.slots if s.end > now - self.seconds]
        allowed = max(1, self.count - reserve)
        if len(self.slots) < allowed:
            return 0.0
        ends = sorted(s.end for s in self.slots)
        end = ends[len(self.slots) - allowed]  # once this one has left the window, there is a place
        return POLL if end == IN_FLIGHT else max(end + self.seconds - now, 1e-3)

    def take(self) -> Slot:
        slot = Slot()
        self.slots.append(slot)
        return slot


@dataclass(slots=True)
class Turn:
    """A call's places in the windows it counts in; `done` when Telegram has answered it."""

    slots: list[Slot]
    clock: Callable[[], float]

    def done(self) -> None:
        now = self.clock()
        for slot in self.slots:
            slot.end = min(slot.end, now)


class Limiter:
    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.limits = limits
        self.clock = clock
        self.sleep = sleep
        # One place of every second is left to aiogram's own call as polling starts (its getMe).
        self.everyone = Window(max(1, int(limits.per_second) - 1), 1.0) if limits.per_second > 0 else None
        self._groups: dict[int, Window] = {}
        self._not_before: dict[int, float] = {}  # a chat's next call: its spacing, or Telegram's retry_after
        self._all_not_before = 0.0  # a 429 without a chat (a button's answer): everyone waits
        self.taken: list[tuple[int, float]] = []  # the groups' calls not yet kept (`counts.KeptCounts`)
        # A group's news waits for a place in the bot's second: every other call stands back until it has
        # gone (else the places freed one by one go to whichever call looks first: answers, edits, players'
        # messages; a busy bot made the news wait seconds so).
        self.news_waiting = False

    def _group(self, chat_id: int) -> Window | None:
        if chat_id >= 0 or self.limits.per_group_minute <= 0:
            return None
        found = self._groups.get(chat_id)
        if found is None:
            found = self._groups[chat_id] = Window(self.limits.per_group_minute, 60.0)
        return found

    async def turn(self, chat_id: int | None, reserve: int = 0, share: int = 0) -> Turn:
        """Wait until a call to this chat (None: no chat, e.g. a button's answer) is within every limit, and
        count it (`done` it when answered). Waiting and counting have no await between them."""
        while (wait := self.wait(chat_id, reserve, share)) > 0:
            await self.sleep(wait)
        return self.take(chat_id)

    def wait(self, chat_id: int | None, reserve: int = 0, share: int = 0) -> float:
        """How long a call to this chat must wait now (0: it may go). `reserve`: places of the group's
        minute left for others (a live tally yields to the news); `share`: places of the bot's second."""
        return max(self.wait_all(share), self.wait_own(chat_id, reserve))

    def wait_own(self, chat_id: int | None, reserve: int = 0) -> float:
        """The chat's own limits: its group's minute, its spacing, a 429's pause (0: none holds it)."""
        return max(self._own(chat_id, reserve).values())

    def wait_all(self, share: int = 0, news: bool = False) -> float:
        """The bot's second, leaving `share` places to others; while a group's news waits for a place
        (`news_waiting`), only the news may take one."""
        if self.news_waiting and not news:
            return POLL
        return self.everyone.wait(self.clock(), share) if self.everyone else 0.0

    def why(self, chat_id: int | None, reserve: int = 0) -> str:
        """Which of the chat's own limits a call waits for (the trace's detail)."""
        return ",".join(f"{name}={wait:.2f}" for name, wait in self._own(chat_id, reserve).items() if wait > 0)

    def _own(self, chat_id: int | None, reserve: int) -> dict[str, float]:
        """Each of the chat's own limits: how long it holds a call now."""
        now = self.clock()
        group = None if chat_id is None else self._group(chat_id)
        return {"all-paused": self._all_not_before - now,
                "minute": group.wait(now, reserve) if group else 0.0,
                "spacing": self._not_before.get(chat_id, 0.0) - now if chat_id is not None else 0.0}

    def take(self, chat_id: int | None) -> Turn:
        """Count a call that goes now (right after `wait` said 0, with no await between)."""
        now = self.clock()
        group = None if chat_id is None else self._group(chat_id)
        slots = [window.take() for window in (self.everyone, group) if window is not None]
        if group is not None and chat_id is not None:
            self.taken.append((chat_id, now))
        if chat_id is not None:
            interval = self.limits.group_interval if chat_id < 0 else self.limits.private_interval
            self._not_before[chat_id] = now + interval
        return Turn(slots, self.clock)

    def seed(self, chat_id: int, at: float) -> None:
        """A group's call made before this process started (`at` on this limiter's clock): it counts in the
        group's minute as if made here."""
        group = self._group(chat_id)
        if group is not None:
            slot = group.take()
            slot.end = at

    def pause(self, chat_id: int | None, seconds: float) -> None:
        """Telegram said 429: nothing more to this chat (to anyone, without one) for `seconds`."""
        until = self.clock() + seconds
        if chat_id is None:
            self._all_not_before = max(self._all_not_before, until)
            return
        self._not_before[chat_id] = max(self._not_before.get(chat_id, 0.0), until)
