"""PostgreSQL LISTEN: other server processes' commits reach this one's cache and its open pages."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg

from rankedmafia.store.log import NOTIFY_CHANNEL

log = logging.getLogger("rankedmafia.live")


async def listen(url: str, on_change: Callable[[str, int], Awaitable[None]]) -> None:
    """Relay notifications `game_id head` until cancelled, reconnecting after a lost connection."""
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                await connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                async for notice in connection.notifies():
                    game_id, _, head = notice.payload.partition(" ")
                    try:
                        await on_change(game_id, int(head or -1))
                    except Exception:
                        log.exception("notification %r failed", notice.payload)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("LISTEN connection lost; reconnecting")
            await asyncio.sleep(1.0)
