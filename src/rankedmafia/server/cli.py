"""`rankedmafia serve`: the web platform on uvicorn (SQLite in a data folder, or PostgreSQL).

Once it listens it says where («Сайт работает: http://127.0.0.1:8000», the port it really got, so that
`--port 0` takes a free one), then logs one line per request at the info level (`--log-level warning`
keeps only the problems).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

READY = {"ru": "Сайт работает: {url}", "en": "The site is up: {url}"}
LOG_LEVELS = ("debug", "info", "warning", "error")


def serve_command(
    host: Annotated[str, typer.Option("--host", help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="the port to listen on (0: any free one)")] = 8000,
    data: Annotated[Path, typer.Option("--data", help="the data folder (the SQLite database)")] = Path("data"),
    database: Annotated[
        str | None, typer.Option("--database", help="postgresql://... to use PostgreSQL instead of SQLite")
    ] = None,
    log_level: Annotated[str, typer.Option(
        "--log-level", help="info (default: a line per request), warning, error or debug")] = "info",
    lang: Annotated[str, typer.Option("--lang", help="ru (default) or en: the line that says where it is")] = "ru",
    agents: Annotated[Path | None, typer.Option(
        "--agents", help="agents.yaml: the AI players a game may seat (else $RANKEDMAFIA_AGENTS; docs/ai.md)")] = None,
    redis: Annotated[str | None, typer.Option(
        "--redis", help="redis://host:port/db: the rate limits' counters (else $RANKEDMAFIA_REDIS_URL; unset: the "
        "database on PostgreSQL, memory on SQLite)")] = None,
    proxy: Annotated[str | None, typer.Option(
        "--proxy", help="the reverse proxies' addresses (comma-separated): only a request from one of them has "
        "its client address taken from X-Forwarded-For (docs/web.md)")] = None,
) -> None:
    """Play online: serve the web platform (migrations are applied on start)."""
    import gc
    import os

    import uvicorn

    from rankedmafia.ai.config import ConfigError, load_agents
    from rankedmafia.server.app import create_app
    from rankedmafia.server.settings import AGENTS_VARIABLE, Settings

    if log_level not in LOG_LEVELS:
        raise typer.BadParameter(f"{log_level!r}: {', '.join(LOG_LEVELS)}", param_hint="--log-level")
    agents = agents or (Path(os.environ[AGENTS_VARIABLE]) if os.environ.get(AGENTS_VARIABLE) else None)
    if agents is not None:
        try:
            load_agents(agents)  # said now, in a sentence, rather than by a failed start
        except ConfigError as error:
            typer.echo(str(error), err=True)
            raise typer.Exit(2) from None
    ready = READY.get(lang, READY["ru"])

    class Announced(uvicorn.Server):
        """uvicorn's server that says where it listens once it does."""

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                # What is alive now (the framework's and the libraries' hundreds of thousands of objects)
                # lives as long as the server: the collector need not walk it again. Under load a full
                # collection took 70-90 ms with it, and every request waiting meanwhile waited as long.
                gc.collect()
                gc.freeze()
                # A collection every 7,000 new objects instead of 700: a request's garbage is freed by its
                # references anyway; walking the games' states ten times less often cut a command's median
                # under load from 30 to 17-21 ms and its p99 by a fifth (docs/performance.md).
                gc.set_threshold(7000, 10, 10)
                print(ready.format(url=listening_url(self, host, port)), flush=True)

    config = uvicorn.Config(
        create_app(Settings(data=data, database=database, agents=agents, redis=redis)),
        host=host,
        port=port,
        log_level=None,  # the levels are log_config's (uvicorn would set every logger to one level)
        log_config=log_config(log_level),
        timeout_graceful_shutdown=3,
        # X-Forwarded-For/-Proto are believed from the named proxies only: anyone else could forge them
        proxy_headers=proxy is not None,
        forwarded_allow_ips=proxy or "",
        access_log=True,
    )
    Announced(config).run()


def listening_url(server: Any, host: str, port: int) -> str:
    """The address the server listens on: its socket's port (the one chosen for `--port 0`)."""
    for running in getattr(server, "servers", []):
        for sock in running.sockets:
            bound = sock.getsockname()
            if isinstance(bound, tuple) and len(bound) >= 2:
                port = int(bound[1])
                break
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging with its own start-up chatter left out (the line above says where the site is):
    a request a line on standard output (at info), problems on standard error."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = {**LOGGING_CONFIG, "loggers": {key: dict(value) for key, value in
                                                            LOGGING_CONFIG["loggers"].items()}}
    config["loggers"]["uvicorn.error"]["level"] = "WARNING" if level in ("info", "debug") else level.upper()
    config["loggers"]["uvicorn.access"]["level"] = level.upper()
    return config
