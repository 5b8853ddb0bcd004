"""Whole games through the fake Bot API: sign-up by deep link, role cards, night keyboards, the reanimator's
step, the Council's question, votes in the group with a live tally, summaries, the end; then every message
is checked against what its reader may know, the record verifies, and the web shows the game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rankedmafia.script import record
from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings
from server.helpers import pg_schema

from .checks import check_messages
from .fakeapi import FakeTelegram
from .harness import BotProcess, Table, load


@pytest.fixture
def pg_database() -> Iterator[str]:
    with pg_schema(f"rm_tg_test_{os.getpid()}") as url:  # its own: other checkouts test on the same server
        yield url


def finished(fake: FakeTelegram, bot: BotProcess, table: Table, database: str | None = None) -> None:
    """The checks every finished game passes: no leak, a live tally, a record that verifies, a web page."""
    live, seats = load(bot.data, table.group_id, database)
    assert live.status == "over" and live.game is not None
    checked = check_messages(fake, live, seats, table.group_id)
    assert checked["group"] > 10 and checked["private"] > len(seats) and checked["buttons"] > 50
    votes = [m for m in fake.messages(table.group_id) if "🗳" in m.history[0]]
    assert votes and any(len(m.history) > 2 for m in votes)  # the tally was edited as votes came
    # The sign-up and each open vote were pinned while open, and nothing stays pinned after the game.
    with fake.lock:
        pins = [c for c in fake.log if c.method == "pinchatmessage" and c.chat_id == table.group_id]
    assert len(pins) >= 2 and not fake.pinned.get(table.group_id)
    for name, user_id in seats.items():  # each got his role card
        assert sum(m.text.startswith("🎭") for m in fake.messages(user_id)) == 1, name
    path = bot.data.parent / "record.json"
    path.write_text(json.dumps(record(live.game), ensure_ascii=False), encoding="utf-8")
    verified = subprocess.run([sys.executable, "-m", "rankedmafia.cli", "verify", str(path), "--seed", live.row.seed],
                              capture_output=True, text=True, check=False)
    assert verified.returncode == 0, verified.stderr
    started = next(m for m in fake.messages(table.group_id) if "Игра началась" in m.text)
    assert f"http://web.test/g/{live.id}" in started.text
    with TestClient(create_app(Settings(data=bot.data, database=database))) as client:
        page = client.get(f"/api/games/{live.id}").json()
        assert page["game"]["status"] == "over" and len(page["seats"]) == len(seats)
        assert client.get(f"/api/games/{live.id}/record").status_code == 200
        assert client.get(f"/g/{live.id}").status_code == 200


def test_classic_12_whole_game(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12)
    registration = table.sign_up("classic-12")
    assert len(registration.history) > 12  # the list of who joined, kept current
    fake.wait(lambda: table.group_text("Ночь 1"), 20, "night 1")
    table.play()
    finished(fake, bot, table)


def test_classic_12_on_postgresql(solo_fake: FakeTelegram, tmp_path: Path, pg_database: str) -> None:
    fake = solo_fake
    bot = BotProcess(fake, tmp_path / "data", database=pg_database).start()
    try:
        table = Table(fake, 12)
        table.sign_up("classic-12")
        table.play()
        finished(fake, bot, table, pg_database)
    finally:
        bot.stop()


def test_full_25_reanimator_and_council(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 25)
    table.sign_up("full-25")
    live, seats = load(bot.data, table.group_id)
    assert live.game is not None
    role = {p.name: p.role for p in live.game.players()}
    maniac = next(n for n, r in role.items() if r == "maniac")
    reanimator = next(n for n, r in role.items() if r == "reanimator")
    victim = next(n for n, r in role.items() if r == "civilian")
    # Night 1: only the maniac acts (a quick kill); at the deadline the reanimator is asked, told the dead.
    panel = fake.wait(lambda: fake.last(seats[maniac], lambda m: "Ваш ход" in m.text), 20, "the maniac's keyboard")
    table.click(seats[maniac], panel, "быстрое убийство")
    table.click(seats[maniac], panel, victim)
    table.click(seats[maniac], panel, "✅ Отправить")
    assert panel.text.startswith("✅ Ход принят")
    asked = fake.wait(lambda: fake.last(seats[reanimator], lambda m: m.text.startswith("🕯")), 20, "the reanimator")
    assert victim in asked.text
    assert {b["text"] for b in asked.buttons()} >= {"оживить", "Никого"}
    for name, user_id in seats.items():  # nobody else is told tonight's dead
        if name != reanimator:
            assert not any(m.text.startswith("🕯") for m in fake.messages(user_id))
    table.click(seats[reanimator], asked, "оживить")
    assert [b["text"] for b in asked.buttons()][:1] == [victim]
    table.click(seats[reanimator], asked, victim)
    table.click(seats[reanimator], asked, "✅ Отправить")
    fake.wait(lambda: table.group_text("<b>Итоги ночи 1</b>"), 20, "night 1's summary")
    # Day 1 by votes; night 2: the mafia asks the Council, step by step through a question's fields.
    fake.wait(table.day_votes, 20, "the vote")
    live, _ = load(bot.data, table.group_id)
    assert live.game is not None
    ranked = [n for n, r in role.items() if r in ("mafia1", "mafia2", "mafia3") and n in live.game.alive()]
    fake.wait(lambda: fake.last(seats[ranked[0]], lambda m: "Ваш ход" in m.text and "Ночь 2" in m.text)
              or table.over(), 20, "night 2")
    if not table.over():
        panel = fake.last(seats[ranked[0]], lambda m: "Ваш ход" in m.text)
        assert panel is not None
        table.click(seats[ranked[0]], panel, "вопрос Совету")
        table.click(seats[ranked[0]], panel, "Сколько живых у стороны")
        assert panel.text.startswith("Вопрос Совету: Живых игроков стороны «…» … …?\nВыберите сторону.")
        for _ in range(3):  # side, comparison, number
            assert "Выберите" in panel.text
            table.click(seats[ranked[0]], panel, panel.buttons()[0]["text"])
        assert panel.text == "Вы выбрали: спросить Совет: Живых игроков стороны «город» ровно 0?\nОтправить?"
        table.click(seats[ranked[0]], panel, "✅ Отправить")
        assert panel.text.startswith("✅ Ход принят")
    table.play(limit=150)
    finished(fake, bot, table)
    live, _ = load(bot.data, table.group_id)
    assert any(e.type == "follow_up" for e in _log(bot.data, live.id))
    assert live.game is not None and any(c.get("action") == "ask" for c in live.game.commands)


def _log(data: Path, game_id: str) -> list[object]:
    import asyncio

    from rankedmafia.store import Store, connect

    async def read() -> list[object]:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            return list(await store.log(game_id))
        finally:
            store.close()

    return asyncio.run(read())
