"""The rate limits' counts kept in the database: a restarted bot, or a standby taking over, knows what each
group was sent in its last minute and keeps Telegram's 20 messages a minute from its first call.

Every group call is recorded (`Limiter.taken`) and written in batches every half second: a bot killed may
lose the last half second's calls, which the slack of the group's minute absorbs far better than an
empty count. Rows older than a minute are deleted as new ones are written.
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import Connection, delete, insert, select

from rankedmafia.store import Store
from rankedmafia.store.schema import tg_calls
from rankedmafia.telegram.limits import Limiter

log = logging.getLogger("rankedmafia.telegram")
MINUTE = 61.0  # a group's window and its slack
EVERY = 0.5


class KeptCounts:
    def __init__(self, store: Store, limiter: Limiter) -> None:
        self.store = store
        self.limiter = limiter

    def _offset(self) -> float:
        """Wall clock minus the limiter's clock."""
        return time.time() - self.limiter.clock()

    async def load(self) -> int:
        """Seed the limiter with the groups' calls of the last minute; how many there were."""
        since = time.time() - MINUTE
        rows = await self.store._read(lambda c: c.execute(
            select(tg_calls.c.chat_id, tg_calls.c.at).where(tg_calls.c.at > since)).all())
        offset = self._offset()
        for row in rows:
            self.limiter.seed(int(row.chat_id), float(row.at) - offset)
        return len(rows)

    async def flush(self) -> None:
        taken, self.limiter.taken = self.limiter.taken, []
        if not taken:
            return
        offset = self._offset()
        rows = [{"chat_id": chat_id, "at": at + offset} for chat_id, at in taken]
        old = time.time() - MINUTE

        def job(connection: Connection) -> None:
            connection.execute(insert(tg_calls), rows)
            connection.execute(delete(tg_calls).where(tg_calls.c.at < old))

        await self.store.writer.run(job)

    async def run(self) -> None:
        while True:
            await asyncio.sleep(EVERY)
            try:
                await self.flush()
            except Exception:
                log.exception("the rate counts could not be kept")
