"""The lease on a bot token: of several bot processes on one database, one takes Telegram's updates and runs
the games' clock and delivery; the others stand by and take the lease over once it has not been renewed
for its term (the holder died, or lost its database). A holder that cannot renew in time stops leading
before its term is out (and stands by again), so two never lead at once (the clocks of the machines are
assumed in step to well under a second, as NTP keeps them).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Callable

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from rankedmafia.live.tokens import new_token
from rankedmafia.store import Store
from rankedmafia.store.schema import tg_leases

log = logging.getLogger("rankedmafia.telegram")
UPDATES = "updates"
TERM = 10.0  # seconds a lease holds without renewal: a standby takes over within TERM + its look's interval
MARGIN = 1.0  # a holder stops leading this long before its term is out (the machines' clocks may differ)


def holder_name() -> str:
    """This process, as the lease and the outbox's claims name it (unique across machines and restarts)."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{new_token()[:8]}"


class Lease:
    def __init__(self, store: Store, holder: str, name: str = UPDATES, term: float = TERM,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.holder = holder
        self.name = name
        self.term = term
        self.clock = clock
        self.until = 0.0  # held until then (this process's view; 0: not held)

    async def take(self) -> bool:
        """Take the lease if it is free or lapsed, or renew it if it is ours; True if held now."""
        now = self.clock()
        until = now + self.term

        def job(connection: Connection) -> bool:
            done = connection.execute(
                update(tg_leases).where(tg_leases.c.name == self.name,
                                        (tg_leases.c.holder == self.holder) | (tg_leases.c.until < now))
                .values(holder=self.holder, until=until))
            if done.rowcount == 1:
                return True
            if connection.execute(select(tg_leases.c.name).where(tg_leases.c.name == self.name)).first() is not None:
                return False
            connection.execute(insert(tg_leases).values(name=self.name, holder=self.holder, until=until))
            return True

        try:
            held = bool(await self.store.writer.run(job))
        except IntegrityError:  # another process inserted it first
            held = False
        self.until = until if held else 0.0
        return held

    def held(self) -> bool:
        return self.clock() < self.until

    async def wait(self, every: float) -> None:
        """Stand by until the lease is ours (looked at every `every` seconds)."""
        while not await self.take():
            await asyncio.sleep(every)

    async def keep(self, every: float) -> None:
        """Renew every `every` seconds while held; return once it is lost or about to lapse (stop leading)."""
        while True:
            await asyncio.sleep(every)
            try:
                if await asyncio.wait_for(self.take(), max(0.1, self.until - self.clock() - MARGIN)):
                    continue
            except Exception:  # a timeout, or the database gone for a moment: tried again while time is left
                log.exception("the lease could not be renewed")
            if not self.held() or self.until - self.clock() < MARGIN + every:
                log.warning("the lease on the bot's updates is lost: this process stops leading")
                self.until = 0.0
                return

    async def release(self) -> None:
        """Let a standby take over at once (a clean stop)."""
        def job(connection: Connection) -> None:
            connection.execute(update(tg_leases).where(tg_leases.c.name == self.name,
                                                       tg_leases.c.holder == self.holder).values(until=0.0))

        self.until = 0.0
        await self.store.writer.run(job)
