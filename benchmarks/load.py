"""Load benchmark of the web platform: many concurrent games, bots sending actions and votes over HTTP,
many open pages' live streams, one or two server processes.

Starts `rankedmafia serve` (SQLite in a temporary folder, or `--database postgresql` in a schema of its
own; `--processes 2` starts two on one PostgreSQL) on loopback ports, creates GAMES games of the classic-12
preset, joins 12 bots to each and starts them. Each game then plays phase after phase: every bot reads
his own view (GET), then sends a legal action by night or a vote by day (POST), one request at a time per
game with THINK seconds between a game's commands; requests alternate between the processes as a
round-robin proxy would send them. `--streams N` holds N open live streams (the games' public pages),
spread over the processes, each read to the end. Meanwhile a sampler posts in another game's thread
through the first process and times the change's arrival on a page streaming from the last one (the
same process when there is one). Reports the latency of an acknowledged command (the POST, answered
only after its commit), the commands per second and the change's latency, next to the bare `/api/ping`
endpoint sampled during the same load. Bounded in time and count; stops by itself; loopback only.

    .venv/bin/python benchmarks/load.py --games 300 --seconds 30 --streams 1000 --database postgresql --processes 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rankedmafia.bots.api_moves import api_move

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from server.helpers import SMALL_SETUP, Server, pg_execute, pg_schema_url


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Response:
    def __init__(self, status_code: int, body: bytes) -> None:
        self.status_code = status_code
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)


class RawClient:
    """A small keep-alive HTTP/1.1 client on asyncio streams: far cheaper per request than a full client
    library, so that the load generator leaves the CPU to the server it measures."""

    def __init__(self, port: int, connections: int, local: str | None = None) -> None:
        self.port = port
        self.local = local  # the client's own loopback address (its own rate limits' budget)
        self.pool: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()
        self.size = connections
        self.opened = 0

    async def _connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.pool.empty() and self.opened < self.size:
            self.opened += 1
            return await asyncio.open_connection("127.0.0.1", self.port,
                                                 local_addr=(self.local, 0) if self.local else None)
        return await self.pool.get()

    async def request(self, method: str, path: str, json_body: Any = None) -> Response:
        reader, writer = await self._connection()
        body = b"" if json_body is None else json.dumps(json_body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: {len(body)}\r\n"
            + ("content-type: application/json\r\n" if json_body is not None else "")
            + "\r\n"
        )
        writer.write(head.encode() + body)
        status_line = await reader.readline()
        length = 0
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        data = await reader.readexactly(length)
        self.pool.put_nowait((reader, writer))
        return Response(int(status_line.split()[1]), data)

    async def get(self, path: str) -> Response:
        return await self.request("GET", path)

    async def post(self, path: str, json: Any = None) -> Response:
        return await self.request("POST", path, json)

    async def close(self) -> None:
        while not self.pool.empty():
            _, writer = self.pool.get_nowait()
            writer.close()


class RoundRobin:
    """Requests spread over the processes' clients in turn, as a round-robin proxy spreads them."""

    def __init__(self, clients: list[RawClient]) -> None:
        self.clients = clients
        self.turn = 0

    async def request(self, method: str, path: str, json_body: Any = None) -> Response:
        self.turn += 1
        return await self.clients[self.turn % len(self.clients)].request(method, path, json_body)

    async def get(self, path: str) -> Response:
        return await self.request("GET", path)

    async def post(self, path: str, json: Any = None) -> Response:
        return await self.request("POST", path, json)


class Streams:
    """N open live streams, each read to its end (a page's EventSource): how many events and keep-alives
    came, and how many streams broke."""

    def __init__(self) -> None:
        self.events = 0
        self.pings = 0
        self.broken = 0
        self.open = 0

    async def hold(self, port: int, path: str, until: float) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            self.broken += 1
            return
        writer.write(f"GET {path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n".encode())
        self.open += 1
        try:
            while time.monotonic() < until:
                try:
                    line = await asyncio.wait_for(reader.readline(), max(0.01, until - time.monotonic()))
                except TimeoutError:
                    break
                if not line:
                    self.broken += 1
                    break
                if line.startswith(b"event: state"):
                    self.events += 1
                elif line.startswith(b": ping"):
                    self.pings += 1
        finally:
            self.open -= 1
            writer.close()


