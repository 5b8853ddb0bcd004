"""Load benchmark of the web platform: many concurrent games, bots sending actions and votes over HTTP.

Starts `rankedmafia serve` on SQLite in a temporary folder on a loopback port, creates GAMES games of the
classic-12 preset, joins 12 bots to each and starts them. Each game then plays phase after phase: every
bot reads his own view (GET), then sends a legal action by night or a vote by day (POST), one request at
a time per game with THINK seconds between a game's commands. Reports the latency of an acknowledged
command (the POST, answered only after its commit) and the commands per second, next to the bare
`/api/ping` endpoint of the same app sampled during the same load. Bounded in time and count; stops by
itself; loopback only.

    .venv/bin/python benchmarks/load.py --games 200 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rankedmafia.bots.api_moves import api_move

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from web.helpers import Server


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

    def __init__(self, port: int, connections: int) -> None:
        self.port = port
        self.pool: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()
        self.size = connections
        self.opened = 0

    async def _connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.pool.empty() and self.opened < self.size:
            self.opened += 1
            return await asyncio.open_connection("127.0.0.1", self.port)
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


class Bench:
    def __init__(self, client: RawClient, think: float, until: float) -> None:
        self.client = client
        self.think = think
        self.until = until
        self.command_ms: list[float] = []
        self.read_ms: list[float] = []
        self.ping_ms: list[float] = []
        self.refused = 0
        self.errors = 0
        self.phases = 0

    async def timed(self, method: str, url: str, bucket: list[float], json: Any = None) -> Response:
        start = time.perf_counter()
        response = await self.client.request(method, url, json)
        bucket.append((time.perf_counter() - start) * 1000)
        if response.status_code >= 500:
            self.errors += 1
        return response

    async def setup_game(self, index: int) -> tuple[str, dict[str, str]]:
        r = await self.client.post("/api/games", json={"preset": "classic-12", "title": f"bench {index}"})
        game = r.json()
        tokens = {}
        for i in range(12):
            j = await self.client.post(f"/api/games/{game['id']}/join", json={"nickname": f"Bot{i:02d}"})
            tokens[j.json()["name"]] = j.json()["token"]
        await self.client.post(f"/api/host/{game['admin_token']}/start")
        return game["admin_token"], tokens

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
    server = Server(folder / "data").start()
    try:
        client = RawClient(server.port, args.connections)
        if True:
            setup_start = time.monotonic()
            games = []
            for chunk in range(0, args.games, 20):
                games += await asyncio.gather(
                    *(Bench(client, 0, 0).setup_game(i) for i in range(chunk, min(args.games, chunk + 20)))
                )
            setup_seconds = time.monotonic() - setup_start
            bench = Bench(client, args.think, time.monotonic() + args.seconds)
            started = time.monotonic()
            await asyncio.gather(
                bench.pinger(args.ping_rate),
                *(bench.play(admin, tokens, random.Random(i)) for i, (admin, tokens) in enumerate(games)),
            )
            elapsed = time.monotonic() - started
            pings, ping_alone = await bare(client, args.bare_concurrency, min(5.0, args.seconds))
            await client.close()
    finally:
        server.stop()
    commands = len(bench.command_ms)
    return {
        "games": args.games,
        "players_per_game": 12,
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
        "ping_under_load_p50_ms": round(percentile(bench.ping_ms, 0.50), 2),
        "ping_under_load_p99_ms": round(percentile(bench.ping_ms, 0.99), 2),
        "bare_ping_per_s": round(pings / min(5.0, args.seconds), 1),
        "bare_ping_p50_ms": round(statistics.median(ping_alone), 2) if ping_alone else None,
        "bare_ping_p99_ms": round(percentile(ping_alone, 0.99), 2),
        "refused": bench.refused,
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
    result = asyncio.run(main(parser.parse_args()))
    print(json.dumps(result, indent=2))
