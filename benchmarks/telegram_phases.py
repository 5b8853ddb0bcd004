"""What the Telegram bot sends per phase, and how soon a group hears that a phase has ended.

Several whole games of classic-12 at once through the tests' fake Bot API, with the bot's real limits
(30 calls a second, 20 messages a minute per group, 1 s between two group messages): for each finished
phase, the calls to the group and to the players (messages, edits), and the time from the phase's end (its
`resolve` entry in the game's log) to the group's message with its results. Also the most calls in any
second and in any group's minute, from the fake server's log of every call.

    .venv/bin/python benchmarks/telegram_phases.py --games 4
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
harness: Any = importlib.import_module("telegram.harness")
fakeapi: Any = importlib.import_module("telegram.fakeapi")


def resolves(data: Path, game_id: str) -> list[float]:
    """When each phase of the game ended (wall clock)."""
    from rankedmafia.store import Store, connect

    async def read() -> list[float]:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            return [e.at for e in await store.log(game_id) if e.type == "resolve"]
        finally:
            store.close()

    return asyncio.run(read())


def most_in_window(times: list[float], seconds: float) -> int:
    times = sorted(times)
    most, start = 0, 0
    for end, at in enumerate(times):
        while times[start] <= at - seconds:
            start += 1
        most = max(most, end - start + 1)
    return most


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--night", type=int, default=10)
    parser.add_argument("--day", type=int, default=12)
    args = parser.parse_args()
    fake = fakeapi.FakeTelegram().start()
    wall_minus_mono = time.time() - time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        bot = harness.BotProcess(fake, Path(folder) / "data", night=args.night, day=args.day, extra=(
            "--per-second", "30", "--group-per-minute", "20", "--group-interval", "1", "--private-interval", "0.05"))
        bot.start()
        try:
            tables = [harness.Table(fake, 12) for _ in range(args.games)]
            with ThreadPoolExecutor(max_workers=args.games) as pool:
                list(pool.map(lambda t: t.sign_up("classic-12"), tables))
                list(pool.map(lambda t: t.play(limit=900), tables))
        finally:
            bot.stop()
            fake.stop()
        warnings = [line for line in (Path(folder) / "bot.log").read_text(errors="replace").splitlines()
                    if " WARNING " in line or " ERROR " in line]
        with fake.lock:
            calls = list(fake.log)
        phases, delays = 0, []
        slowest: list[tuple[float, str]] = []  # (delay, the results' heading), to tell which phases wait
        counts = {"group messages": 0, "group edits": 0, "private messages": 0, "private edits": 0}
        group_minutes = []
        for table in tables:
            live, seats = harness.load(bot.data, table.group_id)
            ended = resolves(bot.data, live.id)
            phases += len(ended)
            news = [c for c in calls
                    if c.chat_id == table.group_id and c.method == "sendmessage" and "Итоги " in c.text]
            for at in ended:
                after = [(c.at + wall_minus_mono - at, c.text.split("\n")[0]) for c in news
                         if c.at + wall_minus_mono >= at]
                if after:
                    delay, title = min(after)
                    delays.append(delay)
                    slowest.append((delay, title))
            players = set(seats.values())
            for c in calls:
                where = "group" if c.chat_id == table.group_id else "private" if c.chat_id in players else None
                if where and c.method in ("sendmessage", "editmessagetext"):
                    counts[f"{where} {'messages' if c.method == 'sendmessage' else 'edits'}"] += 1
            group_minutes.append(most_in_window([c.at for c in calls if c.chat_id == table.group_id
                                                 and c.method in ("sendmessage", "editmessagetext")], 60.0))
    print(f"{args.games} games of classic-12, {phases} phases")
    for what, count in counts.items():
        print(f"  {what} per phase per game: {count / phases:.1f}")
    if delays:
        ordered = sorted(delays)
        p95, p99 = (ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.95, 0.99))
        print(f"  phase's end -> the group's results: p50 {statistics.median(ordered) * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms "
              f"({len(ordered)} phases)")
    for delay, title in sorted(slowest, reverse=True)[:3]:
        print(f"  slow: {delay * 1000:.0f} ms to {title}")
    print(f"  the bot's warnings and errors: {len(warnings)}", *warnings[:10], sep="\n    ")
    print(f"  most calls in any second: {most_in_window([c.at for c in calls], 1.0)} (limit 30); "
          f"most in a group's minute: {max(group_minutes)} (limit 20)")


if __name__ == "__main__":
    main()