class ChangeSampler:
    """A change made through one process, timed until a page streaming from another shows it: a post in a
    quiet game's thread (every post changes the public page's version)."""

    def __init__(self, send: RawClient, watch_port: int, until: float, rate: float) -> None:
        self.send = send
        self.watch_port = watch_port
        self.until = until
        self.rate = rate
        self.latency_ms: list[float] = []
        self.lost = 0
        self._arrived: asyncio.Queue[float] = asyncio.Queue()

    async def setup(self) -> tuple[str, list[str]]:
        body = {"setup_yaml": SMALL_SETUP, "title": "sampler", "night_seconds": 3600, "day_seconds": 3600}
        game = (await self.send.post("/api/games", json=body)).json()
        tokens = [(await self.send.post(f"/api/games/{game['id']}/join", json={"nickname": f"S{i}"})).json()["token"]
                  for i in range(5)]
        await self.send.post(f"/api/host/{game['admin_token']}/start")
        await self.send.post(f"/api/host/{game['admin_token']}/resolve")  # the day: the thread is open
        return game["id"], tokens

    async def watch(self, game_id: str) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.watch_port)
        writer.write(f"GET /api/games/{game_id}/events HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n".encode())
        try:
            while time.monotonic() < self.until + 5:
                line = await asyncio.wait_for(reader.readline(), self.until + 5 - time.monotonic())
                if not line:
                    return
                if line.startswith(b"event: state"):
                    self._arrived.put_nowait(time.perf_counter())
        except TimeoutError:
            return
        finally:
            writer.close()

    async def run(self) -> None:
        game_id, tokens = await self.setup()
        watcher = asyncio.create_task(self.watch(game_id))
        await asyncio.wait_for(self._arrived.get(), 10)  # the stream's first state
        turn = 0
        while time.monotonic() < self.until:
            await asyncio.sleep(1 / self.rate)
            while not self._arrived.empty():
                self._arrived.get_nowait()
            turn += 1
            sent = time.perf_counter()
            r = await self.send.post(f"/api/player/{tokens[turn % len(tokens)]}/post", json={"text": f"#{turn}"})
            if r.status_code != 201:
                continue
            try:
                arrived = await asyncio.wait_for(self._arrived.get(), 5)
            except TimeoutError:
                self.lost += 1
                continue
            self.latency_ms.append((arrived - sent) * 1000)
        watcher.cancel()


class Bench:
    def __init__(self, client: RawClient | RoundRobin, think: float, until: float) -> None:
        self.client = client
        self.think = think
        self.until = until
        self.command_ms: list[float] = []
        self.read_ms: list[float] = []
        self.ping_ms: list[float] = []
        self.refused = 0
        self.refusals: dict[str, int] = {}  # refused commands by their answer's status and error
        self.errors = 0
        self.phases = 0

    async def timed(self, method: str, url: str, bucket: list[float], json: Any = None) -> Response:
        start = time.perf_counter()
        response = await self.client.request(method, url, json)
        bucket.append((time.perf_counter() - start) * 1000)
        if response.status_code >= 500:
            self.errors += 1
        return response

    async def setup_game(self, index: int) -> tuple[str, str, dict[str, str]]:
        r = await self.client.post("/api/games", json={"preset": "classic-12", "title": f"bench {index}"})
        game = r.json()
        tokens = {}
        for i in range(12):
            j = await self.client.post(f"/api/games/{game['id']}/join", json={"nickname": f"Bot{i:02d}"})
            tokens[j.json()["name"]] = j.json()["token"]
        await self.client.post(f"/api/host/{game['admin_token']}/start")
        return game["id"], game["admin_token"], tokens

    async def play(self, admin: str, tokens: dict[str, str], rng: random.Random) -> None:
        await asyncio.sleep(rng.random() * self.think * 12)  # games out of step, as in real life
        while time.monotonic() < self.until:
            phase_before = None
            for token in tokens.values():
                if time.monotonic() >= self.until:
                    return
                view = (await self.timed("GET", f"/api/player/{token}", self.read_ms)).json()
                game = view["game"]
                if game["status"] != "running":
                    if game["status"] == "over":
                        return
                    continue
                phase_before = (game["phase"], game["number"])
                move = api_move(view, rng, blues=2)
                if move is None:
                    continue
                command, body = move
                r = await self.timed("POST", f"/api/player/{token}/{command}", self.command_ms, json=body)
                if r.status_code != 200:
                    self.refused += 1
                    try:
                        why = f"{r.status_code} {r.json().get('error', '')}"
                    except ValueError:
                        why = str(r.status_code)
                    self.refusals[why] = self.refusals.get(why, 0) + 1
                await asyncio.sleep(self.think)
            host = (await self.client.get(f"/api/host/{admin}")).json()["game"]
            if host["status"] == "running" and (host["phase"], host["number"]) == phase_before:
                await self.client.post(f"/api/host/{admin}/resolve")  # no majority today: the host ends it
            self.phases += 1

    async def pinger(self, rate: float) -> None:
        while time.monotonic() < self.until:
            await self.timed("GET", "/api/ping", self.ping_ms)
            await asyncio.sleep(1 / rate)


async def bare(client: RawClient, concurrency: int, seconds: float) -> tuple[int, list[float]]:
    """The bare endpoint alone, closed loop at the given concurrency: the HTTP stack's own ceiling."""
    until = time.monotonic() + seconds
    latencies: list[float] = []

    async def loop() -> None:
        while time.monotonic() < until:
            start = time.perf_counter()
            await client.get("/api/ping")
            latencies.append((time.perf_counter() - start) * 1000)

    await asyncio.gather(*(loop() for _ in range(concurrency)))
    return len(latencies), latencies


