"""What every request handler reaches: the platform (the service, the hub, the limits, the key) and the
request's language. Kept apart from app.py so that the routes (api.py, pages.py) and the app that mounts
them do not import each other."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import Request

from rankedmafia.accounts import User
from rankedmafia.live.bot_driver import drive_bots
from rankedmafia.live.hub import Hub
from rankedmafia.live.post_heads import PostHeads
from rankedmafia.live.service import GameService
from rankedmafia.live.tokens import new_token
from rankedmafia.server.i18n import lang_of
from rankedmafia.server.lobby import LobbyBoard
from rankedmafia.server.memory_limits import SweptMemoryStorage
from rankedmafia.server.security import Limits
from rankedmafia.server.settings import AGENTS_VARIABLE, REDIS_VARIABLE, Settings
from rankedmafia.store import Database, Store, connect

log = logging.getLogger("rankedmafia.server")


class Platform:
    """What every request handler needs: the service, the hub, the limits, the server's key."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.hub = Hub()
        self.lobby = LobbyBoard(lambda: self.service.store, self.hub, lambda game_id: self.service.status(game_id))
        self.hub.listen(self.lobby.changed)
        self.limits = Limits()
        self.submit_limit = self.limits.limit("submit", settings.submit_rate, settings.submit_burst)
        self.create_limit = self.limits.limit("create", settings.create_rate, settings.create_burst)
        self.key = ""
        self._service: GameService | None = None
        self._post_heads: PostHeads | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.on_start: list[Callable[[], Awaitable[object]]] = []  # run once the store is open
        # the signed-in reader's own seat in a game (his secret link), set by the accounts (server/accounts.py)
        self.own_seat: Callable[[Request, str], Awaitable[str | None]] | None = None
        # the signed-in reader's account (None: signed out), set by the accounts too
        self.account_of: Callable[[Request], Awaitable[User | None]] | None = None

    @property
    def post_heads(self) -> PostHeads:
        if self._post_heads is None:
            raise RuntimeError("the platform has not started")
        return self._post_heads

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the platform has not started")
        return self._service

    async def start(self) -> None:
        db = await asyncio.to_thread(connect, self.settings.data, self.settings.database)
        store = Store(db)
        self._share_limits(db)
        self._post_heads = PostHeads(store)
        store.post_listeners.append(self._post_heads.changed)  # a command changes no post: heads stay
        self._service = drive_bots(GameService(store, self.hub, follow_up_seconds=self.settings.follow_up_seconds))
        agents = self.settings.agents or (Path(os.environ[AGENTS_VARIABLE]) if os.environ.get(AGENTS_VARIABLE)
                                          else None)
        if agents is not None:
            from rankedmafia.ai.config import load_agents
            from rankedmafia.ai.live import drive_ai

            drive_ai(self._service, load_agents(agents))
        self.key = await store.secret("csrf", new_token)
        self._tasks.append(asyncio.create_task(self._ticker()))
        self._tasks.append(asyncio.create_task(self.lobby.run()))
        if db.postgres:
            from rankedmafia.live.listener import listen

            self._tasks.append(asyncio.create_task(listen(db.libpq_url(), self._changed)))
        for hook in self.on_start:
            await hook()

    def _share_limits(self, db: Database) -> None:
        """Rate limits that every process sees: Redis when configured, else the database on PostgreSQL;
        the single-process SQLite default keeps them in memory."""
        redis = self.settings.redis or os.environ.get(REDIS_VARIABLE) or None
        if redis is not None:
            from limits.aio.storage import RedisStorage

            scheme, _, rest = redis.partition("://")
            self.limits.use(RedisStorage(f"async+{scheme}://{rest}", implementation="redispy"))
        elif db.postgres:
            from rankedmafia.store.limit_counts import SqlLimitStorage

            self.limits.use(SqlLimitStorage(db.engine))
        else:
            self.limits.use(SweptMemoryStorage())  # of this start's event loop

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._service is not None:
            from rankedmafia.ai.live import driver_of

            driver = driver_of(self._service)
            if driver is not None:
                await driver.close()
            await asyncio.to_thread(self._service.store.close)

    async def _changed(self, game_id: str, head: int) -> None:
        if head < 0:  # another process changed the game's seats or posts
            self.post_heads.changed(game_id)
        await self.service.catch_up(game_id, head)
        self.hub.publish(game_id)

    async def _ticker(self) -> None:
        while True:
            try:
                await self.service.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("deadline tick failed")
            await asyncio.sleep(self.settings.tick_seconds)


def request_lang(request: Request) -> str:
    query = request.query_params.get("lang")
    if query:
        return lang_of(query)
    return lang_of(request.cookies.get("lang"))  # Russian unless the player switched


def platform_of(request: Request) -> Platform:
    platform: Platform = request.app.state.platform
    return platform
