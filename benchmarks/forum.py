"""How long the forum host's tools take: reading a saved thread page and counting its votes, and reading
a player's private message as an action. Prints figures; nothing is asserted (docs/performance.md).

    .venv/bin/python benchmarks/forum.py --repeat 20
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rankedmafia.forum.count import count_votes
from rankedmafia.forum.messages import read_message
from rankedmafia.forum.names import analyser
from rankedmafia.forum.thread import decode, read_thread
from rankedmafia.rules.game import Game
from rankedmafia.rules.seating import Seat

THREADS = Path(__file__).resolve().parent.parent / "tests" / "forum_threads"
NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя"]
MESSAGES = [("Саша", "убиваю Нину"), ("Маша", "лечу Петю"), ("Женя", "проверяю Сашу"), ("Дима", "Петю быстро убью"),
            ("Вася", "блочу Колю"), ("Саша", "убиваю Колю, пугаю Олю")]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    started = time.perf_counter()
    analyser()
    print(f"analyser load: {(time.perf_counter() - started) * 1000:.0f} ms (once per process)")
    for page in sorted(THREADS.iterdir()):
        text = decode(page.read_bytes())  # one page is in windows-1251
        started = time.perf_counter()
        for _ in range(repeat):
            posts, _ = read_thread([text], NAMES)
            count_votes(posts, NAMES[:10] + NAMES[11:], NAMES)
        each = (time.perf_counter() - started) / repeat * 1000
        print(f"{page.name}: {len(text) // 1024} KiB, {len(posts)} posts: {each:.1f} ms a page (read + count)")
    seats = [Seat("Саша", "mafia1"), Seat("Маша", "doctor"), Seat("Женя", "commissar"), Seat("Дима", "maniac"),
             Seat("Вася", "girl"), *(Seat(n, "civilian") for n in ("Петя", "Коля", "Оля", "Лена", "Таня", "Игорь",
                                                                   "Нина"))]
    game = Game(seats, seed=1)
    started = time.perf_counter()
    for _ in range(repeat):
        for actor, text in MESSAGES:
            read_message(game, actor, text)
    each = (time.perf_counter() - started) / (repeat * len(MESSAGES)) * 1000
    print(f"private message → action (12 players): {each:.1f} ms a message")


if __name__ == "__main__":
    main()
