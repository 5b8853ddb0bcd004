"""Live updates: who is watching which game, and a nudge to each when the game changes.

A nudge carries nothing but the game's new version: every open page then asks for (or is sent) what its
own viewer may see, built from his view. On PostgreSQL, `Listener` relays NOTIFY from other processes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import Callable

EVERY_GAME = "*"  # watchers of this key are nudged by every game's change (the lobby's list of open games)


class Hub:
    def __init__(self) -> None:
        self._watchers: dict[str, set[asyncio.Queue[int]]] = defaultdict(set)
        self._versions: dict[str, int] = defaultdict(int)
        self._listeners: list[Callable[[str], None]] = []

    def listen(self, callback: Callable[[str], None]) -> None:
        """Also tell a front end of every change (the Telegram bot posts what a change brings)."""
        self._listeners.append(callback)

    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=8)
        self._watchers[game_id].add(queue)
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[int]) -> None:
        watchers = self._watchers.get(game_id)
        if watchers is not None:
            watchers.discard(queue)
            if not watchers:
                del self._watchers[game_id]

    def watched(self, game_id: str) -> bool:
        return game_id in self._watchers

    def publish(self, game_id: str) -> None:
        self._versions[game_id] += 1
        version = self._versions[game_id]
        for queue in [*self._watchers.get(game_id, ()), *self._watchers.get(EVERY_GAME, ())]:
            if queue.full():  # a slow page: it only needs to know that something changed
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(version)
        for callback in self._listeners:
            callback(game_id)

    def nudge(self, key: str) -> None:
        """Nudge the watchers of `key` alone (a board built from many games: the lobby's), telling no
        listener: no game changed."""
        for queue in self._watchers.get(key, ()):
            if queue.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(0)

    def watchers(self) -> int:
        return sum(len(w) for w in self._watchers.values())
