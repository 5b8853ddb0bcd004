"""Running the bot: the store and game service shared with the web, aiogram's polling (or a webhook), the
clock that resolves deadlines, sends reminders and closes sign-ups, and PostgreSQL's LISTEN relay."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import hmac
import json
import logging
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.client.telegram import TelegramAPIServer

from rankedmafia.ai.config import AgentConfig, ConfigError, load_agents
from rankedmafia.ai.live import drive_ai, driver_of
from rankedmafia.live.bot_driver import drive_bots
from rankedmafia.live.hub import Hub
from rankedmafia.live.service import GameService
from rankedmafia.store import Store, connect
from rankedmafia.store.db import Database
from rankedmafia.telegram import trace
from rankedmafia.telegram.common import Timing
from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.counts import KeptCounts
from rankedmafia.telegram.handlers import build_dispatcher
from rankedmafia.telegram.inbox import Inbox
from rankedmafia.telegram.lease import TERM, Lease, holder_name
from rankedmafia.telegram.limits import Limits
from rankedmafia.telegram.outbox import Outbox
from rankedmafia.telegram.sender import Sender
from rankedmafia.telegram.session import LeanSession
from rankedmafia.telegram.store import TgStore

log = logging.getLogger("rankedmafia.telegram")
TOKEN_VARIABLE = "RANKEDMAFIA_TELEGRAM_TOKEN"
AGENTS_VARIABLE = "RANKEDMAFIA_AGENTS"  # the agents file, as the site reads it, when --agents is not given


@dataclass(frozen=True, slots=True)
class BotSettings:
    token: str
    api_url: str | None = None  # a self-hosted Bot API server (or the tests' fake one)
    data: Path = Path("data")
    database: str | None = None  # postgresql://... ; None: SQLite in `data`, as `rankedmafia serve`
    web_url: str = "http://127.0.0.1:8000"  # where the web platform shows the games (spectator links)
    tick_seconds: float = 0.5
    polling_timeout: int = 10
    timing: Timing = field(default_factory=Timing)
    limits: Limits = field(default_factory=Limits)
    webhook_url: str | None = None  # set: a webhook instead of long polling
    webhook_host: str = "127.0.0.1"
    webhook_port: int = 8081
    agents: Path | None = None  # agents.yaml: the AI players the games may seat (docs/ai.md); None: none
    webhook_secret: str | None = None  # shared by every worker; None: derived from the token
    lease_seconds: float = TERM  # a lapsed leader's lease: a standby takes over within about this long


def token_from_env() -> str:
    token = os.environ.get(TOKEN_VARIABLE, "").strip()
    if not token:
        raise SystemExit(f"set {TOKEN_VARIABLE} to the bot's token (from @BotFather)")
    return token


def agents_from(path: Path | None) -> list[AgentConfig]:
    """The agents file (`--agents`, else RANKEDMAFIA_AGENTS), checked; a bad one stops the bot with a sentence
    and exit status 2, as `rankedmafia arena` does."""
    found = path or (Path(os.environ[AGENTS_VARIABLE]) if os.environ.get(AGENTS_VARIABLE, "").strip() else None)
    if found is None:
        return []
    try:
        return load_agents(found)
    except ConfigError as error:
        print(f"agents: {error}", file=sys.stderr)
        raise SystemExit(2) from None


def make_bot(settings: BotSettings) -> Bot:
    session = LeanSession(api=TelegramAPIServer.from_base(settings.api_url)) if settings.api_url else LeanSession()
    return Bot(settings.token, session=session)


async def _clock(conductor: Conductor, seconds: float) -> None:
    while True:
        try:
            await conductor.tick()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot's clock failed")
        await asyncio.sleep(seconds)


async def run(settings: BotSettings) -> None:
    """One bot process. Of several on one database (and one token), the one holding the lease takes the
    updates and runs the games; the others stand by (a webhook worker keeps taking updates for it) and take
    over once the lease lapses (docs/telegram.md, "Several processes")."""
    db = await asyncio.to_thread(connect, settings.data, settings.database)
    store = Store(db)
    bot = make_bot(settings)
    lease = Lease(store, holder_name(), term=settings.lease_seconds)
    inbox = Inbox(store)
    web_runner = None
    try:
        if settings.webhook_url:
            web_runner = await _serve_webhook(inbox, settings)
        while True:
            await lease.wait(settings.lease_seconds / 3)
            if not await _lead(settings, db, store, bot, lease, inbox):
                break  # stopped (a signal)
            log.warning("the lease on the bot's updates was lost: this process stands by")
    finally:
        if web_runner is not None:
            await web_runner.cleanup()
        if lease.held():
            with contextlib.suppress(Exception):
                await lease.release()  # a clean stop: a standby takes over at once
        await bot.session.close()
        await asyncio.to_thread(store.close)


async def _lead(settings: BotSettings, db: Database, store: Store, bot: Bot, lease: Lease, inbox: Inbox) -> bool:
    """The lease's holder: the games, the clock, delivery, and the updates, until stopped (False) or the
    lease is lost (True: the process stands by again, everything it held in memory dropped)."""
    hub = Hub()
    service = drive_bots(GameService(store, hub, follow_up_seconds=settings.timing.follow_up))
    agents = [agent for agent in agents_from(settings.agents) if agent.is_ai]
    if agents:
        drive_ai(service, agents)  # the games this bot runs play their AI seats here, on its clock
    tasks: list[asyncio.Task[None]] = []
    stop = asyncio.Event()
    sender = Sender(bot, settings.limits)
    counts = KeptCounts(store, sender.limiter)
    conductor: Conductor | None = None
    try:
        await counts.load()  # the groups' last minute, as this process or the one before it left it
        tasks.append(asyncio.create_task(counts.run()))
        me = await sender.call(None, bot.get_me)  # the start's calls count among the bot's calls a second too
        outbox = Outbox(store, lease.holder, lambda: lease.until)
        conductor = Conductor(service, TgStore(store), sender, me.username or "", settings.web_url, settings.timing,
                              outbox=outbox)
        dp = build_dispatcher(conductor)
        await conductor.resume()
        # What is alive now (aiogram's and pydantic's hundreds of thousands of objects: types, schemas,
        # modules) lives as long as the bot: the collector need not walk it again. A full collection took
        # a quarter of a second with it, and every press waiting meanwhile waited as long.
        gc.collect()
        gc.freeze()
        tasks.append(asyncio.create_task(_clock(conductor, settings.tick_seconds)))
        if db.postgres:
            from rankedmafia.live.listener import listen

            async def changed(game_id: str, head: int) -> None:
                await service.catch_up(game_id, head)
                if head < 0:  # the seats or the posts changed (store.add_post notifies -1)
                    conductor.posts_written(game_id)
                hub.publish(game_id)

            tasks.append(asyncio.create_task(listen(db.libpq_url(), changed)))

        async def keep() -> None:
            await lease.keep(settings.lease_seconds / 3)
            lost.set()
            stop.set()
            if not settings.webhook_url:
                with contextlib.suppress(RuntimeError):
                    await dp.stop_polling()

        lost = asyncio.Event()
        tasks.append(asyncio.create_task(keep()))
        if settings.webhook_url:
            await bot.set_webhook(settings.webhook_url.rstrip("/") + "/telegram", secret_token=webhook_secret(settings))
            tasks.append(asyncio.create_task(inbox.feed(dp, bot)))
            await _until_signal(stop)
        else:
            await sender.call(None, lambda: bot.delete_webhook(drop_pending_updates=False))
            await dp.start_polling(bot, polling_timeout=settings.polling_timeout, handle_signals=True,
                                   close_bot_session=False)
        return lost.is_set()
    finally:
        trace.flush()
        if conductor is not None:
            conductor.stop()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if lease.held():
            with contextlib.suppress(Exception):
                await counts.flush()
        driver = driver_of(service)
        if driver is not None:
            with contextlib.suppress(Exception):
                await driver.close()


def webhook_secret(settings: BotSettings) -> str:
    """The webhook's secret, the same for every worker: the configured one, else one derived from the token
    (a worker that knows the token may know it; Telegram's header carries it)."""
    if settings.webhook_secret:
        return settings.webhook_secret
    return hashlib.sha256(f"rankedmafia-webhook:{settings.token}".encode()).hexdigest()[:48]


async def _serve_webhook(inbox: Inbox, settings: BotSettings) -> Any:
    """Every worker, leading or standing by, takes Telegram's posts at /telegram (checked by the shared
    secret) into the inbox, whence the leader handles each once."""
    from aiohttp import web

    secret = webhook_secret(settings)

    async def handle(request: web.Request) -> web.Response:
        if not hmac.compare_digest(request.headers.get("X-Telegram-Bot-Api-Secret-Token", ""), secret):
            return web.Response(status=401)
        try:
            update = await request.json()
            update_id = int(update["update_id"])
        except (ValueError, KeyError, TypeError):
            return web.Response(status=400)
        await inbox.put(update_id, json.dumps(update, ensure_ascii=False))
        return web.Response(status=200)

    app = web.Application()
    app.router.add_post("/telegram", handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, settings.webhook_host, settings.webhook_port).start()
    return runner


async def _until_signal(stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):  # as polling does: stop cleanly on either
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal_number, stop.set)
    await stop.wait()
