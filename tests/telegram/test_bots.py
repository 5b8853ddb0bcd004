"""Policy bots in Telegram games: `/game classic-12 боты` seats bots on the seats still empty at the start,
marked «бот» wherever players are listed, never written to privately; they play through the service on
their own while the people press; a mafia bot's clan line reaches the clan's people once, also across a
kill -9 of the bot; a bad `/game` word is answered in words and creates nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import select

from rankedmafia.live.commands import start_with
from rankedmafia.store import SeatRow, Store, connect
from rankedmafia.store.schema import tg_outbox
from rankedmafia.telegram.store import TgStore
from rankedmafia.telegram.texts import person_name

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
    fake.wait(lambda: not registration.markup, 20, "the sign-up closed (after the news of the start)")
    for name in bots:  # the start's list of players, and the sign-up's closed list, mark them
        assert f"{person_name(live.nickname(name))}{MARK}" in started.text
        assert f"{person_name(live.nickname(name))}{MARK}" in registration.text
    for name in seats:
        assert f"{name}{MARK}" not in started.text
    vote = fake.wait(lambda: fake.last(table.group_id, lambda m: "🗳" in m.text and bool(m.markup)), 60, "a vote")
    labels = [b["text"] for b in vote.buttons()]
    nicknames = {person_name(live.nickname(n)) for n in bots}
    assert any(label.endswith(MARK) for label in labels)
    for label in labels:  # a living bot's button is marked, a person's is not
        assert (label.removesuffix(MARK) in nicknames) == label.endswith(MARK), label
    table.play(limit=180)
    live, seats = load(bot.data, table.group_id)
    assert live.status == "over" and live.game is not None
    check_messages(fake, live, seats, table.group_id)
    final = table.group_text("🏁")
    assert final is not None
    for name in bots:  # the end's roles
        assert f"{person_name(live.nickname(name))}{MARK} — " in final.text
    # The bots moved by themselves, through the service: every one of them sent something.
    moved = {c.get("actor") or c.get("voter") for c in live.game.commands if c["type"] in ("act", "vote")}
    assert set(bots) & moved
    # Nothing ever went to a chat that is not a person's or a group's (a bot has no Telegram user).
    assert {c.chat_id for c in fake.log if c.method == "sendmessage" and c.chat_id and c.chat_id > 0} <= set(fake.users)
    # Each clan line (a bot's kill, said to its clan) reached the clan's people once (those alive at the end
    # were alive when it was said; one who died may have been dead by then), and nobody else.
    for post_clan, author, text in _clan_posts(bot.data, live.id):
        line = f"🕶 {person_name(live.nickname(author))}{MARK}: {text}" if live.is_bot(author) else \
            f"🕶 {live.nickname(author)}: {text}"
        for name, user_id in seats.items():
            if name == author or post_clan not in live.game.view(name).clans:
                assert relayed(fake, user_id, line) == 0, (name, line)
            elif name in live.game.alive():
                assert relayed(fake, user_id, line) == 1, (name, line)
            else:
                assert relayed(fake, user_id, line) <= 1, (name, line)


def _clan_posts(data: Path, game_id: str) -> list[tuple[str, str, str]]:
    async def read() -> list[tuple[str, str, str]]:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            rows = await TgStore(store).posts_after(game_id, 0)
            return [(r.channel[5:], r.author, r.text) for r in rows if r.channel.startswith("clan:")]
        finally:
            store.close()

    return asyncio.run(read())


def _plan(data: Path, group_id: int) -> tuple[int, str, list[str]] | None:
    """How many of the table's people to seat (in NAMES' order) so that the deal seats a bot as a clan's
    boss beside one of them at least: the game's seed decides the roles and the bots' names, so the start
    is tried on a copy of the lobby read from the store, with those people seated. The count, the boss
    and his clan's people; None if no count does it with this seed."""
    for count in range(1, 12):
        copy, _ = load(data, group_id)  # a copy of its own: the start is tried on it
        people = NAMES[:count]
        for index, name in enumerate(people):  # as the sign-up will seat them, with the sex they will give
            copy.seats[name] = SeatRow(name, index, name, "-", 0.0)
            copy.sexes[name] = "f" if name in FEMALE else "m"
        start_with({})(copy, 0.0)
        game = copy.game
        assert game is not None
        for player in game.players():
            view = game.view(player.name)
            if view.clans and view.boss == player.name and copy.is_bot(player.name):
                mates = [n for n in people if view.clans[0] in game.view(n).clans]
                if mates:
                    return count, player.name, mates
    return None


