"""Policy bots in Telegram games: `/game classic-12 боты` seats bots on the seats still empty at the start,
marked «бот» wherever players are listed, never written to privately; they play through the service on
their own while the people press; a mafia bot's clan line reaches the clan's people once, also across a
kill -9 of the bot; a bad `/game` word is answered in words and creates nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rankedmafia.live.service import start_with
from rankedmafia.store import Store, connect
from rankedmafia.telegram.store import TgStore

from .checks import check_messages
from .fakeapi import FakeTelegram, Msg
from .harness import FEMALE, NAMES, BotProcess, Table, load

MARK = " (бот)"


def join(table: Table, registration: Msg, names: list[str]) -> None:
    """These people take seats through the sign-up's deep link."""
    code = registration.button("Вступить")["url"].split("start=")[1]
    for name in names:
        user_id = table.ids[name]
        table.fake.say(user_id, user_id, f"/start {code}")
        prompt = table.fake.wait(lambda u=user_id: table.fake.last(u, lambda m: bool(m.markup)), 20, "join prompt")
        table.click(user_id, prompt, "женский" if name in FEMALE else "мужской")


def begin(table: Table, registration: Msg) -> None:
    table.click(table.opener, registration, "Начать игру")
    table.fake.wait(lambda: table.group_text("Игра началась"), 20, "the start")


def relayed(fake: FakeTelegram, user_id: int, line: str) -> int:
    return sum(m.history[0] == line for m in fake.messages(user_id))


def test_a_game_opened_with_bots_plays_to_its_end(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 4)
    registration = table.open("classic-12 боты")
    assert "займут боты, играющие осмысленно" in registration.text
    join(table, registration, NAMES[:4])
    fake.wait(lambda: "(4/12)" in registration.text, 20, "the list")
    begin(table, registration)
    live, seats = load(bot.data, table.group_id)
    assert live.game is not None and set(seats) == set(NAMES[:4])
    bots = [n for n in live.names() if live.is_bot(n)]
    assert len(bots) == 8 and all(live.bots[n] == "heuristic" for n in bots)
    started = table.group_text("Игра началась")
    assert started is not None
    for name in bots:  # the start's list of players, and the sign-up's closed list, mark them
        assert f"{live.nickname(name)}{MARK}" in started.text
        assert f"{live.nickname(name)}{MARK}" in registration.text
    for name in seats:
        assert f"{name}{MARK}" not in started.text
    vote = fake.wait(lambda: fake.last(table.group_id, lambda m: "🗳" in m.text and bool(m.markup)), 60, "a vote")
    labels = [b["text"] for b in vote.buttons()]
    nicknames = {live.nickname(n) for n in bots}
    assert any(label.endswith(MARK) for label in labels)
    for label in labels:  # a living bot's button is marked, a person's is not
        assert (label.removesuffix(MARK) in nicknames) == label.endswith(MARK), label
    table.play(limit=180)
    live, seats = load(bot.data, table.group_id)
    assert live.status == "over" and live.game is not None
    check_messages(fake, live, seats, table.group_id)
    final = table.group_text("🏁")
    assert final is not None and sum(MARK in line for line in final.text.split("\n")) == 8
    # The bots moved by themselves, through the service: every one of them sent something.
    moved = {c.get("actor") or c.get("voter") for c in live.game.commands if c["type"] in ("act", "vote")}
    assert set(bots) & moved
    # Nothing ever went to a chat that is not a person's or a group's (a bot has no Telegram user).
    assert {c.chat_id for c in fake.log if c.method == "sendmessage" and c.chat_id and c.chat_id > 0} <= set(fake.users)
    # Each clan line (a bot's kill, said to its clan) reached each living person of the clan once.
    lines = _clan_posts(bot.data, live.id)
    for post_clan, author, text in lines:
        line = f"🕶 {live.nickname(author)}{MARK if live.is_bot(author) else ''}: {text}"
        for name, user_id in seats.items():
            mate = post_clan in live.game.view(name).clans and name in live.game.alive() and name != author
            if mate:
                assert relayed(fake, user_id, line) == 1, (name, line)
            elif name != author:
                assert relayed(fake, user_id, line) == 0, (name, line)


def _clan_posts(data: Path, game_id: str) -> list[tuple[str, str, str]]:
    async def read() -> list[tuple[str, str, str]]:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            rows = await TgStore(store).posts_after(game_id, 0)
            return [(r.channel[5:], r.author, r.text) for r in rows if r.channel.startswith("clan:")]
        finally:
            store.close()

    return asyncio.run(read())


