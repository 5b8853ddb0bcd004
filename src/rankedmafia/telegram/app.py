"""Running the bot: the store and game service shared with the web, aiogram's polling (or a webhook), the
clock that resolves deadlines, sends reminders and closes sign-ups, and PostgreSQL's LISTEN relay."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from aiogram import Bot
from aiogram.client.telegram import TelegramAPIServer

from rankedmafia.ai.config import AgentConfig, ConfigError, load_agents
from rankedmafia.ai.live import drive_ai, driver_of
from rankedmafia.live.bot_driver import drive_bots
from rankedmafia.live.hub import Hub
from rankedmafia.live.service import GameService
from rankedmafia.store import Store, connect
from rankedmafia.telegram.common import Timing
from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.handlers import build_dispatcher
from rankedmafia.telegram.limits import Limits
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
    db = await asyncio.to_thread(connect, settings.data, settings.database)
    store = Store(db)
    hub = Hub()
    service = drive_bots(GameService(store, hub, follow_up_seconds=settings.timing.follow_up))
    agents = [agent for agent in agents_from(settings.agents) if agent.is_ai]
    if agents:
        drive_ai(service, agents)  # the games this bot runs play their AI seats here, on its clock
    bot = make_bot(settings)
    tasks: list[asyncio.Task[None]] = []
    try:
        sender = Sender(bot, settings.limits)
        me = await sender.call(None, bot.get_me)  # the start's calls count among the bot's calls a second too
        conductor = Conductor(service, TgStore(store), sender, me.username or "", settings.web_url, settings.timing)
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
        if settings.webhook_url:
            await _webhook(bot, dp, settings)
        else:
            await sender.call(None, lambda: bot.delete_webhook(drop_pending_updates=False))
            await dp.start_polling(bot, polling_timeout=settings.polling_timeout, handle_signals=True,
                                   close_bot_session=False)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        driver = driver_of(service)
        if driver is not None:
            with contextlib.suppress(Exception):
                await driver.close()
        await bot.session.close()
        await asyncio.to_thread(store.close)


async def _webhook(bot: Bot, dp: object, settings: BotSettings) -> None:
    """Telegram posts updates to `webhook_url` (behind a TLS proxy), checked by a secret header."""
    from aiogram import Dispatcher
    from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
    from aiohttp import web

    from rankedmafia.live.tokens import new_token

    assert isinstance(dp, Dispatcher) and settings.webhook_url
    secret = new_token()[:32].replace("-", "_")
    app = web.Application()
    SimpleRequestHandler(dispatcher=dp, bot=bot, secret_token=secret).register(app, path="/telegram")
    setup_application(app, dp, bot=bot)
    await bot.set_webhook(settings.webhook_url.rstrip("/") + "/telegram", secret_token=secret)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
    await site.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):  # as polling does: stop cleanly on either
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal_number, stop.set)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
