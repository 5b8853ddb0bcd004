"""The group's commands about the game in play: /players, /extend (admins), /end (admins: no winner)."""

from __future__ import annotations

from .fakeapi import FakeTelegram
from .harness import BotProcess, Table, load


def test_players_extend_and_end_with_no_winner(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12)
    table.sign_up("classic-12")
    fake.wait(lambda: table.group_text("Ночь 1"), 20, "night 1")
    signup = next(m for m in table.group() if "Набор в игру" in m.history[0])
    with fake.lock:  # the sign-up was pinned while open, and is pinned no more
        assert any(c.method == "pinchatmessage" and c.chat_id == table.group_id for c in fake.log)
    fake.wait(lambda: signup.message_id not in fake.pinned.get(table.group_id, []), 20, "the sign-up unpinned")
    admin, someone = table.opener, table.ids[list(table.ids)[5]]

    fake.say(someone, table.group_id, "/players")
    players = fake.wait(lambda: table.group_text("В игре (12)"), 20, "the list of players")
    assert all(name in players.text for name in table.ids) and "Выбыли" not in players.text

    fake.say(someone, table.group_id, "/extend 100")  # not an admin: refused, nothing changes
    fake.wait(lambda: table.group_text("Только администратор группы."), 20, "the refusal")
    fake.say(admin, table.group_id, "/extend 100")
    fake.wait(lambda: table.group_text("Фаза продлена до"), 20, "the phase extended")
    live, _ = load(bot.data, table.group_id)
    assert live.deadline is not None and live.game is not None and live.game.phase.number == 1

    fake.say(someone, table.group_id, "/end")
    fake.wait(lambda: sum("Только администратор группы." in m.text for m in table.group()) == 2, 20, "refused")
    fake.say(admin, table.group_id, "/end")
    final = fake.wait(lambda: table.group_text("🏁"), 20, "the end")
    assert "Игра остановлена без победителя." in final.text and "🏆" not in final.text
    live, _ = load(bot.data, table.group_id)
    assert live.status == "over" and live.game is not None and live.game.winner is None

    fake.say(someone, table.group_id, "/stats")
    stats = fake.wait(lambda: table.group_text("Игр в группе"), 20, "the group's statistics")
    assert stats.text == "Игр в группе: 1. Победители: без победителя — 1.\nВаши игры здесь: 1, из них выиграно: 0."


def test_a_player_leaves_the_sign_up_and_may_join_again(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12)
    registration = table.open("classic-12")
    code = registration.button("Вступить")["url"].split("start=")[1]
    first, second = list(table.ids.values())[:2]

    def join(user_id: int) -> None:
        fake.say(user_id, user_id, f"/start {code}")
        prompt = fake.wait(lambda: fake.last(user_id, lambda m: bool(m.markup)), 20, "the join prompt")
        table.click(user_id, prompt, "не указывать")

    join(first)
    join(second)
    fake.wait(lambda: "(2/12)" in registration.text, 20, "two joined")
    answers = table.click(second, registration, "Выйти из набора")
    assert answers[0].get("text") == "Вы вышли из набора."
    fake.wait(lambda: "(1/12)" in registration.text, 20, "one left")
    names = {v: k for k, v in table.ids.items()}
    assert names[second] not in registration.text.split("Записались")[1]
    stranger = table.click(list(table.ids.values())[5], registration, "Выйти из набора")
    assert stranger[0].get("text") == "Вы не записаны в эту игру." and stranger[0].get("show_alert") == "true"
    join(second)  # he may change his mind again
    fake.wait(lambda: "(2/12)" in registration.text, 20, "joined again")