def _predict(data: Path, group_id: int) -> tuple[str, list[str]] | None:
    """The deal the start would make now (the game's seed decides the roles and the bots' names): the clan's
    boss if a bot is it and a person shares his clan, with those people; else None."""
    copy, seats = load(data, group_id)  # a copy of its own, read from the store: the start is tried on it
    start_with({})(copy, 0.0)  # the sexes the people gave are logged with their seats already
    game = copy.game
    assert game is not None
    for player in game.players():
        clans = game.view(player.name).clans
        boss = game.view(player.name).boss
        if clans and boss == player.name and copy.is_bot(player.name):
            mates = [n for n in seats if clans[0] in game.view(n).clans]
            if mates:
                return player.name, mates
    return None


def test_a_bots_clan_line_reaches_the_clans_people_once_across_a_kill(solo_fake: FakeTelegram,
                                                                        tmp_path: Path) -> None:
    fake = solo_fake
    bot = BotProcess(fake, tmp_path / "data", night=30, day=30).start()
    try:
        table = Table(fake, 11)
        registration = table.open("classic-12 боты")
        found = None
        for count in range(1, 12):  # people join until the deal seats a bot as a clan's boss beside one of them
            join(table, registration, [NAMES[count - 1]])
            fake.wait(lambda c=count: f"({c}/12)" in registration.text, 20, "the list")
            found = _predict(bot.data, table.group_id)
            if found is not None:
                break
        assert found is not None
        boss, mates = found
        begin(table, registration)
        live, seats = load(bot.data, table.group_id)
        assert live.game is not None and live.is_bot(boss) and live.game.view(mates[0]).boss == boss
        # The boss bot chooses the kill within half the night, and tells its clan: its people read it.
        nick = f"🕶 {live.nickname(boss)}{MARK}: "
        first = fake.wait(lambda: fake.last(seats[mates[0]], lambda m: m.text.startswith(nick)), 40, "the line")
        bot.kill()
        # A line written while the bot is down (as another process's driver would): derived on the restart.
        _write_post(bot.data, live.id, f"clan:{live.game.view(boss).clans[0]}", boss, "Ещё одна мысль.")
        bot.start()
        late = f"{nick}Ещё одна мысль."
        fake.wait(lambda: all(relayed(fake, seats[m], late) for m in mates), 20, "the late line")
        bot.kill()  # and once more: nothing is derived again
        bot.start()
        fake.wait(lambda: fake.calls.get("getupdates", 0) > 3, 20, "the bot polling")
        fake.wait(lambda: fake.last(table.group_id, lambda m: "Итоги ночи 1" in m.text), 40, "the night's end")
        for name in mates:
            assert relayed(fake, seats[name], first.history[0]) == 1
            assert relayed(fake, seats[name], late) == 1
        for name, user_id in seats.items():
            if name not in mates:
                assert relayed(fake, user_id, late) == 0
        assert not any(m.text.startswith("🕶") for m in fake.messages(table.group_id))
    finally:
        bot.stop()


def _write_post(data: Path, game_id: str, channel: str, author: str, text: str) -> None:
    async def write() -> None:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            await store.add_post(game_id, channel, author, "night 1", text, 0.0)
        finally:
            store.close()

    asyncio.run(write())


def test_a_bad_game_option_is_answered_in_words(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 1)
    for command, words in (("/game classic-12 драконы", "Не понял «драконы»"),
                           ("/game боты=синие", "Не понял «боты=синие»"),
                           ("/game classic-12 ии=2", "Игроки ИИ на этом боте не настроены"),
                           ("/game classic-99 боты", "Нет расклада «classic-99»"),
                           ("/game classic-12 classic-20", "Расклад назван дважды")):
        sent = fake.say(table.opener, table.group_id, command)["message"]["message_id"]
        answer = fake.wait(lambda s=sent, w=words: fake.last(table.group_id,
                                                             lambda m: m.message_id > s and w in m.text), 20, words)
        assert "Ничего не создано" in answer.text or "Нет расклада" in answer.text
    assert not any("Набор в игру" in m.text for m in table.group())
    registration = table.open("Classic-12 БОТЫ=случайные")  # the words in any case, the setup too
    assert "займут боты, играющие наугад" in registration.text
