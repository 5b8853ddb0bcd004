"""Delivering the outbox: per chat, its due rows in the order they were written, one at a time.

A new message is sent by one chat at a time for the whole bot (the gate), and marked with Telegram's
answer (its id) before the gate opens for the next: a bot killed at any moment sends again only the one
message that was in flight. Edits, which a repeat leaves as they were, go in their chats' order beside
it (a keyboard's next screen never waits for another chat's news). An edit goes once the message it
edits has been sent; an edit superseded meanwhile (a newer tally) is due again with its newest text, the
older ones are never sent. The rate limits are waited for outside the gate: a group waiting for its
minute holds nobody up.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

from rankedmafia.telegram.outbox import Intent, Outbox, Row
from rankedmafia.telegram.sender import Sender

log = logging.getLogger("rankedmafia.telegram")
AFTER_FAILURE = 1.0  # seconds before a chat whose delivery failed unexpectedly is tried again
LIVE_RESERVE = 5  # places of a group's minute a live tally leaves to the news (coalesced, it loses nothing)


class Delivery:
    def __init__(self, sender: Sender, outbox: Outbox) -> None:
        self.sender = sender
        self.outbox = outbox
        self._gate = asyncio.Lock()
        # Edits delivered, their marks not yet committed (row id -> version): an edit sent again is harmless,
        # so its mark is not waited for; meanwhile it is not sent again.
        self._marking: dict[int, int] = {}
        self._marks: set[asyncio.Task[None]] = set()
        self._pushed: dict[str, str] = {}  # edits delivered at once (key -> body), their rows not yet marked
        self._push_locks: dict[int, asyncio.Lock] = {}
        self._due: set[int] = set()
        self._running: dict[int, asyncio.Task[None]] = {}

    def wake(self, chats: Iterable[int]) -> None:
        """New rows were committed for these chats: deliver them (one task per chat, in order)."""
        loop = asyncio.get_running_loop()
        for chat_id in chats:
            self._due.add(chat_id)
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
                    for row in await self.outbox.pending(chat_id):
                        if self._marking.get(row.id, 0) < row.version and self._pushed.get(row.key) != row.body():
                            await self._deliver(row)
                except Exception:
                    log.exception("delivery to %s failed; trying again", chat_id)
                    await asyncio.sleep(AFTER_FAILURE)
                    self._due.add(chat_id)
        finally:
            self._running.pop(chat_id, None)

    async def _deliver(self, row: Row) -> None:
        if row.op == "send":
            await self._send(row)
        elif row.op == "edit":
            message_id = row.message_id
            if message_id is None and row.target is not None:
                settled, message_id = await self.outbox.target(row.target)
                if not settled:  # its message is not out yet: it comes first in this chat's order
                    self._due.add(row.chat_id)
                    await asyncio.sleep(AFTER_FAILURE / 10)
                    return
            if message_id is not None:  # a live tally or list yields to the group's news (not its buttons' first
                live = row.chat_id < 0 and row.markup is not None and row.version > 1  # coming: players wait)
                await self.sender.change(row.chat_id, message_id, row.text, row.markup, LIVE_RESERVE if live else 0)
            self._mark(row)
        elif row.op == "kick":
            assert row.message_id is not None
            await self.sender.kick(row.chat_id, row.message_id)
            await self.outbox.done(row, None)

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

    async def _send(self, row: Row) -> None:
        limiter, attempt = self.sender.limiter, 0
        while True:
            async with self._gate:
                wait = limiter.wait(row.chat_id)
                if wait <= 0:
                    turn = limiter.take(row.chat_id)
                    attempt += 1
                    try:
                        posted = await self.sender.post_once(row.chat_id, row.text, row.markup, attempt)
                    finally:
                        turn.done()
                    if posted.settled:
                        await self.outbox.done(row, posted.message_id)
                        return
                    wait = posted.retry
            await asyncio.sleep(max(wait, 0.0))
