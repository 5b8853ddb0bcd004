"""The players' push subscriptions (`rm_push`): a browser's PushSubscription for one seat, and the last
change it was told of. Telling is claimed by a conditional update, so that of several server processes
that see the same change only one pushes it."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection

from rankedmafia.store.log import Store
from rankedmafia.store.schema import push_subscriptions as push

PER_SEAT = 5  # a player's devices: the oldest beyond this are dropped
RELOAD = 10.0  # seconds between two readings of which games have subscribers


@dataclass(frozen=True, slots=True)
class PushRow:
    id: int
    game_id: str
    seat: str
    endpoint: str
    p256dh: str
    auth: str
    lang: str
    told: str

    def subscription(self) -> dict[str, Any]:
        """As the browser gave it (pywebpush's `subscription_info`)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: set[str] = set()
        self._read_at = -RELOAD

    async def may_have(self, game_id: str) -> bool:
        """Whether the game may have subscribers, without a query per change: the games with any are read
        at most every `RELOAD` seconds, and this process's own subscriptions join them at once (another
        process pushes the changes it sees for its own subscribers meanwhile)."""
        now = time.monotonic()
        if now - self._read_at >= RELOAD:
            self._read_at = now
            rows = await self.store.read(lambda c: c.execute(select(push.c.game_id).distinct()).all())
            self._games = {str(r[0]) for r in rows}
        return game_id in self._games

    async def subscribe(self, game_id: str, seat: str, endpoint: str, p256dh: str, auth: str, lang: str,
                        told: str, at: float) -> None:
        """The same endpoint again replaces its keys; beyond `PER_SEAT` devices the oldest goes."""
        self._games.add(game_id)

        def job(connection: Connection) -> None:
            connection.execute(delete(push).where(push.c.game_id == game_id, push.c.seat == seat,
                                                  push.c.endpoint == endpoint))
            connection.execute(insert(push).values(game_id=game_id, seat=seat, endpoint=endpoint, p256dh=p256dh,
                                                   auth=auth, lang=lang, told=told, at=at))
            ids = [r[0] for r in connection.execute(
                select(push.c.id).where(push.c.game_id == game_id, push.c.seat == seat).order_by(push.c.id.desc()))]
            if len(ids) > PER_SEAT:
                connection.execute(delete(push).where(push.c.id.in_(ids[PER_SEAT:])))

        await self.store.writer.run(job)

    async def unsubscribe(self, game_id: str, seat: str, endpoint: str) -> None:
        await self.store.writer.run(lambda c: c.execute(
            delete(push).where(push.c.game_id == game_id, push.c.seat == seat, push.c.endpoint == endpoint)))

    async def forget(self, row_id: int) -> None:
        """A subscription its push service says is gone (404, 410)."""
        await self.store.writer.run(lambda c: c.execute(delete(push).where(push.c.id == row_id)))

    async def of_game(self, game_id: str) -> list[PushRow]:
        def fn(connection: Connection) -> list[PushRow]:
            rows = connection.execute(select(push).where(push.c.game_id == game_id).order_by(push.c.id))
            return [PushRow(r.id, r.game_id, r.seat, r.endpoint, r.p256dh, r.auth, r.lang, r.told) for r in rows]

        result: list[PushRow] = await self.store.read(fn)
        return result

    async def claim(self, row_id: int, told: str, news: str) -> bool:
        """Marks the subscription told of `news` if it still stood at `told`: True for the one claimer."""

        def job(connection: Connection) -> bool:
            result = connection.execute(update(push).where(push.c.id == row_id, push.c.told == told)
                                        .values(told=news))
            return bool(result.rowcount == 1)

        claimed: bool = await self.store.writer.run(job)
        return claimed
