"""How soon a Telegram group hears that a phase has ended, with many games at once and Telegram's limits on.

Games of classic-12 (or `--preset`) through the tests' fake Bot API against `rankedmafia telegram` in a
subprocess (SQLite), with the bot's real limits (30 calls a second, 20 calls a minute per group, 1 s
between two group messages, 0.05 s between two private ones). The games start as people would start
them: each table opens its game at a random moment within the first `--spread` seconds, its players
follow the deep link within the next `--think` x 10 seconds and answer the bot's question, and then each
plays by buttons at his own pace, a pause before each press (`--think`: 0.5-1.5 times it): each player
with a night keyboard presses through it, and votes once a day (`--vote-within`). After `--minutes` the
players stop; the bot is given `--grace` seconds more to send what is due, then stopped.

For each phase that ended (its `resolve` in the game's log) before the players stopped: the time to the
group's message with its results («Итоги …»); a phase whose results never came within the grace counts
with the time it had waited (and is reported). Also the calls per phase, the most calls in any second and
in any group's minute (from the fake server's log of every call: the limits must hold), the CPU of the bot
and of this process, and the load average before and after. With the bot's trace on (see
`rankedmafia.telegram.trace`), where a group's results spent their time: the change's commit, the wait for
the gate, the call, the mark.

    .venv/bin/python benchmarks/telegram_phases.py --games 100 --minutes 4
    .venv/bin/python benchmarks/telegram_phases.py --games 1 --preset full-35 --spread 0
    .venv/bin/python benchmarks/telegram_phases.py --games 100 --bot-src /tmp/main/src   # another checkout's bot
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
harness: Any = importlib.import_module("telegram.harness")
fakeapi: Any = importlib.import_module("telegram.fakeapi")
RESULTS = "Итоги "  # the heading of a phase's results in the group
MORE_NAMES = ["Олег", "Вика", "Рома", "Галя", "Слава", "Тимур", "Кира", "Лев", "Ульяна", "Эдик"]  # past 30 seats


class Players(harness.Table):  # type: ignore[misc]
    """A table whose players act as people do, each at his own pace: a pause before each press of a
    night keyboard (`think`, 0.5-1.5 times it), one vote a day at a random moment of its first
    `vote_within` seconds; woken by what the bot does in their chats (no polling). A press whose answer
    does not come within `PATIENCE` seconds is counted and given up."""

    PATIENCE = 60.0

    def __init__(self, fake: Any, think: float, vote_within: float, seed: int, preset: str = "classic-12") -> None:
        size = harness.preset_players(preset)
        super().__init__(fake, size, rng=random.Random(seed), names=[*harness.NAMES, *MORE_NAMES][:size])
        self.preset = preset
        self.think = think
        self.vote_within = vote_within
        self.chats = (self.group_id, *self.ids.values())
        self.done: set[tuple[Any, ...]] = set()  # screens pressed, votes cast
        self.due: dict[tuple[Any, ...], float] = {}  # what a player is about to do -> when he does it
        self.presses = 0
        self.lost: list[str] = []  # presses whose answer never came (within PATIENCE)
        self.signed_up: float | None = None  # seconds from the sign-up's message to the game's start

    def press(self, user_id: int, msg: Any, data: str, screen: bool = True) -> None:
        """Press and wait for the answer (and, with `screen`, for the next screen a private press brings)."""
        redrawn = self.fake.expect_edit(msg)
        update = self.fake.press(user_id, msg, data=data)
        self.presses += 1
        try:
            first = self.fake.wait(lambda: self.fake.answers_for(update), self.PATIENCE, "an answer",
                                   chats=(user_id,))[0]
        except AssertionError:
            self.lost.append("answer")
            return
        moved = msg.chat_id > 0 and first.get("show_alert") != "true" and first.get("text") not in harness.UNCHANGED
        if screen and moved and not redrawn.wait(self.PATIENCE):
            self.lost.append("screen")

    def sign_up_slowly(self, stop: float) -> bool:
        """The sign-up as people do it: the opener's /game; each player follows the deep link at a moment of
        the next `think` x 10 seconds and answers the bot's question as it comes; once all are in (their
        presses answered), the opener starts the game. False: the players stopped before the start."""
        began = time.monotonic()
        self.fake.say(self.opener, self.group_id, f"/game {self.preset}")
        registration = self.fake.wait(lambda: self.fake.last(self.group_id, lambda m: "Набор в игру" in m.text
                                                             and bool(m.markup)), stop - began, "the sign-up",
                                      chats=(self.group_id,))
        code = registration.button("Вступить")["url"].split("start=")[1]
        now = time.monotonic()
        follows = {user_id: now + self.think * 10 * self.rng.random() for user_id in self.ids.values()}
        said: set[int] = set()
        joined: set[int] = set()
        with self.fake.watch(self.chats) as changed:
            while len(joined) < len(self.ids):
                now = time.monotonic()
                if now >= stop:
                    return False
                changed.clear()
                for user_id, at in follows.items():
                    if at <= now and user_id not in said:
                        self.fake.say(user_id, user_id, f"/start {code}")
                        said.add(user_id)
                for user_id in said - joined:
                    prompt = self.fake.last(user_id, lambda m: bool(m.markup))
                    if prompt is not None:
                        name = next(n for n, u in self.ids.items() if u == user_id)
                        self.press(user_id, prompt, prompt.button("женский" if name in harness.FEMALE
                                                                  else "мужской")["callback_data"], screen=False)
                        joined.add(user_id)
                later = [at for user_id, at in follows.items() if user_id not in said]
                if len(joined) < len(self.ids):
                    changed.wait(max(0.0, min([stop, *later]) - time.monotonic()))
        # Everyone is in once his press is answered; the list's edit (a live count, the last of the group's
        # calls) may come later on a busy bot: the opener starts the game without waiting for it.
        self.press(self.opener, registration, registration.button("Начать игру")["callback_data"])
        self.fake.wait(lambda: self.group_text("Игра началась"), max(1.0, stop - time.monotonic()), "the start",
                       chats=(self.group_id,))
        self.signed_up = time.monotonic() - began
        return True

    def choices(self, now: float) -> list[tuple[float, tuple[Any, ...], int, Any]]:
        """What each player may do now: (when he does it, what, who, the message)."""
        out = []
        for user_id in self.ids.values():
            msg = self.fake.last(user_id, lambda m: bool(m.markup))
            if msg is None or [b["text"] for b in msg.buttons()] == ["Изменить ход"]:
                continue
            key = ("screen", user_id, msg.message_id, msg.edits)
            if key not in self.done:
                out.append((self.due.setdefault(key, now + self.think * self.rng.uniform(0.5, 1.5)), key, user_id, msg))
        vote = self.fake.last(self.group_id, lambda m: "🗳" in m.text and bool(m.markup))
        if vote is not None:
            for b in vote.buttons():
                key = ("vote", vote.message_id, b["text"])
                if b["text"] in self.ids and key not in self.done:
                    at = self.due.setdefault(key, now + self.vote_within * self.rng.uniform(0.1, 1.0))
                    out.append((at, key, self.ids[b["text"]], vote))
        return out

    def play_until(self, stop: float) -> None:
        with self.fake.watch(self.chats) as changed:
            while (now := time.monotonic()) < stop:
                changed.clear()  # before the look: whatever the bot does after it wakes the wait below
                if self.over():
                    return
                ready = sorted(self.choices(now), key=lambda c: c[0])
                if not ready or ready[0][0] > now:
                    changed.wait(min(stop, ready[0][0] if ready else stop) - now)
                    continue
                _, key, user_id, msg = ready[0]
                self.done.add(key)
                buttons = {b["text"]: b.get("callback_data") for b in msg.buttons()}
                if key[0] == "vote":
                    labels = list(buttons)  # most vote alike (a day's usual majority), some at random
                    label = labels[msg.message_id % len(labels)] if self.rng.random() < 0.85 else \
                        self.rng.choice(labels)
                else:
                    label = self.rng.choice([b for b in buttons if b != "↩️ Заново"] or list(buttons))
                self.press(user_id, msg, buttons[label])


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


def cpu_seconds(pid: int) -> float:
    """A process's CPU so far (user and system, all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    if not ordered:
        return "none"
    p95, p99 = (ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.95, 0.99))
    return (f"p50 {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
            f"max {ordered[-1] * 1000:.0f} ms ({len(ordered)})")


