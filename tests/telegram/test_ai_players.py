"""The issue's "Done when": a Telegram group plays with two AI players that talk. The bot runs with an
agents file whose agent is the project's fake model in process (`base_url: "fake:legal"`); `/game
classic-12 ии=2` seats two AI players beside ten people. The AI seats act and vote through the service on
their own (the harness presses for the people only: an AI seat has no Telegram user); their posts appear
in the group in the talk's turns, once each; a person who addresses one by name gets its answer, and the
AI seat's prompt names who asked it; the people's messages reach the AI seats' prompts."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from rankedmafia.rules.model import PhaseKind
from rankedmafia.store import PostRow, Store, connect
from rankedmafia.telegram.store import TgStore

from .checks import check_messages
from .fakeapi import FakeTelegram, Msg
from .harness import NAMES, BotProcess, Table, load
from .test_bots import begin, join

AGENTS = """agents:
  - name: fake
    kind: ai
    base_url: "fake:legal"
    model: scripted
    posts_per_day: 3
"""
AI_MARK = " (ИИ)"


def _store(data: Path, game_id: str) -> tuple[list[PostRow], list[dict[str, Any]]]:
    """The game's posts and its AI turns, as the store holds them."""
    async def read() -> tuple[list[PostRow], list[dict[str, Any]]]:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            return await TgStore(store).posts_after(game_id, 0, 10_000), await store.ai_turns(game_id)
        finally:
            store.close()

    return asyncio.run(read())


def ai_posts(fake: FakeTelegram, group: int) -> list[Msg]:
    return [m for m in fake.messages(group) if m.history[0].startswith("🤖")]


def test_ai_players_talk_and_play_in_a_telegram_group(solo_fake: FakeTelegram, tmp_path: Path) -> None:
    fake = solo_fake
    agents = tmp_path / "agents.yaml"
    agents.write_text(AGENTS, encoding="utf-8")
    bot = BotProcess(fake, tmp_path / "data", night=6, day=14, extra=("--agents", str(agents))).start()
    try:
        table = Table(fake, 10)
        registration = table.open("classic-12 ии=2")
        assert "Игроков ИИ за столом: 2" in registration.text
        join(table, registration, NAMES[:10])
        fake.wait(lambda: "(10/12)" in registration.text, 20, "the list")
        begin(table, registration)
        live, seats = load(bot.data, table.group_id)
        assert live.game is not None
        ai = sorted(live.ai_seats())
        assert len(ai) == 2 and set(live.ai_seats().values()) == {"fake"} and not set(ai) & set(seats)
        started = table.group_text("Игра началась")
        assert started is not None and all(f"{live.nickname(n)}{AI_MARK}" in started.text for n in ai)
        asked = asker = question = None
        end = time.monotonic() + 240
        while not table.over():
            assert time.monotonic() < end, "the game did not end in time"
            table.night_moves()
            vote = fake.last(table.group_id, lambda m: "🗳" in m.text and bool(m.markup))
            if vote is None:
                time.sleep(0.05)
                continue
            if question is None:  # the first day: an AI post comes, then a person asks an AI seat by name
                fake.wait(lambda: ai_posts(fake, table.group_id) or table.over(), 20, "an AI post")
                live, _ = load(bot.data, table.group_id)
                assert live.game is not None
                alive = live.game.alive()
                said = [m.history[0] for m in ai_posts(fake, table.group_id)]
                living = [n for n in ai if n in alive]
                asked = min(living, key=lambda n: sum(live.nickname(n) in line for line in said))
                asker = next(n for n in seats if n in alive)
                question = f"{live.nickname(asked)}, а ты что думаешь?"
                fake.say(seats[asker], table.group_id, question)
                answer, seen = f"🤖 {live.nickname(asked)}{AI_MARK}: ", len(said)
                fake.wait(lambda a=answer, k=seen: any(m.history[0].startswith(a)
                                                       for m in ai_posts(fake, table.group_id)[k:]),
                          20, "the asked AI seat's answer")
            table.day_votes()
            fake.wait(lambda v=vote: v.markup is None or table.over(), 30, "the day's end")
        live, seats = load(bot.data, table.group_id)
        assert live.status == "over" and live.game is not None
    finally:
        bot.stop()
    check_messages(fake, live, seats, table.group_id)
    posts, turns = _store(bot.data, live.id)
    # The AI seats played on their own: night actions and votes in the log, each from its own decision.
    # (The deal is the bot's own draw: an AI civilian the first night kills has had nothing to do.)
    first = live.game.results[0]
    had_a_turn = set(ai) - (set(first.deaths) if first.phase.kind is PhaseKind.NIGHT else set())
    acted = {c.get("actor") or c.get("voter") for c in live.game.commands if c["type"] in ("act", "vote")}
    assert had_a_turn and had_a_turn <= acted
    assert had_a_turn <= {t["seat"] for t in turns} <= set(ai)
    # Their thread posts reached the group once each, in the order they were written.
    thread = [p for p in posts if p.channel == "thread" and p.author in ai]
    shown = [m.history[0] for m in ai_posts(fake, table.group_id)]
    assert len(thread) >= 2
    assert shown == [f"🤖 {live.nickname(p.author)}{AI_MARK}: {p.text}" for p in thread]
    # The person's question is a thread post; the answer's prompt came after it and names who asked.
    assert asked is not None and asker is not None and question is not None
    mine = next(p for p in posts if p.channel == "thread" and p.author == asker and p.text == question)
    answers = [p for p in thread if p.author == asked and p.id > mine.id]
    assert answers
    prompts = [t["messages"][1]["content"] for t in turns if t["seat"] == asked and t.get("post") == answers[0].text]
    assert any(question in p and live.nickname(asker) in p.split("\n")[-2] for p in prompts)
