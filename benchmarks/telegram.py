"""The Telegram bot under load: many concurrent games through the tests' fake Bot API (on loopback).

Every game signs up its players by deep link and starts; then, in every game at once, the players press
through their night keyboards (one press in flight per game: a closed loop). Two latencies of a press, from
the moment the fake server offers the callback update: to the bot's answerCallbackQuery (the button's
spinner stops; the press has been taken, and a sent action is in the game's log), and to the edit of the
pressed message (the next screen). Next to them, in the same run, a bare getMe round trip to the same fake
server from this process, and the CPU time each side spent: the bot's per press (above its idle floor,
measured for a few seconds before the presses), so a busy machine can be told from a slow bot.

    .venv/bin/python benchmarks/telegram.py --games 100               # every game presses again at once
    .venv/bin/python benchmarks/telegram.py --games 100 --think 1.0   # a press a second in each game
    .venv/bin/python benchmarks/telegram.py --games 40 --profile bot.prof   # the bot's presses, cProfile

The bot runs as `rankedmafia telegram` in a subprocess on SQLite in a temporary folder (or --database).
"""

from __future__ import annotations

import argparse
import http.client
import importlib
import importlib.util
import json
import math
import os
import platform
import random
import signal
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _load_tests() -> tuple[Any, Any]:
    """The tests' fake server and harness (tests/telegram is not an installed package)."""
    sys.path.insert(0, str(ROOT / "tests"))
    spec = importlib.util.find_spec("telegram.harness")
    if spec is None:
        raise SystemExit("tests/telegram not found")
    harness = importlib.import_module("telegram.harness")
    fakeapi = importlib.import_module("telegram.fakeapi")
    return harness, fakeapi


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# Run the bot with cProfile switched on by SIGUSR1 and off (the stats written) by SIGUSR2: the presses
# alone are profiled, not the imports and the sign-ups.
PROFILER = """
import cProfile, runpy, signal, sys
path, sys.argv = sys.argv[1], sys.argv[3:]
profile = cProfile.Profile()
signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
signal.signal(signal.SIGUSR2, lambda *_: (profile.disable(), profile.dump_stats(path)))
runpy.run_module("rankedmafia.cli", run_name="__main__", alter_sys=True)
"""