def read_trace(path: Path) -> list[tuple[float, str, int | None, float, str]]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        at, what, chat, seconds, detail = line.split("\t")
        out.append((float(at), what, int(chat) if chat else None, float(seconds), detail))
    return out


def run_table(table: Players, start: float, stop: float, failures: list[str]) -> None:
    try:
        time.sleep(max(0.0, start - time.monotonic()))
        if table.sign_up_slowly(stop):
            table.play_until(stop)
    except Exception as error:  # a table that failed is counted, the others go on
        if time.monotonic() < stop:
            failures.append(f"{type(error).__name__}: {str(error)[:160]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--preset", default="classic-12", help="the game each table plays (e.g. full-35)")
    parser.add_argument("--minutes", type=float, default=4.0, help="the players stop after so long")
    parser.add_argument("--spread", type=float, default=60.0, help="the tables open within so many seconds")
    parser.add_argument("--night", type=int, default=30)
    parser.add_argument("--day", type=int, default=45)
    parser.add_argument("--think", type=float, default=2.0, help="a player's pause before a press, seconds")
    parser.add_argument("--vote-within", type=float, default=None,
                        help="each player votes at a random moment of the day's first so many seconds "
                             "(default: two thirds of the day)")
    parser.add_argument("--grace", type=float, default=15.0, help="seconds the bot has after the players stop")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="copy the bot's trace and the calls' log to this folder")
    parser.add_argument("--bot-src", type=Path, help="run the bot from another checkout's src folder (a before "
                                                   "and after on the same benchmark)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    fake = fakeapi.FakeTelegram().start()
    wall_minus_mono = time.time() - time.monotonic()
    rng = random.Random(args.seed)
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        trace = Path(folder) / "trace.tsv"
        os.environ["RANKEDMAFIA_TELEGRAM_TRACE"] = str(trace)
        if args.bot_src:
            os.environ["PYTHONPATH"] = str(args.bot_src.resolve())  # the bot's process only: this one has imported
        bot = harness.BotProcess(fake, Path(folder) / "data", night=args.night, day=args.day, registration=600, extra=(
            "--per-second", "30", "--group-per-minute", "20", "--group-interval", "1", "--private-interval", "0.05"))
        bot.start()
        assert bot.process is not None
        bot_cpu, own_cpu = cpu_seconds(bot.process.pid), time.process_time()
        began = time.monotonic()
        stop = began + args.minutes * 60
        vote_within = args.vote_within if args.vote_within is not None else args.day * 2 / 3
        tables = [Players(fake, args.think, vote_within, args.seed * 1000 + i, args.preset)
                  for i in range(args.games)]
        threads = [threading.Thread(target=run_table, args=(t, began + rng.uniform(0, args.spread), stop, failures),
                                    daemon=True) for t in tables]
        try:
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(max(0.0, stop + 30 - time.monotonic()))
            time.sleep(max(0.0, stop + args.grace - time.monotonic()))
            bot_cpu, own_cpu = cpu_seconds(bot.process.pid) - bot_cpu, time.process_time() - own_cpu
        finally:
            bot.stop()
            fake.stop()
        elapsed = time.monotonic() - began
        load_after = os.getloadavg()
        warnings = [line for line in (Path(folder) / "bot.log").read_text(errors="replace").splitlines()
                    if " WARNING " in line or " ERROR " in line]
        with fake.lock:
            calls = list(fake.log)
        events = read_trace(trace)
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            if trace.exists():  # (a bot from before the trace writes none)
                shutil.copy(trace, args.keep / "trace.tsv")
            (args.keep / "calls.tsv").write_text("".join(
                f"{c.at + wall_minus_mono:.4f}\t{c.method}\t{c.chat_id}\t{c.text[:40]!r}\n" for c in calls))
        stop_wall = stop + wall_minus_mono
        phases, delays, missing = 0, [], 0
        slowest: list[tuple[float, str, float]] = []  # (delay, the results' heading, when the phase ended)
        counts = {"group messages": 0, "group edits": 0, "private messages": 0, "private edits": 0}
        group_minutes = []
        news_sent: dict[int, list[float]] = defaultdict(list)  # group -> when its results were sent (wall)
        for table in tables:
            if table.signed_up is None:
                continue
            live, seats = harness.load(bot.data, table.group_id)
            ended = [at for at in resolves(bot.data, live.id) if at <= stop_wall]
            if args.keep:
                with (args.keep / "resolves.tsv").open("a") as out:
                    out.writelines(f"{at:.4f}\t{table.group_id}\n" for at in ended)
            phases += len(ended)
            news = sorted((c.at + wall_minus_mono, c.text.split("\n")[0]) for c in calls
                          if c.chat_id == table.group_id and c.method == "sendmessage" and RESULTS in c.text)
            news_sent[table.group_id] = [at for at, _ in news]
            for at in ended:
                after = [(sent - at, title) for sent, title in news if sent >= at]
                if after:
                    delay, title = after[0]
                else:
                    delay, title = stop_wall + args.grace - at, "(not sent)"
                    missing += 1
                delays.append(delay)
                slowest.append((delay, title, at))
            players = set(seats.values())
            for c in calls:
                where = "group" if c.chat_id == table.group_id else "private" if c.chat_id in players else None
                if where and c.method in ("sendmessage", "editmessagetext"):
                    counts[f"{where} {'messages' if c.method == 'sendmessage' else 'edits'}"] += 1
            # every call to the group counts in its minute, pins too (the bot's limiter counts them)
            group_minutes.append(most_in_window([c.at for c in calls if c.chat_id == table.group_id], 60.0))
    signed = [t.signed_up for t in tables if t.signed_up is not None]
    started = len(signed)
    print(f"{args.games} tables of {args.preset} opened within {args.spread:.0f} s, {started} games started; "
          f"nights {args.night} s, days {args.day} s, think {args.think} s; players stopped after "
          f"{args.minutes:g} min, the bot after {args.grace:.0f} s more")
    print(f"  load average before {load_before[0]:.2f} / {load_before[1]:.2f}, after {load_after[0]:.2f} / "
          f"{load_after[1]:.2f} (1 / 5 min)")
    print(f"  sign-up (the /game to the start, all its players joining): {quantiles(signed)}")
    print(f"  {phases} phases ended; presses {sum(t.presses for t in tables)} "
          f"(unanswered within {Players.PATIENCE:.0f} s: {sum(len(t.lost) for t in tables)}); calls {len(calls)} "
          f"({len(calls) / elapsed:.1f} a second)")
    for what, count in counts.items():
        print(f"  {what} per phase per game: {count / max(1, phases):.1f}")
    print(f"  phase's end -> the group's results: {quantiles(delays)}; never sent: {missing}")
    for delay, title, at in sorted(slowest, reverse=True)[:3]:
        print(f"    slow: {delay * 1000:.0f} ms to {title[:60]} (ended {at - began - wall_minus_mono:.0f} s in)")
    print(f"  CPU: the bot {bot_cpu:.1f} s ({bot_cpu / elapsed * 100:.0f}%), this process {own_cpu:.1f} s "
          f"({own_cpu / elapsed * 100:.0f}%) in {elapsed:.0f} s")
    print(f"  most calls in any second: {most_in_window([c.at for c in calls], 1.0)} (limit 30); "
          f"most calls in a group's minute, pins included: {max(group_minutes, default=0)} (limit 20)")
    if events:
        by: dict[tuple[str, str], list[float]] = defaultdict(list)
        for _, what, chat, seconds, detail in events:
            news = chat is not None and chat < 0 and detail in ("results", "start", "vote")
            if what == "api":
                by[(what, detail)].append(seconds)
            elif what in ("gate", "sent", "marked", "written"):
                by[(what, "group news" if news or (what == "written" and chat is not None and chat < 0
                                                   and "results" in detail) else "other")].append(seconds)
        print("  the bot's trace (seconds each step took):")
        for (what, detail), values in sorted(by.items()):
            print(f"    {what:7} {detail:22} {quantiles(values)}")
    print(f"  tables failed: {len(failures)}", *failures[:5], sep="\n    ")
    print(f"  the bot's warnings and errors: {len(warnings)}", *warnings[:10], sep="\n    ")


if __name__ == "__main__":
    main()
