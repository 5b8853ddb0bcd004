"""The webhook's inbox: with several bot processes behind one proxy, any of them may receive Telegram's post
of an update; each keeps it here (once: the update's id is the key) and answers Telegram at once, and the
process holding the lease (`lease.Lease`) handles what is kept, in order. An update is removed once handled:
a leader that dies meanwhile leaves it to the next, whose claims (`Dedupe`, a press's own transaction)
keep it from acting twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

from aiogram import Bot, Dispatcher
from sqlalchemy import Connection, delete, insert, select
from sqlalchemy.exc import IntegrityError

from rankedmafia.store import Store
from rankedmafia.store.schema import tg_inbox

log = logging.getLogger("rankedmafia.telegram")
LOOK = 0.1  # how often the leader looks for updates another worker took
AT_ONCE = 100


class Inbox:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._new = asyncio.Event()

    async def put(self, update_id: int, body: str) -> None:
        """Keep an update (Telegram's redelivery of one kept already adds nothing)."""
        def job(connection: Connection) -> None:
            found = connection.execute(select(tg_inbox.c.update_id).where(tg_inbox.c.update_id == update_id))
            if found.first() is None:
                connection.execute(insert(tg_inbox).values(update_id=update_id, body=body, at=time.time()))

        with contextlib.suppress(IntegrityError):  # another worker kept it at the same moment
            await self.store.writer.run(job)
        self._new.set()

    async def take(self) -> list[tuple[int, str]]:
        rows = await self.store._read(lambda c: c.execute(
            select(tg_inbox.c.update_id, tg_inbox.c.body).order_by(tg_inbox.c.update_id).limit(AT_ONCE)).all())
        return [(int(r.update_id), str(r.body)) for r in rows]

    async def done(self, ids: list[int]) -> None:
        await self.store.writer.run(lambda c: c.execute(delete(tg_inbox).where(tg_inbox.c.update_id.in_(ids))))

    async def feed(self, dp: Dispatcher, bot: Bot) -> None:
        """The leader's loop: every kept update to the dispatcher, as polling would hand it over."""
        while True:
            self._new.clear()
            try:
                found = await self.take()
                if found:
                    await asyncio.gather(*(self._handle(dp, bot, body) for _, body in found))
                    await self.done([update_id for update_id, _ in found])
                    continue
            except Exception:
                log.exception("the webhook's inbox failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), LOOK)

    @staticmethod
    async def _handle(dp: Dispatcher, bot: Bot, body: str) -> None:
        try:
            await dp.feed_raw_update(bot, json.loads(body))
        except Exception:
            log.exception("an update failed")
