"""The texts Telegram players read: a button's label is plain text (never an entity), a message's text is
HTML escaped exactly once, names are declined by case, the Council's questions read as sentences, and one
message ends a game. The label builders are walked over many presets' choices; one whole game with names
like «Эля&Ко» and «<script>» runs through the fake Bot API, which reads HTML as Telegram does."""

from __future__ import annotations

import random
import re
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.bots.random_policy import play_random_game
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules import council
from rankedmafia.setup import new_game, preset
from rankedmafia.store import GameRow
from rankedmafia.telegram import forms
from rankedmafia.telegram.texts import WORDS, Html, Plain, esc, game_over, heading, join, kicked_text, label, say
from rankedmafia.text.messages import MESSAGES, message
from rankedmafia.text.questions import question_sentence, question_short
from rankedmafia.text.roles import role_name, side_name

from .checks import ID_WORDS
from .fakeapi import FakeTelegram, visible
from .harness import NAMES, BotProcess, Table, load

ENTITIES = ("&lt;", "&gt;", "&amp;", "&quot;")
# One script per name, as the nickname check holds every table to («<i>Ира</i>» mixes Latin and Cyrillic).
TRICKY = ["Эля&Ко", "<script>", "<i>Ira</i>", "Том & Джерри", "Аня", "Борис"]
OPERATORS = re.compile(r"[<>=≠≤≥]")
# Words written without their «ё» (a Russian reader stumbles on «ее», «еще», «лишен»).
NO_YO = re.compile(r"(?<!\w)(еще|ее|идет|придет|продлен|лишен|обречен\w*|нашел|пришел|ушел|черн\w+|отменен|"
                   r"принят[ао]?е)(?!\w)", re.IGNORECASE)


def live_game(preset_name: str, seed: int, names: list[str]) -> LiveGame:
    setup = preset(preset_name)
    names = (names + [n for n in NAMES if n not in names])[: setup.players]
    names += [f"Игрок{i}" for i in range(setup.players - len(names))]
    row = GameRow("g", "", "t", {"name": preset_name, "players": setup.players, "roles": dict(setup.roles)},
                  {"night_seconds": 60, "day_seconds": 60}, str(seed), "", 0.0)
    live = LiveGame(row, {})
    live.game = new_game(setup, names, str(seed), sexes={n: ("f" if n in ("Аня", "Эля&Ко") else "m") for n in names})
    live.status = "running"
    return live


def every_screen(live: LiveGame, name: str, limit: int = 400) -> list[forms.Screen]:
    """The screens of a player's night form, breadth first (each button's next state), up to `limit`."""
    seen: list[forms.Screen] = []
    queue: deque[forms.State] = deque([{}])
    while queue and len(seen) < limit:
        state = queue.popleft()
        screen = forms.night_screen(live, name, state, "ru")
        seen.append(screen)
        for row in screen.rows:
            for button in row:
                if button.state and not button.state.get("do") and len(queue) < limit:
                    queue.append(button.state)
    return seen


# --- the kinds of text ------------------------------------------------------------------------------


@given(st.text(alphabet="<>&\"'aяЁ ;#", max_size=12))
def test_a_value_is_escaped_exactly_once(value: str) -> None:
    text = say("ru", "joined", nick=value)
    assert isinstance(text, Html)
    assert visible(text, "HTML") == f"Вы в игре под ником {value}. Роль придёт сюда, когда игра начнётся."
    assert esc(text) is text and say("ru", "card_boss", boss=esc(value)) == say("ru", "card_boss", boss=value)
    assert visible(join(", ", [value, heading(value)]), "HTML") == f"{value}, {value}"


def test_a_label_is_plain_and_a_button_takes_no_html() -> None:
    assert label("ru", "voted", choice="Эля&Ко") == "Ваш голос: Эля&Ко."
    assert isinstance(label("ru", "send"), Plain) and not isinstance(label("ru", "send"), Html)
    with pytest.raises(TypeError):
        forms.Button(say("ru", "send"), {})  # type: ignore[arg-type]


