"""The rate limiter on a simulated clock: no second holds more than the global rate, no minute more than a
group's, a chat's spacing and Telegram's retry_after are kept, and every call gets its turn."""

from __future__ import annotations

import asyncio
import heapq
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.telegram.limits import SLACK, Limiter, Limits


class Clock:
    """Virtual time: when every task waits, it jumps to the earliest wake-up."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self.count = itertools.count()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.sleepers, (self.now + seconds, next(self.count), future))
        await future

    async def drive(self, until: asyncio.Future[object]) -> None:
        while not until.done():
            for _ in range(10):  # every task runs until it sleeps
                await asyncio.sleep(0)
            if self.sleepers:
                at, _, future = heapq.heappop(self.sleepers)
                self.now = max(self.now, at)
                future.set_result(None)


def most_in(times: list[float], seconds: float) -> int:
    times = sorted(times)
    most, start = 0, 0
    for end, at in enumerate(times):
        while times[start] <= at - seconds:
            start += 1
        most = max(most, end - start + 1)
    return most


def run(limits: Limits, chats: list[int | None], clock: Clock) -> dict[int | None, list[float]]:
    """Every call in its own task, all at once (as a deal's messages): when each got its turn."""
    limiter = Limiter(limits, clock, clock.sleep)
    turns: dict[int | None, list[float]] = {}

    async def one(chat: int | None) -> None:
        turn = await limiter.turn(chat)
        turns.setdefault(chat, []).append(clock.now)
        await clock.sleep(0.01)  # Telegram's answer takes a while
        turn.done()

    async def main() -> None:
        everyone = asyncio.gather(*(one(c) for c in chats))
        await clock.drive(everyone)
        await everyone

    asyncio.run(main())
    return turns


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([-1, -2, 5, 6, 7, None]), min_size=1, max_size=120))
def test_no_window_holds_more_than_allowed(chats: list[int | None]) -> None:
    clock = Clock()
    turns = run(Limits(per_second=30, per_group_minute=20, private_interval=0.0, group_interval=0.0), chats, clock)
    assert sum(len(t) for t in turns.values()) == len(chats)  # every call got its turn
    assert most_in([t for ts in turns.values() for t in ts], 1.0 + SLACK) <= 29  # one place left to aiogram
    for group in (-1, -2):
        assert most_in(turns.get(group, []), 60.0 + SLACK) <= 20


def test_a_group_waits_a_minute_past_its_twentieth_message_and_spacing_holds() -> None:
    clock = Clock()
    turns = run(Limits(per_second=30, per_group_minute=20, private_interval=0.05, group_interval=1.0),
                [-1] * 21 + [5] * 3, clock)
    group = sorted(turns[-1])
    assert all(b - a >= 1.0 for a, b in itertools.pairwise(group))
    assert group[20] - group[0] >= 60.0
    private = sorted(turns[5])
    assert private[0] < 1.0 and all(b - a >= 0.05 for a, b in itertools.pairwise(private))


def test_retry_after_pauses_the_chat_alone() -> None:
    clock = Clock()
    limiter = Limiter(Limits(per_second=30, group_interval=0.0, private_interval=0.0), clock, clock.sleep)

    async def calls() -> tuple[float, float]:
        (await limiter.turn(-1)).done()
        limiter.pause(-1, 7)
        (await limiter.turn(5)).done()
        other = clock.now
        (await limiter.turn(-1)).done()
        return other, clock.now

    async def main() -> tuple[float, float]:
        task = asyncio.ensure_future(calls())
        await clock.drive(task)
        return await task

    other, again = asyncio.run(main())
    assert other < 1.0 and again >= 7.0
