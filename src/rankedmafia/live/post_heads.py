"""The newest post of each channel of a game, shared by every open page of it: read once per change of
the game's posts (the store tells of this process's posts, the notice with the head -1 of another's), so
a post nudging a hundred open pages costs one query, not a hundred, and a command, which adds no post,
costs none."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from rankedmafia.store import Store

MOST_GAMES = 10_000  # heads kept at most (forgotten all at once beyond: they are read again on demand)


class PostHeads:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._heads: dict[str, asyncio.Future[dict[str, int]]] = {}

    def changed(self, game_id: str) -> None:
        self._heads.pop(game_id, None)

    async def newest(self, game_id: str, channels: Sequence[str]) -> int:
        """The newest post's id over `channels` (0: none yet)."""
        found = self._heads.get(game_id)
        if found is None:
            if len(self._heads) > MOST_GAMES:
                self._heads.clear()
            found = self._heads[game_id] = asyncio.ensure_future(self.store.post_heads(game_id))
        try:
            heads = await asyncio.shield(found)
        except Exception:
            if self._heads.get(game_id) is found:  # a failed read is not kept
                del self._heads[game_id]
            with contextlib.suppress(Exception):
                found.result()
            raise
        return max((heads.get(channel, 0) for channel in channels), default=0)