def test_a_bots_clan_line_reaches_the_clans_people_once_across_a_kill(solo_fake: FakeTelegram,
                                                                        tmp_path: Path) -> None:
    fake = solo_fake
    bot = BotProcess(fake, tmp_path / "data", night=30, day=30).start()
    try:
        table = Table(fake, 11)
        found = None
        for _ in range(12):  # a seed whose deal can put a bot at a clan's head beside a person (2 in 3 can)
            registration = table.open("classic-12 боты")
            found = _plan(bot.data, table.group_id)
            if found is not None:
                break
            sent = fake.say(table.opener, table.group_id, "/cancel")["message"]["message_id"]
            fake.wait(lambda s=sent: table.fake.last(table.group_id, lambda m: m.message_id > s
                                                     and "Игра отменена" in m.text), 20, "the cancel")
        assert found is not None
        count, boss, mates = found
        join(table, registration, NAMES[:count])
        fake.wait(lambda: f"({count}/12)" in registration.text, 20, "the list")
        begin(table, registration)
        live, seats = load(bot.data, table.group_id)
        assert live.game is not None and live.is_bot(boss) and live.game.view(mates[0]).boss == boss
        # The boss bot chooses the kill within half the night, and tells its clan: its people read it.
        nick = f"🕶 {person_name(live.nickname(boss))}{MARK}: "
        first = fake.wait(lambda: fake.last(seats[mates[0]], lambda m: m.text.startswith(nick)), 40, "the line")
        # Killed once Telegram's answer is recorded (a message in flight at a crash may come twice: the
        # delivery's one allowed repeat, docs/telegram.md, tested by test_delivery.py).
        fake.wait(lambda: not _relays_pending(bot.data, live.id), 20, "the relay's answer recorded")
        bot.kill()
        # A line written while the bot is down (as another process's driver would): derived on the restart.
        _write_post(bot.data, live.id, f"clan:{live.game.view(boss).clans[0]}", boss, "Ещё одна мысль.")
        bot.start()
        late = f"{nick}Ещё одна мысль."
        fake.wait(lambda: all(relayed(fake, seats[m], late) for m in mates), 20, "the late line")
        fake.wait(lambda: not _relays_pending(bot.data, live.id), 20, "the relay's answer recorded")
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


def _relays_pending(data: Path, game_id: str) -> bool:
    """A clan relay of the game not yet answered by Telegram (its outbox row still pending)."""
    async def read() -> bool:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            rows = await store._read(lambda c: c.execute(
                select(tg_outbox.c.key).where(tg_outbox.c.game_id == game_id, tg_outbox.c.pending == 1)).all())
            return any("|clan|" in row.key for row in rows)
        finally:
            store.close()

    return asyncio.run(read())


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


def test_with_bots_the_deadline_starts_a_game_one_person_joined(solo_fake: FakeTelegram, tmp_path: Path) -> None:
    fake = solo_fake
    bot = BotProcess(fake, tmp_path / "data", registration=4).start()
    try:
        table = Table(fake, 1)
        registration = table.open("classic-12 боты=случайные")
        join(table, registration, NAMES[:1])
        fake.wait(lambda: table.group_text("Игра началась"), 30, "the start at the deadline")
        live, seats = load(bot.data, table.group_id)
        assert live.status == "running" and list(seats) == NAMES[:1]
        assert sorted(live.bots.values()) == ["random"] * 11
    finally:
        bot.stop()
