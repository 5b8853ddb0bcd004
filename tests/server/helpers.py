"""Shared helpers of the web tests: servers in subprocesses, PostgreSQL schemas, games played through the API."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import psycopg

from rankedmafia.bots.api_moves import api_move
from rankedmafia.store import Store, connect

PG_BASE = os.environ.get("RANKEDMAFIA_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
# A small game: every role acts or votes, and a whole game takes a few phases.
# the tests' games are played to the end by random players, who may stall three nights and days in a row:
# the house rule «stalemate» off, so that such a game goes on to a winner (the ranked tests rate it)
SMALL_SETUP = ("name: small\nplayers: 5\nroles: {mafia1: 1, commissar: 1, doctor: 1, civilian: 2}\n"
               "rules: {stalemate: 'off'}\n")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pg_schema_url(schema: str) -> str:
    return f"{PG_BASE}?options=-csearch_path%3D{schema}"


def pg_execute(sql: str) -> None:
    with psycopg.connect(PG_BASE, autocommit=True) as connection:
        connection.execute(sql)  # type: ignore[arg-type]


@contextmanager
def pg_schema(schema: str) -> Iterator[str]:
    """A PostgreSQL schema of the test's own, empty, dropped afterwards: its database URL."""
    pg_execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    pg_execute(f"CREATE SCHEMA {schema}")
    try:
        yield pg_schema_url(schema)
    finally:
        pg_execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


class Server:
    """`rankedmafia serve` in a subprocess, on a free loopback port."""

    def __init__(self, data: Path, database: str | None = None, port: int | None = None,
                 agents: Path | None = None, extra: tuple[str, ...] = ()) -> None:
        self.data = data
        self.extra = extra  # more options of `rankedmafia serve` (--redis, --proxy)
        self.database = database
        self.agents = agents  # an agents.yaml: the site seats AI players
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        args = [sys.executable, "-m", "rankedmafia", "serve", "--port", str(self.port), "--data", str(self.data)]
        if self.database:
            args += ["--database", self.database]
        if self.agents:
            args += ["--agents", str(self.agents)]
        args += self.extra
        log = open(self.data.parent / f"server-{self.port}.log", "ab")  # noqa: SIM115 - kept for the process
        self.process = subprocess.Popen(args, stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/ping", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


Client = Any  # httpx.Client or starlette's TestClient: the same calls


def create_game(client: Client, setup_yaml: str = SMALL_SETUP, night: int = 3600, day: int = 3600) -> dict[str, Any]:
    r = client.post(
        "/api/games", json={"setup_yaml": setup_yaml, "night_seconds": night, "day_seconds": day, "title": "test"}
    )
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


def join_all(client: Client, game_id: str, count: int, prefix: str = "Игрок") -> dict[str, str]:
    tokens = {}
    for i in range(count):
        r = client.post(f"/api/games/{game_id}/join", json={"nickname": f"{prefix}{i + 1:02d}"})
        assert r.status_code == 201, r.text
        tokens[r.json()["name"]] = r.json()["token"]
    return tokens


def started_game(
    client: Client, players: int = 5, setup_yaml: str = SMALL_SETUP, **times: int
) -> tuple[dict[str, Any], dict[str, str]]:
    game = create_game(client, setup_yaml, **times)
    tokens = join_all(client, game["id"], players)
    r = client.post(f"/api/host/{game['admin_token']}/start")
    assert r.status_code == 200, r.text
    return game, tokens


def random_move(client: Client, token: str, rng: random.Random, seen: Callable[[str, Any], None] | None = None) -> None:
    """One legal move for this player, chosen from what his own view offers."""
    r = client.get(f"/api/player/{token}")
    assert r.status_code == 200, r.text
    data = r.json()
    if seen is not None:
        seen(r.text, data)
    move = api_move(data, rng)
    if move is None:
        return
    command, body = move
    r = client.post(f"/api/player/{token}/{command}", json=body)
    assert r.status_code == 200, r.text  # the move is drawn from what the API offers: never refused
    if seen is not None:
        seen(r.text, None)


def play_to_end(
    client: Client,
    game: dict[str, Any],
    tokens: dict[str, str],
    rng: random.Random,
    seen: Callable[[str, str, Any], None] | None = None,
    phases: int = 40,
    end_if_stalled: bool = False,
) -> dict[str, Any]:
    admin = game["admin_token"]
    for _ in range(phases):
        info = client.get(f"/api/host/{admin}").json()
        if info["game"]["status"] == "over":
            return info
        for name, token in tokens.items():
            random_move(client, token, rng, (lambda text, data, n=name: seen(n, text, data)) if seen else None)
        info = client.get(f"/api/host/{admin}").json()
        if info["game"]["status"] != "over":
            client.post(f"/api/host/{admin}/resolve")
    info = client.get(f"/api/host/{admin}").json()
    if end_if_stalled and info["game"]["status"] != "over":  # random players may leave nobody who can win
        client.post(f"/api/host/{admin}/end")
        info = client.get(f"/api/host/{admin}").json()
    assert info["game"]["status"] == "over", info
    return info


class InProcessServer:
    """The app on uvicorn in a thread of the test's own process, with the test's settings (e.g. no rate
    limit for a browser that sends a thousand forms)."""

    def __init__(self, settings: Any) -> None:
        import uvicorn

        from rankedmafia.server.app import create_app

        self.port = free_port()
        config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=self.port, log_level="warning",
                                timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> InProcessServer:
        import threading

        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(10)


async def pin_seed(store: Store, game_id: str, seed: str) -> None:
    """The game's seed chosen before its start (the service draws a fresh one): the same deal every run."""
    from sqlalchemy import update

    from rankedmafia.rules.chance import commitment
    from rankedmafia.store.schema import games

    await store.writer.run(lambda c: c.execute(
        update(games).where(games.c.id == game_id).values(seed=seed, commitment=commitment(seed))))


def run_on_store(database: tuple[Path, str | None], body: Callable[[Store], Awaitable[Any]]) -> Any:
    """`body` on a Store of its own over `database` (the `database` fixture: a data folder, and a PostgreSQL
    URL or None), in a fresh event loop; the store closed after."""

    async def main() -> Any:
        store = Store(await asyncio.to_thread(connect, *database))
        try:
            return await body(store)
        finally:
            await asyncio.to_thread(store.close)

    return asyncio.run(main())