async def main(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="rankedmafia-bench-"))
    database = None
    if args.database == "postgresql":
        schema = f"rm_bench_{os.getpid()}"
        pg_execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        pg_execute(f"CREATE SCHEMA {schema}")
        database = pg_schema_url(schema)
    elif args.processes > 1:
        raise SystemExit("two processes share a PostgreSQL: --database postgresql")
    quiet = ("--log-level", "warning")  # no access log line per request
    servers = [Server(folder / f"data{i}", database, extra=quiet).start() for i in range(args.processes)]
    try:
        clients = [RawClient(server.port, args.connections // len(servers)) for server in servers]
        client = RoundRobin(clients)
        setup_start = time.monotonic()
        games = []
        for chunk in range(0, args.games, 20):
            games += await asyncio.gather(
                *(Bench(clients[0], 0, 0).setup_game(i) for i in range(chunk, min(args.games, chunk + 20)))
            )
        setup_seconds = time.monotonic() - setup_start
        until = time.monotonic() + args.seconds
        streams = Streams()
        ids = [game_id for game_id, _, _ in games]
        holders = [asyncio.create_task(streams.hold(servers[i % len(servers)].port,
                                                    f"/api/games/{ids[i % len(ids)]}/events", until))
                   for i in range(args.streams)]
        await asyncio.sleep(min(5.0, args.streams / 500))  # the streams open before the games play
        bench = Bench(client, args.think, until)
        # from an address of its own: the 300 games have spent the bench's address's budget of games
        sampler = ChangeSampler(RawClient(servers[0].port, 2, "127.0.0.7"), servers[-1].port, until,
                                args.sample_rate)
        started = time.monotonic()
        opened = streams.open
        await asyncio.gather(
            bench.pinger(args.ping_rate),
            sampler.run(),
            *(bench.play(admin, tokens, random.Random(i)) for i, (_, admin, tokens) in enumerate(games)),
        )
        elapsed = time.monotonic() - started
        await asyncio.gather(*holders)
        pings, ping_alone = await bare(clients[0], args.bare_concurrency, min(5.0, args.seconds))
        for each in clients:
            await each.close()
    finally:
        for server in servers:
            server.stop()
        if database is not None:
            pg_execute(f"DROP SCHEMA IF EXISTS rm_bench_{os.getpid()} CASCADE")
    commands = len(bench.command_ms)
    return {
        "database": args.database,
        "processes": args.processes,
        "games": args.games,
        "players_per_game": 12,
        "streams_open": opened,
        "streams_broken": streams.broken,
        "stream_events": streams.events,
        "seconds": round(elapsed, 1),
        "think_s": args.think,
        "setup_s": round(setup_seconds, 1),
        "commands": commands,
        "commands_per_s": round(commands / elapsed, 1),
        "reads_per_s": round(len(bench.read_ms) / elapsed, 1),
        "command_p50_ms": round(percentile(bench.command_ms, 0.50), 2),
        "command_p99_ms": round(percentile(bench.command_ms, 0.99), 2),
        "read_p50_ms": round(percentile(bench.read_ms, 0.50), 2),
        "read_p99_ms": round(percentile(bench.read_ms, 0.99), 2),
        "change_to_page_p50_ms": round(percentile(sampler.latency_ms, 0.50), 1),
        "change_to_page_p99_ms": round(percentile(sampler.latency_ms, 0.99), 1),
        "change_samples": len(sampler.latency_ms),
        "change_lost": sampler.lost,
        "ping_under_load_p50_ms": round(percentile(bench.ping_ms, 0.50), 2),
        "ping_under_load_p99_ms": round(percentile(bench.ping_ms, 0.99), 2),
        "bare_ping_per_s": round(pings / min(5.0, args.seconds), 1),
        "bare_ping_p50_ms": round(statistics.median(ping_alone), 2) if ping_alone else None,
        "bare_ping_p99_ms": round(percentile(ping_alone, 0.99), 2),
        "refused": bench.refused,
        "refusals": bench.refusals,
        "server_errors": bench.errors,
        "phases": bench.phases,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the games play")
    parser.add_argument("--think", type=float, default=0.5, help="seconds between one game's commands")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--ping-rate", type=float, default=50.0)
    parser.add_argument("--bare-concurrency", type=int, default=16)
    parser.add_argument("--streams", type=int, default=0, help="open live streams (the games' public pages)")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--processes", type=int, default=1, help="server processes (2: on PostgreSQL)")
    parser.add_argument("--sample-rate", type=float, default=4.0, help="changes timed a second")
    result = asyncio.run(main(parser.parse_args()))
    print(json.dumps(result, indent=2))
