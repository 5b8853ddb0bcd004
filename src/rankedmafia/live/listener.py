"""PostgreSQL LISTEN: other server processes' commits reach this one's cache and its open pages.

Notices are relayed by `Relay`: each game's catch-ups run one at a time, in a task of their own, and the
notices that arrive meanwhile are folded into one catch-up to the newest head; different games catch up
at once. So one slow catch-up never holds back the other games' updates, and a busy game costs one
catch-up per round trip, not one per command (under load, updates reach the other process's pages in
tens of milliseconds rather than queueing behind every other game's).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg

from rankedmafia.store.log import NOTIFY_CHANNEL

log = logging.getLogger("rankedmafia.live")

SEATS = -1  # a notice's head when a game's seats changed (a join, a leave) rather than its log


class Relay:
    """Runs `on_change(game_id, head)` for notices: per game in order and coalesced, across games at once."""

    def __init__(self, on_change: Callable[[str, int], Awaitable[None]]) -> None:
        self.on_change = on_change
        self._heads: dict[str, int] = {}  # the newest head noticed and not yet caught up to
        self._seats: set[str] = set()  # games whose seats changed since their last catch-up
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def notice(self, game_id: str, head: int) -> None:
        if head < 0:
            self._seats.add(game_id)
        else:
            self._heads[game_id] = max(head, self._heads.get(game_id, head))
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.create_task(self._catch_up(game_id))

    async def _catch_up(self, game_id: str) -> None:
        try:
            while game_id in self._seats or game_id in self._heads:
                try:
                    if game_id in self._seats:
                        self._seats.discard(game_id)
                        await self.on_change(game_id, SEATS)
                    if game_id in self._heads:
                        await self.on_change(game_id, self._heads.pop(game_id))
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("notification of %s failed", game_id)
        finally:
            del self._tasks[game_id]

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)


async def listen(url: str, on_change: Callable[[str, int], Awaitable[None]]) -> None:
    """Relay notifications `game_id head` until cancelled, reconnecting after a lost connection."""
    relay = Relay(on_change)
    try:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    async for notice in connection.notifies():
                        game_id, _, head = notice.payload.partition(" ")
                        try:
                            relay.notice(game_id, int(head or -1))
                        except ValueError:
                            log.warning("a notification not understood: %r", notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("LISTEN connection lost; reconnecting")
                await asyncio.sleep(1.0)
    finally:
        await relay.close()
