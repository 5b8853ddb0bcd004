"""The single-process rate limits' memory storage: exact as the library's, its sweep cheap and bounded."""

from __future__ import annotations

import asyncio
import time

from limits import RateLimitItemPerSecond
from limits.aio.strategies import MovingWindowRateLimiter

from rankedmafia.server.memory_limits import SweptMemoryStorage


def test_a_moving_window_holds_exactly_with_thousands_of_keys() -> None:
    """3,000 keys (a busy site's seats) take their 5 places each, never a sixth; the library's own
    sweep (a task hopping to a thread per key) is never started."""
    storage = SweptMemoryStorage()
    limiter = MovingWindowRateLimiter(storage)
    item = RateLimitItemPerSecond(5, 60, namespace="t")

    async def run() -> list[int]:
        taken = [sum([await limiter.hit(item, f"seat{k}") for _ in range(7)]) for k in range(3000)]
        return taken

    taken = asyncio.run(run())
    assert taken == [5] * 3000
    assert storage.timer is None


def test_the_sweep_drops_what_expired_and_keeps_what_counts() -> None:
    storage = SweptMemoryStorage()
    limiter = MovingWindowRateLimiter(storage)
    short, long = RateLimitItemPerSecond(2, 1, namespace="s"), RateLimitItemPerSecond(2, 60, namespace="l")

    async def run() -> tuple[bool, bool]:
        await limiter.hit(short, "a")
        await limiter.hit(long, "b")
        storage.sweep(time.time() + 5)  # five seconds on: the one-second window's hit is gone
        assert [k for k in storage.events if "a" in k] == []
        assert [k for k in storage.events if "b" in k] != []
        return await limiter.hit(long, "b"), await limiter.hit(long, "b")

    assert asyncio.run(run()) == (True, False)