def test_every_phrase_has_its_yo_and_no_heading_in_capitals() -> None:
    for key, phrase in WORDS["ru"].items():
        assert not NO_YO.search(phrase), key
        assert not any(line.isupper() for line in visible(phrase, "HTML").split("\n") if len(line) > 3), key
    for key in MESSAGES["ru"]:  # the summaries as the bot prints them (records keep the rule book's spelling)
        assert not NO_YO.search(message("ru", key, yo=True)), key
        assert not NO_YO.search(message("ru", key, "f", yo=True)), key


def test_kicked_agrees_with_sex_and_number() -> None:
    assert visible(kicked_text("ru", "Аня", "f", 1), "HTML") == "Аня пропустила 1 фазу подряд и удаляется из группы."
    assert kicked_text("ru", "Борис", "m", 3) == "Борис пропустил 3 фазы подряд и удаляется из группы."
    assert kicked_text("ru", "Эля&Ко", None, 12) == "Эля&amp;Ко пропустил 12 фаз подряд и удаляется из группы."


# --- names declined ---------------------------------------------------------------------------------


def test_targets_are_declined_in_the_confirmation() -> None:
    sexes = {"Аня": "f", "Борис": "m"}
    assert forms.summary({"a": "kill", "t": ["Аня", "Борис"]}, "ru", sexes) == "убить Аню и Бориса."
    assert forms.summary({"a": "heal", "t": ["Аня"]}, "ru", sexes) == "лечить Аню."
    assert forms.summary({"a": "heal_from", "o": "maniac"}, "ru") == "лечить от маньяка."
    assert forms.summary({"a": "kill", "t": ["Эля&Ко"]}, "ru") == "убить Эля&Ко."
    assert forms.summary({"a": "kill", "t": ["Аня"]}, "en", sexes) == "kill Аня."
    for seed in range(6):
        live = live_game("classic-12", seed, ["Аня", "Борис"])
        game = live.game
        assert game is not None
        doctor = next(p.name for p in game.players() if p.role == "doctor")
        heal = next(c for c in game.choices(doctor) if c.action == "heal")
        if "Аня" not in heal.slots[0]:
            continue
        screen = forms.night_screen(live, doctor, {"a": "heal", "t": ["Аня"]}, "ru")
        assert screen.text == "Вы выбрали: лечить Аню.\nОтправить?"
        return
    raise AssertionError("no deal let the doctor heal Аня")


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="<>&\"'ab;#/ ", min_size=1, max_size=10).map(str.strip).filter(bool))
def test_any_nickname_reads_as_written_on_buttons_and_in_the_confirmation(nickname: str) -> None:
    live = live_game("classic-12", 0, [nickname])
    game = live.game
    assert game is not None
    for name in game.alive():
        kill = next((c for c in game.choices(name) if c.action in ("kill", "check", "heal")), None)
        if kill is None or nickname not in kill.slots[0]:
            continue
        screen = forms.night_screen(live, name, {"a": kill.action}, "ru")
        assert nickname in [b.label for row in screen.rows for b in row]
        confirm = forms.night_screen(live, name, {"a": kill.action, "t": [nickname]}, "ru")
        assert f" {nickname}.\nОтправить?" in visible(confirm.text, "HTML")
        return
    raise AssertionError("nobody could choose the nickname")


# --- the Council ------------------------------------------------------------------------------------


