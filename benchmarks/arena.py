"""The AI players' costs: building a prompt and checking an answer on full-35, and the arena's games a
second through the project's fake chat server, over loopback HTTP (`python -m rankedmafia.ai.fake_server`
in a process of its own) and in process (`fake:legal`), with `--jobs 1` and `--jobs 2`, with and
without talk.

    .venv/bin/python benchmarks/arena.py [--games 200] [--mix mixed|all-ai] [--markdown]

Each row is `arena.run` (what `rankedmafia arena` calls): its wall clock from the first game dealt to the
last result written (process start-up and the ratings are measured apart, below the table), the CPU
seconds of the run's processes and of the fake server's, and the load average around it: on a shared
machine the wall clock measures the neighbours too. Then the command itself, end to end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rankedmafia.ai.answer import read
from rankedmafia.ai.arena import Settings, run
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


def cpu_of(pid: int) -> float:
    """A process's CPU seconds so far (user + system), from /proc."""
    fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    """This process's CPU seconds and its finished children's (the run's workers)."""
    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def arena_row(mix: str, posts: int, base_url: str, games: int, jobs: int, server: int | None) -> dict[str, Any]:
    """One run: games a wall second from the first game dealt to the last result, CPU, requests a game."""
    settings = Settings(agents(mix, base_url, posts), preset("classic-12"), games, "bench", bootstrap=0)
    folder = Path(tempfile.mkdtemp())
    marks: list[float] = []
    try:
        load = os.getloadavg()[0]
        cpu, server_cpu = own_cpu(), cpu_of(server) if server else 0.0
        report = run(settings, folder, jobs=jobs, progress=lambda _n: marks.append(time.perf_counter()))
        wall = marks[-1] - marks[0]  # the first tick comes after the preflight, when the workers start
        cpu, server_cpu = own_cpu() - cpu, (cpu_of(server) - server_cpu) if server else 0.0
        results = [json.loads(line) for line in (folder / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    finally:
        shutil.rmtree(folder)
    assert report["verified"] == games, report["verified"]
    return {"mix": mix, "posts": posts, "transport": "loopback HTTP" if server else "in process", "jobs": jobs,
            "requests": sum(s["decisions"] for r in results for s in r["seats"]) / games,
            "games_per_s": games / wall, "games_per_cpu_s": games / (cpu + server_cpu), "server_cpu": server_cpu,
            "load": max(load, os.getloadavg()[0])}


def command_wall(agents_file: Path, games: int, jobs: int, bootstrap: int) -> tuple[float, float]:
    """`rankedmafia arena …` end to end (start-up, preflight, games, ratings, report): seconds and load."""
    folder = Path(tempfile.mkdtemp())
    try:
        load = os.getloadavg()[0]
        begun = time.perf_counter()
        subprocess.run([str(Path(sys.executable).with_name("rankedmafia")), "arena", str(agents_file), "--setup",
                        "classic-12", "--games", str(games), "--jobs", str(jobs), "--out", str(folder / "run"),
                        "--bootstrap", str(bootstrap), "--json"], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        return time.perf_counter() - begun, max(load, os.getloadavg()[0])
    finally:
        shutil.rmtree(folder)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--mix", choices=sorted(AGENTS), default="mixed")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    costs = decision_cost()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "rankedmafia.ai.fake_server", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)  # waiting for the server's port to open, not for a result
        rows = [arena_row(args.mix, posts, base_url, args.games, jobs, pid)
                for posts in (0, 2)
                for base_url, pid in ((url, server.pid), ("fake:legal", None))
                for jobs in (1, 2)]
        folder = Path(tempfile.mkdtemp())
        try:
            agents_file = folder / "agents.json"  # YAML reads JSON
            agents_file.write_text(json.dumps({"agents": [a.as_mapping() for a in agents(args.mix, url, 0)]}),
                                   encoding="utf-8")
            commands = [(jobs, bootstrap, *command_wall(agents_file, args.games, jobs, bootstrap))
                        for jobs in (1, 2) for bootstrap in (0, 200)]
            started, _ = command_wall(agents_file, 1, 1, 0)
        finally:
            shutil.rmtree(folder)
    finally:
        server.terminate()
        server.wait()
    if args.markdown:
        print(f"prompt + answer check, full-35 (µs per decision, CPU): night {costs[NIGHT]:.0f}, "
              f"day vote {costs[VOTE]:.0f}\n")
        print("| posts a day | transport | --jobs | requests a game | games/s (wall) | games per CPU second "
              "(run + server) | server's CPU (s) | load average |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for r in rows:
            print(f"| {r['posts']} | {r['transport']} | {r['jobs']} | {r['requests']:.0f} | {r['games_per_s']:.1f} | "
                  f"{r['games_per_cpu_s']:.1f} | {r['server_cpu']:.1f} | {r['load']:.1f} |")
        print(f"\n`rankedmafia arena` end to end, {args.games} games over loopback HTTP, no talk "
              f"(one game alone: {started:.1f} s, the command's start-up):\n")
        print("| --jobs | --bootstrap | seconds | games/s | load average |")
        print("| --- | --- | --- | --- | --- |")
        for jobs, bootstrap, seconds, load in commands:
            print(f"| {jobs} | {bootstrap} | {seconds:.1f} | {args.games / seconds:.1f} | {load:.1f} |")
    else:
        print(json.dumps({"decision_us": costs, "arena": rows, "command": commands, "one_game_command": started},
                         indent=1))


if __name__ == "__main__":
    main()
