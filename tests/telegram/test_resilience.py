"""A killed bot resumes; redelivered updates and double presses have one effect; buttons work only for their
owner; strangers cannot vote; 429 answers are waited out; the mafia's relay reaches the clan alone; the
sign-up's commands, the language, the house rules; the webhook mode."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from server.helpers import free_port

from .fakeapi import FakeTelegram
from .harness import BotProcess, Table, load


def _acts(data: Path, table: Table) -> list[dict[str, object]]:
    live, _ = load(data, table.group_id)
    assert live.game is not None
    return [c for c in live.game.commands if c["type"] == "act"]


def _panel(fake: FakeTelegram, user_id: int) -> object:
    return fake.last(user_id, lambda m: "Ваш ход" in m.text and bool(m.markup))


def test_killed_mid_night_resumes_without_repeating(solo_fake: FakeTelegram, tmp_path: Path) -> None:
    fake = solo_fake
    bot = BotProcess(fake, tmp_path / "data", night=4, day=30).start()
    try:
        table = Table(fake, 12)
        table.sign_up("classic-12")
        live, seats = load(bot.data, table.group_id)
        assert live.game is not None
        actors = [n for n in seats if live.game.actions_of(n)]
        panels = {n: fake.wait(lambda n=n: _panel(fake, seats[n]), 20, "a keyboard") for n in actors}
        first = actors[0]
        panel = panels[first]
        table.click(seats[first], panel, panel.buttons()[0]["text"])  # an action ...
        half_way = {b["text"]: b["callback_data"] for b in panel.buttons()}  # ... its targets, pressed later
        bot.kill()
        time.sleep(4.5)  # the night's deadline passes while the bot is down
        bot.start()
        summary = fake.wait(lambda: table.group_text("Итоги ночи 1"), 20, "night 1 resolved after the restart")
        fake.wait(lambda: table.group_text("Голосование, день 1"), 20, "the vote")
        assert sum("Итоги ночи 1" in m.text for m in fake.messages(table.group_id)) == 1
        assert sum("Ночь 1." in m.text for m in fake.messages(table.group_id)) == 1
        for name in actors:  # no keyboard was sent twice
            assert sum("Ночь 1. Ваш ход" in m.history[0] for m in fake.messages(seats[name])) == 1
        assert summary.text
        # A button of the night that has passed is refused in words, and changes nothing.
        label = next(iter(half_way))
        answers = table.click(seats[first], panel, data=half_way[label])
        assert answers[0].get("text") == "Эта ночь уже закончилась — ход не принят."
        assert fake.last(seats[first], lambda m: m.message_id == panel.message_id).text == (
            "Эта ночь уже закончилась — ход не принят.")
        table.day_votes()  # and the game goes on
        fake.wait(lambda: table.group_text("Ночь 2") or table.over(), 30, "night 2")
    finally:
        bot.stop()


def test_redelivered_updates_and_double_presses_have_one_effect(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12)
    update = fake.say(table.opener, table.group_id, "/game classic-12")
    fake.wait(lambda: fake.last(table.group_id, lambda m: "Набор в игру" in m.text and bool(m.markup)), 20,
              "the sign-up with its buttons")
    fake.replay(update)
    fake.say(table.opener, table.group_id, "/help")
    fake.wait(lambda: table.group_text("Команды:"), 20, "the help")
    assert sum("Набор в игру" in m.text for m in fake.messages(table.group_id)) == 1
    assert fake.messages(table.group_id)[-1].text.startswith("Команды:")  # nothing answered the replayed /game
    registration = fake.messages(table.group_id)[0]
    code = registration.button("Вступить")["url"].split("start=")[1]
    for name, user_id in table.ids.items():
        fake.say(user_id, user_id, f"/start {code}")
        prompt = fake.wait(lambda u=user_id: fake.last(u, lambda m: bool(m.markup)), 20, "the prompt")
        data = prompt.button("не указывать")["callback_data"]
        first = table.click(user_id, prompt, data=data)
        second = table.click(user_id, prompt, data=data)  # a double press: one seat
        assert first[0].get("text") is None and second[0].get("text") == "Уже принято.", name
    live, seats = load(bot.data, table.group_id)
    assert len(seats) == len(live.seats) == 12
    table.click(table.opener, registration, "Начать игру")
    fake.wait(lambda: table.group_text("Ночь 1"), 20, "night 1")
    live, seats = load(bot.data, table.group_id)
    assert live.game is not None
    actor = next(n for n in seats if live.game.state.player(n).role == "commissar")
    panel = fake.wait(lambda: _panel(fake, seats[actor]), 20, "a keyboard")
    while "Отправить?" not in panel.text:
        table.click(seats[actor], panel, panel.buttons()[0]["text"])
    send = panel.button("✅ Отправить")["callback_data"]
    pressed = fake.press(seats[actor], panel, data=send)
    fake.wait(lambda: fake.answers_for(pressed), 20, "the answer")
    fake.replay(pressed)  # Telegram delivers the same press again
    again = table.click(seats[actor], panel, data=send)  # and he presses the old button once more
    assert again[0].get("text") == "Уже принято."
    time.sleep(0.5)
    assert len(fake.answers_for(pressed)) == 1
    assert [a["actor"] for a in _acts(bot.data, table)] == [actor]
    # Another seat's buttons (a crafted press of his keyboard's data) are refused and change nothing.
    other = next(n for n in seats if n != actor)
    panel = fake.last(seats[actor], lambda m: bool(m.markup))
    assert panel is not None
    refused = table.click(seats[other], panel, data=panel.buttons()[0]["callback_data"])
    assert refused[0].get("text") == "Это не ваши кнопки." and refused[0].get("show_alert") == "true"
    assert [a["actor"] for a in _acts(bot.data, table)] == [actor]


def test_votes_strangers_and_the_dead(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12)
    table.sign_up("classic-12")
    stranger = fake.user(9999, "Чужой")
    table.night_moves()
    vote = fake.wait(lambda: fake.last(table.group_id, lambda m: "🗳" in m.text and bool(m.markup)), 30, "vote")
    live, seats = load(bot.data, table.group_id)
    assert live.game is not None
    alive = live.game.alive()
    refused = table.click(stranger.id, vote, alive[0])
    assert refused[0].get("text") == "Вы не играете в этой игре."
    dead = [n for n in seats if n not in alive]
    if dead:
        answer = table.click(seats[dead[0]], vote, alive[0])
        assert "выбыл" in answer[0].get("text", "")
    voter = alive[1]
    answer = table.click(seats[voter], vote, alive[0])
    assert answer[0].get("text") == f"Ваш голос: {alive[0]}."
    fake.wait(lambda: f"{alive[0]} — 1: {voter}" in vote.text, 20, "the live tally")
    assert "Проголосовали 1 из" in vote.text
    live, _ = load(bot.data, table.group_id)
    assert live.game is not None and live.game.votes() == {voter: alive[0]}


def test_mafia_relay_reaches_the_clan_alone_and_limits_are_waited_out(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12)
    table.sign_up("classic-12")
    live, seats = load(bot.data, table.group_id)
    assert live.game is not None
    clan = [n for n in seats if live.game.view(n).clans]
    town = [n for n in seats if n not in clan]
    fake.fail_sends = 2  # Telegram answers 429 (retry after 1 s) twice: the messages still arrive
    fake.say(seats[clan[0]], seats[clan[0]], "Убиваем Васю")
    for name in clan[1:]:
        fake.wait(lambda n=name: fake.last(seats[n], lambda m: "Убиваем Васю" in m.text), 20, "the relay")
        relayed = fake.last(seats[name], lambda m: "Убиваем Васю" in m.text)
        assert relayed is not None and relayed.text == f"🕶 {clan[0]}: Убиваем Васю"
    fake.say(seats[town[0]], seats[town[0]], "А я мирный")
    fake.wait(lambda: fake.last(seats[town[0]], lambda m: "только для мафии" in m.text), 20, "the refusal")
    time.sleep(0.3)
    for name in seats:
        if name not in clan:
            assert not any("Убиваем" in m.text for m in fake.messages(seats[name])), name
        assert not any("А я мирный" in m.text for m in fake.messages(seats[name]))
    assert not any("Убиваем" in m.text for m in fake.messages(table.group_id))
    assert fake.fail_sends == 0


def test_sign_up_commands_language_and_house_rules(solo_fake: FakeTelegram, tmp_path: Path) -> None:
    fake = solo_fake
    table = Table(fake, 12)
    member = table.ids["Петя"]

    def answered(text: str, by: int, words: str) -> None:
        command = fake.say(by, table.group_id, text)["message"]["message_id"]
        fake.wait(lambda: any(words in m.text for m in table.group() if m.message_id > command), 20, words)

    bot = BotProcess(fake, tmp_path / "data", registration=3).start()
    try:
        answered("/settings night on", member, "Только администратор")
        answered("/settings night on", table.opener, "ночью: да")
        answered("/settings kick 1", table.opener, "фаз подряд: 1")
        answered("/game classic-12", table.opener, "Набор закрыт: записалось 0 из 12")  # too few by the deadline
        answered("/game classic-12", table.opener, "Набор в игру")
        answered("/extend 60", member, "Только открывший набор")
        answered("/extend 60", table.opener, "Набор продлён")
        answered("/cancel", member, "Только администратор")
        answered("/cancel", table.opener, "Игра отменена")
        answered("/lang en", table.opener, "Language: English")
        answered("/game classic-12", table.opener, "Sign-up")
        signup = fake.wait(lambda: fake.last(table.group_id, lambda m: "Sign-up" in m.text and bool(m.markup)), 20,
                           "the buttons")
        assert signup.buttons()[0]["text"] == "Join"
        answered("/cancel", table.opener, "cancelled")
        answered("/lang ru", table.opener, "Язык: русский")
    finally:
        bot.stop()
    # The sign-up's deadline starts a full game by itself; at night a player's group message is deleted.
    bot = BotProcess(fake, tmp_path / "data", registration=5).start()
    try:
        table.sign_up("classic-12", start=False)
        fake.wait(lambda: table.group_text("Игра началась"), 20, "the start at the deadline")
        fake.wait(lambda: table.group_text("Ночь 1"), 20, "night 1")
        fake.say(table.ids["Маша"], table.group_id, "кто мафия?")
        fake.wait(lambda: not any(m.text == "кто мафия?" for m in fake.messages(table.group_id, from_bot=False)), 20,
                  "the message deleted")
        # Nobody acts tonight: at the deadline whoever had a keyboard has missed a phase, and is removed.
        kicked = fake.wait(lambda: table.group_text("пропустил"), 30, "the house's removal")
        assert "удаляется из группы" in kicked.text
        fake.wait(lambda: fake.kicked, 20, "the removal")
    finally:
        bot.stop()


def test_webhook_mode_takes_updates_with_the_secret_alone(solo_fake: FakeTelegram, tmp_path: Path) -> None:
    fake = solo_fake
    port = free_port()
    bot = BotProcess(fake, tmp_path / "data", extra=("--webhook-url", f"http://127.0.0.1:{port}",
                                                     "--webhook-port", str(port))).start()
    try:
        assert fake.webhook is not None
        url, secret = fake.webhook
        assert url == f"http://127.0.0.1:{port}/telegram" and len(secret) >= 16
        table = Table(fake, 12)
        update = {"update_id": 1, "message": {"message_id": 1, "date": 0, "text": "/game classic-12",
                  "chat": {"id": table.group_id, "type": "supergroup", "title": "t"},
                  "from": {"id": table.opener, "is_bot": False, "first_name": "Вася"},
                  "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}
        refused = httpx.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"}, timeout=10)
        assert refused.status_code == 401
        taken = httpx.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": secret}, timeout=10)
        assert taken.status_code == 200
        fake.wait(lambda: table.group_text("Набор в игру"), 20, "the sign-up, by webhook")
        assert sum("Набор в игру" in m.text for m in table.group()) == 1
    finally:
        bot.stop()
    assert bot.process is not None and bot.process.returncode == 0  # SIGTERM: a clean stop