def test_every_council_question_reads_as_a_sentence() -> None:
    values = {"side": "town", "a": "town", "b": "mafia", "n": 6, "role": "doctor", "player": "Аня",
              "players": ["Аня", "Борис", "Вася", "Маша"], "sex": "f"}
    for template, spec in council.TEMPLATES.items():
        assert question_short(template, "ru") != "…" and question_short(template, "en") != "…"
        for op in council.OPS:
            args = {arg: (op if arg == "op" else values[arg]) for arg in spec.args}
            for lang in ("ru", "en"):
                text = question_sentence(template, args, lang, {"Аня": "f"})
                assert text.endswith("?") and text.count("?") == 1, text
                assert "…" not in text and not OPERATORS.search(text) and "?." not in text, text
                assert text[0].isupper(), text
                confirm = visible(say(lang, "confirm", summary=forms.summary(
                    {"a": "ask", "o": template, "f": args}, lang, {"Аня": "f"})), "HTML")
                assert "?." not in confirm and ".." not in confirm, confirm
    assert question_sentence("side_count", {"side": "town", "op": "lt", "n": 6}) == \
        "Живых игроков стороны «город» меньше 6?"
    assert question_sentence("visited", {"role": "doctor", "player": "Аня"}, "ru", {"Аня": "f"}) == \
        "Приходила ли прошлой ночью роль «доктор» к Ане?"
    assert question_sentence("compare_sides", {"a": "town", "op": "gt", "b": "mafia"}) == \
        "Живых стороны «город» больше, чем стороны «мафия»?"
    assert forms.summary({"a": "ask", "o": "side_count", "f": {"side": "town", "op": "lt", "n": 6}}, "ru") == \
        "спросить Совет: Живых игроков стороны «город» меньше 6?"


def test_the_council_steps_show_the_question_so_far() -> None:
    for seed in range(10):
        live = live_game("full-25", seed, TRICKY)
        game = live.game
        assert game is not None
        asker = next((p.name for p in game.players() if any(c.action == "ask" for c in game.choices(p.name))), None)
        if asker is None:
            continue
        picker = forms.night_screen(live, asker, {"a": "ask"}, "ru")
        assert picker.text == "Какой вопрос задать Совету?"
        labels = [b.label for row in picker.rows for b in row]
        assert "Сколько живых у стороны" in labels and not any("…" in x or "«" in x for x in labels)
        state = next(b.state for row in picker.rows for b in row if b.label == "Сколько живых у стороны")
        shown = []
        for _ in range(3):
            screen = forms.night_screen(live, asker, state, "ru")
            shown.append(screen.text.split("\n")[0])
            state = next(b.state for row in screen.rows for b in row if b.label in ("город", "меньше", "6"))
        assert shown == ["Вопрос Совету: Живых игроков стороны «…» … …?",
                         "Вопрос Совету: Живых игроков стороны «город» … …?",
                         "Вопрос Совету: Живых игроков стороны «город» меньше …?"]
        confirm = forms.night_screen(live, asker, state, "ru")
        assert confirm.text == "Вы выбрали: спросить Совет: Живых игроков стороны «город» меньше 6?\nОтправить?"
        return
    raise AssertionError("no deal gave the mafia the Council's question")


# --- every label over many presets ------------------------------------------------------------------


@pytest.mark.parametrize("preset_name", ["classic-12", "full-25", "full-35", "two-clans-20"])
def test_every_label_of_every_form_is_plain_russian(preset_name: str) -> None:
    live = live_game(preset_name, 3, TRICKY)
    game = live.game
    assert game is not None
    nicknames = {p.name for p in game.players()}
    screens = 0
    for name in game.alive():
        for screen in every_screen(live, name, 150):
            screens += 1
            assert isinstance(screen.text, Html)
            text = visible(screen.text, "HTML")  # parses as Telegram parses it
            assert not ID_WORDS.search(text) and "?." not in text and ".." not in text, text
            assert not any(line.isupper() and len(line) > 3 for line in text.split("\n")), text
            for row in screen.rows:
                for button in row:
                    assert isinstance(button.label, Plain) and not isinstance(button.label, Html)
                    assert not any(e in button.label for e in ENTITIES), button.label
                    if button.label in nicknames:
                        continue  # a name, verbatim
                    assert not ID_WORDS.search(button.label) and not OPERATORS.search(button.label), button.label
                    assert "…" not in button.label, button.label
    assert screens > 50


