"""Telegram's rate limits as a schedule: a call waits for its turn, it never fails for want of one.

One window for the whole bot (30 calls a second), one per group (20 messages a minute), a short spacing
within a chat, and a chat's pause when Telegram answers 429 (its `retry_after`). The windows slide: no
second (no minute, in a group) ever holds more calls than allowed, whatever the bursts.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
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


class Window:
    """At most `count` events in any `seconds`."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds + SLACK
        self.times: deque[float] = deque()

    def wait(self, now: float) -> float:
        while self.times and self.times[0] <= now - self.seconds:
            self.times.popleft()
        return 0.0 if len(self.times) < self.count else self.times[0] + self.seconds - now

    def take(self, now: float) -> None:
        self.times.append(now)


class Limiter:
    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.limits = limits
        self.clock = clock
        self.sleep = sleep
        self.everyone = Window(int(limits.per_second), 1.0) if limits.per_second > 0 else None
        self._groups: dict[int, Window] = {}
        self._not_before: dict[int, float] = {}  # a chat's next call: its spacing, or Telegram's retry_after
        self._all_not_before = 0.0  # a 429 without a chat (a button's answer): everyone waits

    def _group(self, chat_id: int) -> Window | None:
        if chat_id >= 0 or self.limits.per_group_minute <= 0:
            return None
        found = self._groups.get(chat_id)
        if found is None:
            found = self._groups[chat_id] = Window(self.limits.per_group_minute, 60.0)
        return found

    async def turn(self, chat_id: int | None) -> None:
        """Wait until a call to this chat (None: no chat, e.g. a button's answer) is within every limit, and
        count it. Waiting and counting have no await between them, so turns never overlap."""
        while (wait := self.wait(chat_id)) > 0:
            await self.sleep(wait)
        self.take(chat_id)

    def wait(self, chat_id: int | None) -> float:
        """How long a call to this chat must wait now (0: it may go)."""
        now = self.clock()
        group = None if chat_id is None else self._group(chat_id)
        return max(self.everyone.wait(now) if self.everyone else 0.0, self._all_not_before - now,
                   group.wait(now) if group else 0.0,
                   self._not_before.get(chat_id, 0.0) - now if chat_id is not None else 0.0)

    def take(self, chat_id: int | None) -> None:
        """Count a call that goes now (right after `wait` said 0, with no await between)."""
        now = self.clock()
        group = None if chat_id is None else self._group(chat_id)
        if self.everyone:
            self.everyone.take(now)
        if group:
            group.take(now)
        if chat_id is not None:
            interval = self.limits.group_interval if chat_id < 0 else self.limits.private_interval
            self._not_before[chat_id] = now + interval

    def pause(self, chat_id: int | None, seconds: float) -> None:
        """Telegram said 429: nothing more to this chat (to anyone, without one) for `seconds`."""
        until = self.clock() + seconds
        if chat_id is None:
            self._all_not_before = max(self._all_not_before, until)
            return
        self._not_before[chat_id] = max(self._not_before.get(chat_id, 0.0), until)
