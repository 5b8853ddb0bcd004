"""The AI players' costs: building a prompt and checking an answer on full-35, and arena games a second
through the project's fake chat server, in process (httpx2's transport) and over loopback HTTP (the
aiohttp server in a process of its own), on one process and on two.

    .venv/bin/python benchmarks/arena.py [--games 40] [--markdown]

CPU seconds are counted beside wall seconds: on a shared machine the wall clock measures the neighbours.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rankedmafia.ai.answer import read
from rankedmafia.ai.arena import Settings, run, run_games
from rankedmafia.ai.config import parse_agents
from rankedmafia.ai.fake_server import instance
from rankedmafia.ai.prompt import NIGHT, VOTE, PromptBuilder
from rankedmafia.ai.seats import seat_names
from rankedmafia.ai.talk import Conversation
from rankedmafia.bots import make_policy, play_phase
from rankedmafia.setup import new_game, preset


def decision_cost(rounds: int = 20) -> dict[str, float]:
    """Microseconds to build one seat's prompt and read its answer, full-35 on night 3 and day 3 (thirty
    posts in the discussion)."""
    names, sexes = seat_names(35)
    game = new_game(preset("full-35"), names, "bench", sexes=sexes)
    policy = make_policy("heuristic", random.Random(1))
    out: dict[str, float] = {}
    for kind, phases in ((NIGHT, 4), (VOTE, 1)):
        for _ in range(phases):
            play_phase(game, policy)
            game.resolve()
        talk = Conversation(tuple(names))
        for i in range(30):
            talk.add(names[i], f"Я думаю, что {names[i + 1]} подозрителен.", game.phase.number)
        alive = game.alive()
        rng = random.Random(0)
        answers = {n: json.dumps(instance(PromptBuilder(game).prompt(n, kind, "ru", talk).schema, rng),
                                 ensure_ascii=False) for n in alive}
        best = float("inf")
        for _ in range(rounds):
            start = time.process_time()
            builder = PromptBuilder(game)  # a new game's builder: nothing kept from an earlier round
            for name in alive:
                read(builder.prompt(name, kind, "ru", talk), answers[name], game)
            best = min(best, (time.process_time() - start) / len(alive))
        out[kind] = best * 1e6
    return out


AGENTS = {
    "mixed": [{"name": "scripted", "kind": "ai"}, {"name": "heuristic", "kind": "heuristic"},
              {"name": "random", "kind": "random"}],
    "all-ai": [{"name": "scripted", "kind": "ai"}],
}


def agents(mix: str, base_url: str, posts: int) -> list[Any]:
    return parse_agents({"agents": [{**a, "base_url": base_url, "model": "scripted", "posts_per_day": posts}
                                    if a["kind"] == "ai" else a for a in AGENTS[mix]]})


def in_process(mix: str, posts: int, base_url: str, games: int) -> tuple[float, float, float]:
    """Games a wall second and a CPU second on one process, and requests a game."""
    settings = Settings(agents(mix, base_url, posts), preset("classic-12"), games, "bench", bootstrap=0)
    folder = Path(tempfile.mkdtemp())
    try:
        asyncio.run(run_games(settings, range(2), folder))  # warm-up
        wall, cpu = time.perf_counter(), time.process_time()
        results = asyncio.run(run_games(settings, range(games), folder))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        shutil.rmtree(folder)
    requests = sum(s["decisions"] for r in results for s in r["seats"]) / games
    return games / wall, games / cpu, requests


def two_jobs(mix: str, posts: int, base_url: str, games: int) -> float:
    settings = Settings(agents(mix, base_url, posts), preset("classic-12"), games, "bench2", bootstrap=0)
    folder = Path(tempfile.mkdtemp())
    try:
        start = time.perf_counter()
        run(settings, folder, jobs=2, chunk=max(1, games // 8))
        return games / (time.perf_counter() - start)
    finally:
        shutil.rmtree(folder)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    costs = decision_cost()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "rankedmafia.ai.fake_server", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)  # waiting for the server's port to open, not for a result
        rows = []
        for mix, posts in (("mixed", 0), ("mixed", 2), ("all-ai", 0), ("all-ai", 2)):
            for transport, url in (("in process", "fake:legal"), ("loopback HTTP", f"http://127.0.0.1:{port}/v1")):
                wall, cpu, requests = in_process(mix, posts, url, args.games)
                jobs2 = two_jobs(mix, posts, url, args.games)
                rows.append((mix, posts, transport, requests, wall, cpu, jobs2))
    finally:
        server.terminate()
        server.wait()
    load = os.getloadavg()[0]
    if args.markdown:
        print(f"prompt + answer check, full-35 (µs per decision, CPU): night {costs[NIGHT]:.0f}, "
              f"day vote {costs[VOTE]:.0f}\n")
        print(f"load average while measuring: {load:.1f}\n")
        print("| agents | posts a day | transport | requests a game | games/s (1 process, wall) | "
              "games per CPU second | games/s (--jobs 2, wall) |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for mix, posts, transport, requests, wall, cpu, jobs2 in rows:
            print(f"| {mix} | {posts} | {transport} | {requests:.0f} | {wall:.1f} | {cpu:.1f} | {jobs2:.1f} |")
    else:
        print(json.dumps({"decision_us": costs, "load": load, "arena": rows}, indent=1))


if __name__ == "__main__":
    main()