def test_the_end_of_a_game_in_one_message() -> None:
    live = live_game("classic-12", 1, TRICKY)
    game = live.game
    assert game is not None
    names = [p.name for p in game.players()]
    text = game_over(game, lambda n: n, "http://web.test/g/x", "ru")
    shown = visible(text, "HTML")
    assert shown.startswith("🏁 Игра окончена. Игра остановлена без победителя.")  # no winner: stopped by the host
    for player in game.players():
        assert any(line.endswith(f"{player.name} — {role_name(player.role, 'ru')}")
                   for line in shown.split("\n")), player.name
    assert shown.endswith("Запись игры и её повтор: http://web.test/g/x") and len(names) == 12


@pytest.mark.parametrize("preset_name", ["classic-12", "full-25"])
def test_the_end_names_the_side_the_winners_and_every_role(preset_name: str) -> None:
    for seed in range(4):
        live = live_game(preset_name, seed, TRICKY)
        game = play_random_game(live.game, random.Random(seed))  # type: ignore[arg-type]
        assert game.over
        winners = set(game.winners()) if game.winner != "draw" else set()
        for lang in ("ru", "en"):
            shown = visible(game_over(game, lambda n: n, "http://web.test/g/x", lang), "HTML")
            head = shown.split("\n")[0]
            if game.winner == "draw":
                assert head.endswith(("Ничья: в живых не осталось никого.", "A draw: nobody is left alive."))
            else:
                assert side_name(str(game.winner), lang) in head, head
                for name in winners:
                    assert name in head and f"🏆 {name} — " in shown, (name, shown)
            for player in game.players():
                line = next(x for x in shown.split("\n") if x.lstrip("🏆 ").startswith(f"{player.name} — "))
                assert role_name(player.role, lang) in line and (line.startswith("🏆") == (player.name in winners))
            assert "?." not in shown and shown.endswith("http://web.test/g/x")
            if lang == "ru":  # (English role names are the ids' words: «doctor»)
                assert not ID_WORDS.search(shown.replace("http://web.test/g/x", "")), shown


# --- a whole game through the fake Bot API ----------------------------------------------------------


def test_a_whole_game_with_names_that_look_like_html(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12, names=TRICKY + NAMES[:6])
    table.sign_up("classic-12")
    table.play()
    live, seats = load(bot.data, table.group_id)
    assert live.status == "over" and live.game is not None
    assert fake.rejected == []  # every HTML text parsed as Telegram parses it
    buttons = 0
    for chat in [table.group_id, *seats.values()]:
        for msg in fake.messages(chat):
            for button in msg.shown:
                buttons += 1
                assert not any(e in button["text"] for e in ENTITIES), button["text"]
            for text in msg.seen:
                assert not any(e in text for e in ENTITIES), text  # escaped once: read, nothing left
                assert not NO_YO.search(text), text
    assert buttons > 100
    labels = {b["text"] for chat in seats.values() for m in fake.messages(chat) for b in m.shown}
    assert set(TRICKY) <= labels  # every name on the night's buttons, verbatim
    votes = [m for m in fake.messages(table.group_id) if "🗳" in m.history[0]]
    for vote in votes:
        assert {b["text"] for b in vote.shown} - {"🔵 Никого (синий)"} <= set(seats)  # the seats' names, verbatim
    endings = [m for m in fake.messages(table.group_id) if any("Игра окончена" in t for t in m.seen)]
    assert len(endings) == 1, [m.seen for m in endings]
    final = endings[0].seen[-1]
    for name in seats:
        assert f"{name} — " in final, name
    assert f"http://web.test/g/{live.id}" in final
    assert ("Победили: " in final) == (live.game.winner not in (None, "draw"))
    summaries = [t for m in fake.messages(table.group_id) for t in m.seen if t.startswith("Итоги ")]
    assert summaries and not any(t.isupper() for t in summaries)
    assert "Итоги ночи 1" in summaries[0]
