"""Delivering the outbox: per chat, its due rows by priority, one at a time.

Each chat's rows are a priority queue: a phase's news (its results, the next phase's opening, the vote's
message, the end) before anything else waiting for that chat; then the vote's final tally and its first
buttons; then the rest in the order written; a live tally last. The queue is read again before every
call, and a row waiting for its turn (a group's minute full) gives way as soon as news is written for its
chat: nothing sent holds the news up. An edit's row holds only its newest text, so a tally superseded
while it waited is never sent; the final tally replaces the live one in the same row.

A new message is sent by one chat at a time for the whole bot (the gate), and marked with Telegram's
answer (its id) before the gate opens for the next: a bot killed at any moment sends again only the one
message that was in flight. The gate's turn goes by the rows' order (`rank`: news first, then as written,
whatever the chat); the holder keeps it while the bot's second is full, and a group's news waiting for a
place in it makes every other call stand back (`Limiter.news_waiting`): under load the places freed one
by one went to whichever call looked first, and a group's news waited seconds. Edits, which a repeat
leaves as they were, go beside it. An edit goes once the message it edits has been sent. A chat's own
limits are waited for outside the gate: a group waiting for its minute holds nobody up.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import time
from collections.abc import AsyncIterator, Iterable

from rankedmafia.telegram import trace
from rankedmafia.telegram.outbox import Intent, Outbox, Row
from rankedmafia.telegram.sender import Sender

log = logging.getLogger("rankedmafia.telegram")
AFTER_FAILURE = 1.0  # seconds before a chat whose delivery failed unexpectedly is tried again
LIVE_RESERVE = 5  # places of a group's minute a live tally leaves to the news (coalesced, it loses nothing)
LIVE_SHARE = 10  # places of the bot's second a live tally leaves to everything else
NEWS_SHARE = 4  # places of the bot's second the outbox's other rows leave to a group's news


class Delivery:
    def __init__(self, sender: Sender, outbox: Outbox) -> None:
        self.sender = sender
        self.outbox = outbox
        self._gate = Gate()
        # Edits delivered, their marks not yet committed (row id -> version): an edit sent again is harmless,
        # so its mark is not waited for; meanwhile it is not sent again.
        self._marking: dict[int, int] = {}
        self._marks: set[asyncio.Task[None]] = set()
        self._pushed: dict[str, str] = {}  # edits delivered at once (key -> body), their rows not yet marked
        self._push_locks: dict[int, asyncio.Lock] = {}
        self._due: set[int] = set()
        self._running: dict[int, asyncio.Task[None]] = {}
        self._woken: dict[int, asyncio.Event] = {}  # a chat's task waiting for its turn, woken by new rows
        self._attempts: dict[int, int] = {}  # a row's tries so far (a growing pause after network errors)
        self._stopped = False

    def stop(self) -> None:
        """This process leads no more (its lease is lost): nothing more is sent from here."""
        self._stopped = True
        for task in [*self._running.values(), *self._marks]:
            task.cancel()

    def wake(self, chats: Iterable[int]) -> None:
        """New rows were committed for these chats: deliver them (one task per chat, by priority)."""
        if self._stopped:
            return
        loop = asyncio.get_running_loop()
        for chat_id in chats:
            self._due.add(chat_id)
            event = self._woken.get(chat_id)
            if event is not None:
                event.set()
            if chat_id not in self._running:
                self._running[chat_id] = loop.create_task(self._drain(chat_id))

    async def resume(self) -> None:
        """On start: whatever was due when the bot stopped."""
        self.wake(await self.outbox.pending_chats())

    async def idle(self) -> None:
        while self._running or self._marks:
            await asyncio.gather(*list(self._running.values()), *list(self._marks), return_exceptions=True)

    async def _drain(self, chat_id: int) -> None:
        try:
            while chat_id in self._due:
                self._due.discard(chat_id)
                try:
                    await self._round(chat_id)
                except Exception:
                    log.exception("delivery to %s failed; trying again", chat_id)
                    await asyncio.sleep(AFTER_FAILURE)
                    self._due.add(chat_id)
        finally:
            self._running.pop(chat_id, None)
            self._woken.pop(chat_id, None)

    async def _round(self, chat_id: int) -> None:
        """The chat's due rows by priority, until a call must wait: then wait for its turn or for news,
        whichever comes first, and look at the queue again."""
        self._woken.setdefault(chat_id, asyncio.Event()).clear()  # set by any row written from now on
        rows = sorted((r for r in await self.outbox.claim(chat_id)
                       if self._marking.get(r.id, 0) < r.version and self._pushed.get(r.key) != r.body()), key=rank)
        blocked = False
        for row in rows:
            if chat_id in self._due:  # newer rows: the queue is read again, news first
                return
            wait = await self._deliver(row)
            if wait is None:  # its message is not out yet: the others go, it is looked at again
                blocked = True
                continue
            if wait > 0:
                self._due.add(chat_id)
                await self._nap(chat_id, wait)
                return
        if blocked:
            self._due.add(chat_id)
            await self._nap(chat_id, AFTER_FAILURE / 10)

    async def _nap(self, chat_id: int, seconds: float) -> None:
        """Sleep `seconds`, or less if rows are written for this chat meanwhile (`wake`)."""
        event = self._woken.setdefault(chat_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), seconds)

    async def _deliver(self, row: Row) -> float | None:
        """One try: 0 when done; seconds to wait before its turn comes; None: its message is not out yet."""
        if row.op == "send":
            return await self._send(row)
        if row.op == "edit":
            message_id = row.message_id
            if message_id is None and row.target is not None:
                settled, message_id = await self.outbox.target(row.target)
                if not settled:
                    return None
            if message_id is not None:
                # A live tally leaves room for the news, in its group's minute and in the bot's second.
                live = rank(row)[0] == LIVE
                wait = self.sender.limiter.wait(row.chat_id, LIVE_RESERVE if live else 0,
                                                LIVE_SHARE if live else NEWS_SHARE)
                if wait > 0:
                    return wait
                self._attempts[row.id] = attempt = self._attempts.get(row.id, 0) + 1
                turn = self.sender.limiter.take(row.chat_id)
                try:
                    posted = await self.sender.change_once(row.chat_id, message_id, row.text, row.markup, attempt)
                finally:
                    turn.done()
                if not posted.settled:
                    return posted.retry or 1e-3
                self._attempts.pop(row.id, None)
            self._mark(row)
            return 0.0
        if row.op in ("pin", "unpin"):
            assert row.target is not None
            settled, message_id = await self.outbox.target(row.target)
            if not settled:
                return None
            if message_id is not None:
                # A pin leaves room for the news as a live tally does, and waits outside the chat's call:
                # news written meanwhile go before it.
                wait = self.sender.limiter.wait(row.chat_id, LIVE_RESERVE, NEWS_SHARE)
                if wait > 0:
                    return wait
                await self.sender.pin(row.chat_id, message_id, row.op == "pin")
            await self.outbox.done(row, None)
            return 0.0
        if row.op == "kick":
            assert row.message_id is not None
            await self.sender.kick(row.chat_id, row.message_id)
            await self.outbox.done(row, None)
        return 0.0

    def push(self, intent: Intent) -> None:
        """A press's next screen, just committed: delivered at once, without reading the outbox back (its
        message is out, nothing in its chat need come first). Its row is marked after; were the bot to die
        before, the restart would edit the message again, to what it already shows."""
        assert intent.op == "edit" and intent.message_id is not None
        body = intent.body()
        self._pushed[intent.key] = body

        async def deliver() -> None:
            try:
                async with self._push_locks.setdefault(intent.chat_id, asyncio.Lock()):  # presses in order
                    assert intent.message_id is not None
                    await self.sender.change(intent.chat_id, intent.message_id, intent.text, intent.markup)
                await self.outbox.done_edit(intent.key, body)
            except Exception:
                log.exception("a screen for %s failed; left to the outbox", intent.chat_id)
                self.wake([intent.chat_id])
            finally:
                if self._pushed.get(intent.key) == body:
                    del self._pushed[intent.key]

        task = asyncio.get_running_loop().create_task(deliver())
        self._marks.add(task)
        task.add_done_callback(self._marks.discard)

    def _mark(self, row: Row) -> None:
        self._marking[row.id] = row.version

        async def mark() -> None:
            try:
                await self.outbox.done(row, None)
            finally:
                if self._marking.get(row.id) == row.version:
                    del self._marking[row.id]

        task = asyncio.get_running_loop().create_task(mark())
        self._marks.add(task)
        task.add_done_callback(self._marks.discard)

    async def _send(self, row: Row) -> float:
        limiter = self.sender.limiter
        order = rank(row)
        news = order[0] == NEWS
        share = 0 if news else NEWS_SHARE
        asked = time.monotonic()
        async with self._gate.turn(order):
            entered = time.monotonic()
            trace.event("gate", row.chat_id, entered - asked, row.purpose())
            try:
                # The chat's own limits (its group's minute, its spacing) let the next in line go; the bot's
                # second is everyone's, so the turn is kept while it is full (the next could not go either),
                # unless a row before this one in the gate's order comes meanwhile.
                while (wait := limiter.wait_own(row.chat_id)) <= 0:
                    second = limiter.wait_all(share, news)
                    if second <= 0:
                        break
                    if self._gate.better_waiting(order):
                        return 1e-3
                    limiter.news_waiting = news
                    await self._gate.hold(order, second)
                else:
                    if trace.enabled:
                        trace.event("wait", row.chat_id, wait, f"{row.purpose()} {limiter.why(row.chat_id)}")
                    return wait
            finally:
                if news:
                    limiter.news_waiting = False
            turn = limiter.take(row.chat_id)
            self._attempts[row.id] = attempt = self._attempts.get(row.id, 0) + 1
            try:
                posted = await self.sender.post_once(row.chat_id, row.text, row.markup, attempt)
            finally:
                turn.done()
            sent = time.monotonic()
            trace.event("sent", row.chat_id, sent - entered, row.purpose())
            if posted.settled:
                self._attempts.pop(row.id, None)
                await self.outbox.done(row, posted.message_id)
                trace.event("marked", row.chat_id, time.monotonic() - sent, row.purpose())
                return 0.0
        return posted.retry or 1e-3


Order = tuple[int, int]  # a row's place: its priority, then the order it was written in (`rank`)


class Gate:
    """One new message in flight for the whole bot at a time; those waiting go in the order of their rows
    (`rank`: a group's news first, then by when each was written), so that at a phase's end the groups hear
    it before the players' own results and keyboards, and no message waits behind ones written after it."""

    def __init__(self) -> None:
        self._busy = False
        self._waiting: list[tuple[Order, int, asyncio.Future[None]]] = []
        self._count = itertools.count()
        self._arrived: asyncio.Event | None = None  # the holder's `hold`, woken when somebody queues

    @contextlib.asynccontextmanager
    async def turn(self, order: Order) -> AsyncIterator[None]:
        if self._busy:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (order, next(self._count), future))
            if self._arrived is not None:
                self._arrived.set()
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():  # handed the turn as it was cancelled: pass it on
                    self._leave()
                raise
        else:
            self._busy = True
        try:
            yield
        finally:
            self._leave()

    def better_waiting(self, order: Order) -> bool:
        """Whether a row that goes before `order` waits for the turn."""
        while self._waiting and self._waiting[0][2].done():  # cancelled while waiting
            heapq.heappop(self._waiting)
        return bool(self._waiting) and self._waiting[0][0] < order

    async def hold(self, order: Order, seconds: float) -> None:
        """The holder waits (`seconds` at most) with the turn, until a row that goes before it queues."""
        event = self._arrived = asyncio.Event()
        try:
            if not self.better_waiting(order):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), seconds)
        finally:
            if self._arrived is event:
                self._arrived = None

    def _leave(self) -> None:
        while self._waiting:
            future = heapq.heappop(self._waiting)[2]
            if not future.done():
                future.set_result(None)  # the turn passes straight to it: the gate stays busy
                return
        self._busy = False


NEWS, FIRST, OTHER, LIVE = range(4)
NEWS_PURPOSES = frozenset({"started", "results", "start", "vote", "over"})


def rank(row: Row) -> Order:
    """A row's place in its chat's queue: its priority, then the order it was written in."""
    purpose = row.purpose()
    if row.op == "send" and purpose in NEWS_PURPOSES:
        return NEWS, row.id
    if row.op == "edit" and purpose in ("vote", "signup"):
        # The day's vote message (or the sign-up's list): its final tally, or its first buttons (players
        # wait for them), come with the news; a newer count of one already shown waits for everything else.
        return (FIRST if row.markup is None or row.sent == 0 else LIVE), row.id
    return OTHER, row.id
