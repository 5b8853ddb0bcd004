"""Texts as a host writes them: a bot's name marked once, a woman's card agreeing with her, sentences with
a capital and a full stop, the reminder at a quarter of the phase and never under 30 s before its end, a
button of an ended phase refused in words."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.service import Outcome
from rankedmafia.telegram import forms
from rankedmafia.telegram.changes import as_sentence, remind_now
from rankedmafia.telegram.common import PhaseEnded, in_phase, phase_ended_words
from rankedmafia.telegram.handlers.admin import change_setting
from rankedmafia.telegram.posts import addressed, clan_word
from rankedmafia.telegram.store import DEFAULT_SETTINGS
from rankedmafia.telegram.texts import agree, person_name
from rankedmafia.text.declension import decline, decline_all
from rankedmafia.text.role_rules import role_rules

from .test_texts import live_game


def test_a_bot_is_named_like_a_person_and_marked_once() -> None:
    assert person_name("Бот Трофим") == "Трофим"
    assert person_name("Михаил") == "Михаил"
    assert person_name("Бот 2") == "Бот 2"  # a number alone is no name


def test_a_womans_card_agrees_with_her() -> None:
    rules = role_rules("maniac", "ru")
    assert "играете сам за себя" in rules
    assert "играете сама за себя" in agree(rules, "f")
    assert "сам за себя" not in agree(rules, "f").replace("сама за себя", "")
    assert agree(rules, "m") == rules and agree(rules, None) == rules


@pytest.mark.parametrize(("line", "expected"), [
    ("сегодня Лиза лишена возможности голосовать", "Сегодня Лиза лишена возможности голосовать."),
    ("Этой ночью никто не погиб.", "Этой ночью никто не погиб."),
    ("Кто-нибудь из них — маньяк?", "Кто-нибудь из них — маньяк?"),
])
def test_every_line_is_a_sentence(line: str, expected: str) -> None:
    assert as_sentence(line) == expected


def test_the_reminder_comes_at_a_quarter_and_never_under_30_seconds_before_the_end() -> None:
    assert remind_now(300, 75) and not remind_now(300, 76)  # a day of 5 minutes: at 75 s left
    assert remind_now(120, 30) and not remind_now(120, 31)  # a night of 2 minutes: at 30 s, not 6 s
    assert not remind_now(60, 30) and not remind_now(40, 10)  # a phase too short to be reminded of
    assert not remind_now(300, 0)


@given(st.floats(min_value=61, max_value=100_000), st.floats(min_value=0, max_value=1))
def test_a_reminder_is_never_late(duration: float, share: float) -> None:
    left = duration * share
    due_from = max(duration / 4, 30)  # a quarter of the phase, and never under 30 s
    assert remind_now(duration, left) == (0 < left <= due_from)  # due from then on: the clock's tick finds it
    assert due_from >= 30


class Live:
    def __init__(self, phase: str, status: str = "running") -> None:
        kind, _, number_text = phase.partition("-")
        number = int(number_text)
        self.status = status
        self.game: Any = type("G", (), {"phase": type("P", (), {
            "kind": type("K", (), {"value": kind})(), "number": number})()})()


def test_a_button_of_an_ended_phase_is_refused_in_words() -> None:
    ran: list[str] = []

    def build(live: Any, now: float) -> Outcome:
        ran.append("built")
        return Outcome()

    guarded = in_phase("day-1", build)
    with pytest.raises(PhaseEnded) as refused:
        guarded(Live("night-2"), 0.0)  # type: ignore[arg-type]
    assert ran == []
    assert phase_ended_words(refused.value.phase, "ru") == "Этот день уже закончился — голос не принят."
    assert phase_ended_words("night-1", "ru") == "Эта ночь уже закончилась — ход не принят."
    guarded(Live("day-1"), 0.0)  # type: ignore[arg-type]
    assert ran == ["built"]


def test_the_double_agent_names_the_clan_he_writes_to() -> None:
    clans = ["red", "black"]
    assert addressed("красные: бьём Нину", clans) == ("red", "бьём Нину")
    assert addressed("Чёрные:  я с вами", clans) == ("black", "я с вами")
    assert addressed("черные: ё не обязательна", clans) == ("black", "ё не обязательна")
    assert addressed("клан красные: да", clans) == ("red", "да")
    assert addressed("black: ok", clans) == ("black", "ok")
    assert addressed("синие: кто это", clans) == (None, "синие: кто это")
    assert addressed("просто текст", clans) == (None, "просто текст")
    assert clan_word("red", "ru") == "красные"


def test_group_settings_are_checked_before_they_are_kept() -> None:
    settings = dict(DEFAULT_SETTINGS)
    assert change_setting(settings, ["game", "classic-12", "боты"], "ru", ()) is None
    assert change_setting(settings, ["nightlen", "90"], "ru", ()) is None
    assert change_setting(settings, ["daylen", "0"], "ru", ()) is None
    assert settings["game"] == "classic-12 боты" and settings["night_seconds"] == 90 and settings["day_seconds"] == 0
    before = dict(settings)
    too_short = change_setting(settings, ["nightlen", "5"], "ru", ())
    assert too_short == "Не понял настройку: nightlen 5. Ничего не изменено."
    refused = change_setting(settings, ["game", "classic-99"], "ru", ())
    assert refused is not None and "Нет расклада «classic-99»" in refused
    assert settings == before


def test_a_marked_name_is_declined_as_the_name_it_marks() -> None:
    assert decline("Трофим (бот)", "accs") == "Трофима (бот)"
    assert decline("Анна (ИИ)", "accs", "f") == "Анну (ИИ)"
    assert decline_all(["Роман", "Трофим (бот)"], "accs") == "Романа и Трофима (бот)"
    assert decline("Bob (бот)", "accs") == "Bob (бот)"  # a name the analyser cannot read stays as written
    assert decline("Трофим (бот)", "nomn") == "Трофим (бот)"


def _with_a_bot() -> LiveGame:
    live = live_game("classic-12", 3, ["Роман", "Бот Трофим", "Аня"])
    live.bots = {"Бот Трофим": "random"}
    return live


def test_a_bot_is_declined_like_a_person_in_a_nights_summary() -> None:
    live = _with_a_bot()
    assert forms.spoken_summary(live, {"a": "kill", "t": ["Роман", "Бот Трофим"]}, "ru") == \
        "убить Романа и Трофима (бот)."
    assert forms.spoken_summary(live, {"a": "heal", "t": ["Аня"]}, "ru") == "лечить Аню."
    assert forms.spoken_summary(live, {"a": "kill", "t": ["Бот Трофим"]}, "en") == "kill Трофим (bot)."


def test_a_bot_is_named_once_and_declined_in_the_results() -> None:
    renderer = forms.renderer(_with_a_bot(), "ru")
    witness = renderer.info_line({"kind": "witness", "target": "Бот Трофим", "result": None})
    assert witness.startswith("Трофима (бот) этой ночью никто не пытался убить"), witness
    death = renderer.public("night", [{"type": "death", "player": "Бот Трофим"}])
    assert any("Трофим (бот)" in line for line in death) and not any("Бот Трофим" in line for line in death)
    votes = renderer.public("day", [{"type": "votes", "votes": {"Роман": "Бот Трофим", "Аня": "Бот Трофим"}}])
    assert "Трофим (бот) — 2" in votes[0] and "Бот" not in votes[0]
