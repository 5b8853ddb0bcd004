"""Delivery under faults: the bot killed (SIGKILL) at each step of a game and restarted, 429 storms, the
global and per-group rates. Nothing is posted twice beyond the one message in flight at each crash,
nothing is lost (every vote is closed, every card arrives), and no limit is broken."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .checks import check_messages
from .fakeapi import Call, FakeTelegram, Msg
from .harness import BotProcess, Table, load


def duplicates(fake: FakeTelegram, group: int, players: Iterable[int]) -> list[tuple[int, str]]:
    """Messages sent twice to one chat, by their first text: in the group any two alike (its news name
    their phase); to a player, two alike in a row (a check may find the same in two nights, with the next
    night's keyboard between them; a message sent again after a crash comes right after its copy)."""
    seen = Counter((group, m.history[0]) for m in fake.messages(group) if not m.history[0].startswith("⏰"))
    twice = [key for key, count in seen.items() for _ in range(count - 1)]
    for chat in players:
        texts = [m.history[0] for m in fake.messages(chat)]
        twice += [(chat, a) for a, b in itertools.pairwise(texts) if a == b]
    return twice


def nothing_lost(fake: FakeTelegram, table: Table, seats: dict[str, int]) -> None:
    """Every vote was closed (its buttons gone, its final tally shown; a copy sent twice at a crash never had
    buttons), the sign-up's buttons are gone, each player got his card, and the end was announced."""
    group = fake.messages(table.group_id)
    votes = [m for m in group if "🗳" in m.history[0]]
    assert votes
    for vote in votes:
        assert not vote.markup, vote.text
        assert "закрыто" in vote.text or not vote.shown, vote.text
    signup = next(m for m in group if "Набор в игру" in m.history[0])
    assert not signup.markup
    for name, user_id in seats.items():
        assert sum(m.text.startswith("🎭") for m in fake.messages(user_id)) >= 1, name
    assert sum(m.text.startswith("🏁") for m in group) >= 1


def in_group(table: Table, words: str) -> Callable[[dict[str, str]], bool]:
    return lambda params: int(params["chat_id"]) == table.group_id and words in params.get("text", "")


@dataclass
class CrashTable(Table):
    """Players who press again when a press went unanswered because the bot died: Telegram had handed the
    update over (long polling confirms a batch as the next is asked for), so it is gone, as for a person."""

    bot: BotProcess | None = None

    def click(self, user_id: int, msg: Msg, label: str | None = None, data: str | None = None,
              wait: bool = True) -> list[dict[str, Any]]:
        data = data if data is not None else msg.button(label or "")["callback_data"]
        try:
            return super().click(user_id, msg, data=data, wait=wait)
        except AssertionError:
            assert self.bot is not None and self.bot.restarts, "a press went unanswered with no crash"
            self.bot.restarts[-1].join(60)
            return super().click(user_id, msg, data=data, wait=wait)


def test_killed_at_each_step_of_a_game_posts_nothing_twice(solo_fake: FakeTelegram, tmp_path: Path) -> None:
    fake = solo_fake
    bot = BotProcess(fake, tmp_path / "data", night=5, day=6).start()
    table = CrashTable(fake, 12, bot=bot)
    crash = bot.crash()
    players = set(table.ids.values())
    traps = [
        fake.trap("editMessageText", in_group(table, "(12/12)"), 1, crash),  # the sign-up's list, full
        fake.trap("sendMessage", lambda p: int(p["chat_id"]) in players and p["text"].startswith("🎭"), 5, crash),
        fake.trap("editMessageText", lambda p: int(p["chat_id"]) in players and "Ваш ход" in p["text"], 4, crash),
        fake.trap("sendMessage", in_group(table, "Итоги ночи 1"), 1, crash),  # the night's results
        fake.trap("editMessageText", in_group(table, "Проголосовали"), 3, crash),  # a day's votes
        fake.trap("sendMessage", lambda p: int(p["chat_id"]) == table.group_id and p["text"].startswith("🏁"), 1,
                  crash),  # the end
    ]
    try:
        table.sign_up("classic-12")
        table.play(limit=300)
        for thread in bot.restarts:
            thread.join(60)
        fake.wait(lambda: all(t.sprung.is_set() for t in traps[:2]), 30, "the first traps")
        live, seats = load(bot.data, table.group_id)
        crashes = sum(t.sprung.is_set() for t in traps)
        assert crashes >= 4  # the sign-up, the deal, and at least two of the rest (a game may end early)
        twice = duplicates(fake, table.group_id, seats.values())
        assert len(twice) <= crashes, twice
        nothing_lost(fake, table, seats)
        check_messages(fake, live, seats, table.group_id)
    finally:
        bot.stop()


def test_429_storms_are_waited_out_in_order(solo_fake: FakeTelegram, tmp_path: Path) -> None:
    fake = solo_fake
    bot = BotProcess(fake, tmp_path / "data", night=6, day=8).start()
    try:
        table = Table(fake, 12)
        registration = table.sign_up("classic-12", start=False)
        first = next(iter(table.ids.values()))
        fake.storm(table.group_id, 10)  # ten 429 answers in a row for the group at the deal ...
        fake.storm(first, 10)  # ... and for a player
        table.click(table.opener, registration, "Начать игру")
        fake.wait(lambda: table.group_text("Игра началась"), 40, "the start, after the storm")
        fake.wait(lambda: fake.last(first, lambda m: m.text.startswith("🎭")), 40, "his card, after the storm")
        table.night_moves()
        fake.storm(table.group_id, 10)  # and again when the night ends: its results and the vote wait
        fake.wait(lambda: table.group_text("Итоги ночи 1"), 60, "the night's results, after the storm")
        table.play(limit=200)
        assert not any(fake.storms.values())
        _live, seats = load(bot.data, table.group_id)
        assert duplicates(fake, table.group_id, seats.values()) == []
        nothing_lost(fake, table, seats)
        texts = [m.history[0] for m in fake.messages(table.group_id)]
        titles = [t for t in texts if "Итоги " in t]
        assert titles and "Итоги ночи 1" in titles[0]  # in order: the first night's results came first
        assert sum("Игра началась" in t for t in texts) == 1
    finally:
        bot.stop()


def most_in_window(calls: list[Call], seconds: float) -> int:
    times = sorted(c.at for c in calls)
    most, start = 0, 0
    for end, at in enumerate(times):
        while times[start] <= at - seconds:
            start += 1
        most = max(most, end - start + 1)
    return most


def densest(calls: list[Call], seconds: float) -> list[tuple[float, str, int | None]]:
    """The calls of the busiest window (what a failure shows)."""
    best: list[Call] = []
    for i, first in enumerate(calls):
        inside = [c for c in calls[i:] if c.at < first.at + seconds]
        best = inside if len(inside) > len(best) else best
    return [(round(c.at - best[0].at, 3), c.method[:6], c.chat_id) for c in best][::3]


def test_global_and_group_rates_hold_at_a_deal_of_two_games(solo_fake: FakeTelegram, tmp_path: Path) -> None:
    fake = solo_fake
    bot = BotProcess(fake, tmp_path / "data", night=30, day=30,
                     extra=("--per-second", "30", "--group-per-minute", "20")).start()
    try:
        tables = [Table(fake, 12), Table(fake, 12)]
        signups = [table.sign_up("classic-12", start=False) for table in tables]
        for table, registration in zip(tables, signups, strict=True):
            fake.press(table.opener, registration, "Начать игру")
        for table in tables:
            fake.wait(lambda t=table: t.group_text("Ночь 1"), 60, "night 1")
            for user_id in table.ids.values():
                fake.wait(lambda u=user_id: fake.last(u, lambda m: m.text.startswith("🎭")), 60, "a card")
        fake.wait(lambda: sum(1 for t in tables for u in t.ids.values()
                              if fake.last(u, lambda m: "Ваш ход" in m.text)) >= 10, 60, "the keyboards")
        with fake.lock:
            calls = list(fake.log)
        assert len(calls) > 60
        assert most_in_window(calls, 1.0) <= 30, densest(calls, 1.0)
        for table in tables:
            assert most_in_window([c for c in calls if c.chat_id == table.group_id
                                   and c.method in ("sendmessage", "editmessagetext")], 60.0) <= 20
    finally:
        bot.stop()
