"""The Telegram bot under load: many concurrent games through the tests' fake Bot API (on loopback).

Every game signs up its players by deep link and starts; then, in every game at once, the players press
through their night keyboards (one press in flight per game: a closed loop). The latency of a press is
from the moment the fake server offers the callback update to the moment the bot's answerCallbackQuery
reaches it (after the press was taken through the game's log and the keyboard edited). Next to it, in the
same run, a bare getMe round trip to the same fake server from this process.

    .venv/bin/python benchmarks/telegram.py --games 100               # every game presses again at once
    .venv/bin/python benchmarks/telegram.py --games 100 --think 1.0   # a press a second in each game

The bot runs as `rankedmafia telegram` in a subprocess on SQLite in a temporary folder (or --database).
"""

from __future__ import annotations

import argparse
import http.client
import importlib
import importlib.util
import json
import platform
import random
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


def press_through_night(fake: Any, table: Any, rng: random.Random, latencies: list[float], lock: threading.Lock,
                        until: float, think: float) -> int:
    """Each player with a keyboard presses to a sent action; one press in flight for the game."""
    presses = 0
    fake.wait(lambda: table.group_text("Ночь 1"), 60, "night 1")
    time.sleep(1.0)  # the night's keyboards follow the group's post
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
            pressed, answered = fake.press_and_wait(user_id, msg, buttons[label])
            with lock:
                latencies.append(answered - pressed)
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
    args = parser.parse_args()
    harness, fakeapi = _load_tests()
    FAKE_TOKEN = fakeapi.TOKEN
    fake = fakeapi.FakeTelegram().start()
    with tempfile.TemporaryDirectory() as folder:
        bot = harness.BotProcess(fake, Path(folder) / "data", night=3600, day=3600, registration=3600,
                                 database=args.database)
        bot.start()
        try:
            players = harness.preset_players(args.preset)
            tables = [harness.Table(fake, players) for _ in range(args.games)]
            started = time.monotonic()
            with ThreadPoolExecutor(max_workers=min(args.games, 50)) as pool:
                list(pool.map(lambda t: t.sign_up(args.preset), tables))
            print(f"{args.games} games of {args.preset} signed up and started in {time.monotonic() - started:.1f} s")
            latencies: list[float] = []
            lock = threading.Lock()
            baseline: list[float] = []
            until = time.monotonic() + args.seconds
            pinger = threading.Thread(target=lambda: baseline.extend(get_me_round_trips(fake.port, 500)))
            pinger.start()
            started = time.monotonic()
            with ThreadPoolExecutor(max_workers=args.games) as pool:
                presses = sum(pool.map(lambda t: press_through_night(fake, t, random.Random(t.group_id),
                                                                     latencies, lock, until, args.think), tables))
            took = time.monotonic() - started
            pinger.join()
        finally:
            bot.stop()
            fake.stop()
    ms = [v * 1000 for v in latencies]
    base = [v * 1000 for v in baseline]
    print(f"machine: {platform.processor() or platform.machine()}, python {platform.python_version()}")
    print(f"{presses} presses in {took:.1f} s ({presses / took:.0f}/s), {args.games} games at once")
    print(f"press -> answer: p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
          f"mean {statistics.fmean(ms or [0.0]):.1f} ms")
    print(f"bare getMe round trip: p50 {percentile(base, 0.5):.2f} ms, p99 {percentile(base, 0.99):.2f} ms")


if __name__ == "__main__":
    main()
