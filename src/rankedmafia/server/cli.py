"""`rankedmafia serve`: the web platform on uvicorn (SQLite in a data folder, or PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def serve_command(
    host: Annotated[str, typer.Option("--host", help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="the port to listen on")] = 8000,
    data: Annotated[Path, typer.Option("--data", help="the data folder (the SQLite database)")] = Path("data"),
    database: Annotated[
        str | None, typer.Option("--database", help="postgresql://... to use PostgreSQL instead of SQLite")
    ] = None,
) -> None:
    """Play online: serve the web platform (migrations are applied on start)."""
    import uvicorn

    from rankedmafia.server.app import create_app
    from rankedmafia.server.settings import Settings

    app = create_app(Settings(data=data, database=database))
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=3,
        proxy_headers=False,
        access_log=False,
    )