def _cpu(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bot_cpu(pid: int) -> float:
    """The bot process's CPU seconds so far (user and system, all its threads)."""
    return _cpu(Path(f"/proc/{pid}/stat"))


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds so far by the bot's threads: the event loop, the database writer, the readers."""
    out: dict[str, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            kind = "loop" if task.name == str(pid) else "writer" if "writer" in name else "readers"
            out[kind] = out.get(kind, 0.0) + _cpu(task / "stat")
        except OSError:  # a thread that has just ended
            continue
    return out


def press_through_night(fake: Any, table: Any, rng: random.Random, latencies: list[tuple[float, float | None]],
                        lock: threading.Lock, until: float, think: float) -> int:
    """Each player with a keyboard presses to a sent action; one press in flight for the game."""
    presses = 0
    fake.wait(lambda: table.group_text("Ночь 1"), 60, "night 1")
    time.sleep(1.0)  # the night's keyboards follow the group's post
    if think:  # games start apart, as they would: not a hundred first presses in the same millisecond
        time.sleep(rng.uniform(0.0, think))
    for user_id in table.ids.values():
        for _ in range(12):
            if time.monotonic() > until:
                return presses
            msg = fake.last(user_id, lambda m: bool(m.markup))
            if msg is None:
                break
            buttons = {b["text"]: b.get("callback_data") for b in msg.buttons()}
            if list(buttons) == ["Изменить ход"] or not all(buttons.values()):
                break
            label = rng.choice([b for b in buttons if b != "↩️ Заново"] or list(buttons))
            pressed, answered, shown = fake.press_and_wait(user_id, msg, buttons[label], timeout=5.0)
            with lock:
                latencies.append((answered - pressed, None if shown is None else shown - pressed))
            presses += 1
            if think:
                time.sleep(rng.uniform(0.5, 1.5) * think)
    return presses


def get_me_round_trips(port: int, count: int) -> list[float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    out = []
    for _ in range(count):
        start = time.perf_counter()
        connection.request("POST", f"/bot{FAKE_TOKEN}/getMe")
        response = connection.getresponse()
        json.loads(response.read())
        out.append(time.perf_counter() - start)
        time.sleep(0.01)
    connection.close()
    return out


FAKE_TOKEN = ""


def main() -> None:
    global FAKE_TOKEN
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--preset", default="classic-12")
    parser.add_argument("--seconds", type=float, default=60.0, help="the most time for the presses")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds between a game's presses (on average); 0: press again at once (a closed loop)")
    parser.add_argument("--database", default=None, help="postgresql://... (default: SQLite in a temp folder)")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds the bot's idle CPU is measured")
    parser.add_argument("--profile", type=Path, default=None, help="write the bot's cProfile here (slower)")
    args = parser.parse_args()
    harness, fakeapi = _load_tests()
    FAKE_TOKEN = fakeapi.TOKEN
    fake = fakeapi.FakeTelegram().start()
    with tempfile.TemporaryDirectory() as folder:
        profile = ("-c", PROFILER, str(args.profile.resolve())) if args.profile else ()
        bot = harness.BotProcess(fake, Path(folder) / "data", night=3600, day=3600, registration=3600,
                                 database=args.database, python=profile)
        bot.start()
        try:
            players = harness.preset_players(args.preset)
            tables = [harness.Table(fake, players) for _ in range(args.games)]
            started = time.monotonic()
            with ThreadPoolExecutor(max_workers=min(args.games, 50)) as pool:
                list(pool.map(lambda t: t.sign_up(args.preset), tables))
            print(f"{args.games} games of {args.preset} signed up and started in {time.monotonic() - started:.1f} s")
            time.sleep(2.0)  # the night's keyboards go out
            pid = bot.process.pid
            idle_from = bot_cpu(pid)
            time.sleep(args.idle)
            idle = (bot_cpu(pid) - idle_from) / args.idle
            latencies: list[tuple[float, float | None]] = []
            lock = threading.Lock()
            baseline: list[float] = []
            until = time.monotonic() + args.seconds
            pinger = threading.Thread(target=lambda: baseline.extend(get_me_round_trips(fake.port, 500)))
            pinger.start()
            started = time.monotonic()
            cpu_from, own_from, threads_from = bot_cpu(pid), time.process_time(), thread_cpu(pid)
            if args.profile:
                os.kill(pid, signal.SIGUSR1)
            with ThreadPoolExecutor(max_workers=args.games) as pool:
                presses = sum(pool.map(lambda t: press_through_night(fake, t, random.Random(t.group_id),
                                                                     latencies, lock, until, args.think), tables))
            took = time.monotonic() - started
            cpu, own = bot_cpu(pid) - cpu_from, time.process_time() - own_from
            threads = {k: v - threads_from.get(k, 0.0) for k, v in thread_cpu(pid).items()}
            if args.profile:
                os.kill(pid, signal.SIGUSR2)
                time.sleep(2.0)  # the stats are written
            pinger.join()
        finally:
            bot.stop()
            fake.stop()
    answers = [a * 1000 for a, _ in latencies]
    screens = [s * 1000 for _, s in latencies if s is not None]
    base = [v * 1000 for v in baseline]
    busy = max(0.0, cpu - idle * took)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"python {platform.python_version()}, load {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    print(f"{presses} presses in {took:.1f} s ({presses / took:.0f}/s), {args.games} games at once")
    print(f"press -> answer: p50 {percentile(answers, 0.5):.1f} ms, p99 {percentile(answers, 0.99):.1f} ms, "
          f"mean {statistics.fmean(answers or [math.nan]):.1f} ms")
    print(f"press -> screen: p50 {percentile(screens, 0.5):.1f} ms, p99 {percentile(screens, 0.99):.1f} ms, "
          f"mean {statistics.fmean(screens or [math.nan]):.1f} ms ({len(latencies) - len(screens)} without one)")
    print(f"bare getMe round trip: p50 {percentile(base, 0.5):.2f} ms, p99 {percentile(base, 0.99):.2f} ms")
    print(f"bot CPU: {1000 * cpu / max(presses, 1):.2f} ms a press in all, {1000 * busy / max(presses, 1):.2f} ms "
          f"above its idle {1000 * idle:.0f} ms/s; this process (fake server, players): "
          f"{1000 * own / max(presses, 1):.2f} ms a press")
    print("bot CPU by thread, ms a press in all: " + ", ".join(
        f"{k} {1000 * v / max(presses, 1):.2f}" for k, v in sorted(threads.items())))


if __name__ == "__main__":
    main()
