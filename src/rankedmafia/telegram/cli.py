"""`rankedmafia telegram`: the bot, on the same database as `rankedmafia serve`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Annotated

import typer


def telegram_command(
    api_url: Annotated[str | None, typer.Option("--api-url", help="a self-hosted Bot API server's base URL")] = None,
    data: Annotated[Path, typer.Option("--data", help="the data folder (the SQLite database)")] = Path("data"),
    database: Annotated[
        str | None, typer.Option("--database", help="postgresql://... to use PostgreSQL instead of SQLite")
    ] = None,
    web_url: Annotated[str, typer.Option("--web-url", help="the web platform's address, for spectator links")]
    = "http://127.0.0.1:8000",
    webhook_url: Annotated[
        str | None, typer.Option("--webhook-url", help="take updates by webhook at this public https URL")
    ] = None,
    webhook_host: Annotated[str, typer.Option("--webhook-host", help="the webhook's listening address")]
    = "127.0.0.1",
    webhook_port: Annotated[int, typer.Option("--webhook-port", help="the webhook's listening port")] = 8081,
    webhook_secret: Annotated[
        str | None, typer.Option("--webhook-secret", envvar="RANKEDMAFIA_TELEGRAM_WEBHOOK_SECRET",
                                 help="the webhook's secret, the same for every worker (default: derived from "
                                      "the token)")
    ] = None,
    lease: Annotated[float, typer.Option("--lease", help="seconds a silent leader keeps the updates before "
                                                         "a standby process takes over")] = 10.0,
    registration: Annotated[int, typer.Option("--registration", help="sign-up, seconds")] = 300,
    night: Annotated[int, typer.Option("--night", help="a night, seconds")] = 120,
    day: Annotated[int, typer.Option("--day", help="a day, seconds")] = 300,
    follow_up: Annotated[int, typer.Option("--follow-up", help="the reanimator's step, seconds")] = 60,
    tick: Annotated[float, typer.Option("--tick", help="how often deadlines are checked, seconds")] = 0.5,
    polling_timeout: Annotated[int, typer.Option("--polling-timeout", help="getUpdates long poll, seconds")] = 10,
    group_interval: Annotated[float, typer.Option("--group-interval", help="seconds between group messages")]
    = 1.0,
    group_per_minute: Annotated[
        int, typer.Option("--group-per-minute", help="messages a minute in one group (0: no limit)")
    ] = 20,
    private_interval: Annotated[float, typer.Option("--private-interval", help="seconds between private messages")]
    = 0.05,
    per_second: Annotated[float, typer.Option("--per-second", help="calls a second in all (0: no limit)")]
    = 30.0,
    agents: Annotated[
        Path | None, typer.Option("--agents", help="agents.yaml: AI players the games may seat "
                                                   "(default: $RANKEDMAFIA_AGENTS; none if unset)")
    ] = None,
) -> None:
    """Host games in Telegram groups (the token from RANKEDMAFIA_TELEGRAM_TOKEN); see docs/telegram.md."""
    from rankedmafia.telegram.app import BotSettings, run, token_from_env
    from rankedmafia.telegram.common import Timing
    from rankedmafia.telegram.limits import Limits

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    settings = BotSettings(
        token=token_from_env(), api_url=api_url, data=data, database=database, web_url=web_url,
        tick_seconds=tick, polling_timeout=polling_timeout,
        timing=Timing(registration=registration, night=night, day=day, follow_up=follow_up),
        limits=Limits(per_second=per_second, per_group_minute=group_per_minute, private_interval=private_interval,
                      group_interval=group_interval),
        webhook_url=webhook_url, webhook_host=webhook_host, webhook_port=webhook_port, agents=agents,
        webhook_secret=webhook_secret or None, lease_seconds=lease,
    )
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(settings))
