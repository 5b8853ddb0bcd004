"""Actions in words (text/acts.py) and nicknames declined by case (text/declension.py): what every front end
shows when it confirms or reads back an action."""

from __future__ import annotations

import re

import pytest

from rankedmafia.rules.model import Act
from rankedmafia.text.acts import PHRASES, act_line, act_phrase, describe_act
from rankedmafia.text.declension import decline, decline_all
from rankedmafia.text.names import ACTIONS


@pytest.mark.parametrize(("name", "case", "sex", "expected"), [
    ("Аня", "accs", "f", "Аню"),
    ("Борис", "accs", "m", "Бориса"),
    ("Петя", "gent", None, "Пети"),
    ("Маша", "datv", "f", "Маше"),
    ("Игорь", "ablt", None, "Игорем"),
    ("Ерёма", "accs", "m", "Ерёму"),
    ("Лев", "accs", "m", "Льва"),
    ("Тролль", "accs", None, "Тролля"),  # a person is animate
    ("Серый", "accs", None, "Серого"),
    ("ВАСЯ", "accs", None, "ВАСЮ"),
])
def test_a_nickname_is_declined_by_case(name: str, case: str, sex: str | None, expected: str) -> None:
    assert decline(name, case, sex) == expected


@pytest.mark.parametrize("name", ["Эля&Ко", "Dark_Knight", "Вася Пупкин", "xXx", "Игрок7"])
def test_a_nickname_that_cannot_be_declined_stays_as_written(name: str) -> None:
    assert decline(name, "accs") == name
    assert decline(name, "datv") == name


def test_the_nominative_is_the_nickname_itself_and_an_unknown_case_is_a_programming_error() -> None:
    assert decline("Аня", "nomn") == "Аня"
    with pytest.raises(ValueError):
        decline("Аня", "vocative")


def test_several_nicknames_are_joined_as_a_sentence_joins_them() -> None:
    assert decline_all(["Аня", "Борис"], "accs") == "Аню и Бориса"
    assert decline_all(["Аня", "Борис", "Лиза"], "accs") == "Аню, Бориса и Лизу"
    assert decline_all(["Аня", "Борис"], "accs", lang="en") == "Аня and Борис"


def test_the_examples_of_the_telegram_issue_read_as_russian() -> None:
    assert act_phrase("kill", ["Аня", "Борис"]) == "убить Аню и Бориса"
    assert act_phrase("heal", ["Аня"]) == "лечить Аню"
    assert act_line("Вася", "kill", ["Петя"]) == "Вася: убить Петю"


def test_every_action_has_a_phrase_in_both_languages_with_no_id_and_no_blank_left() -> None:
    ids = set(ACTIONS["ru"])
    for lang in ("ru", "en"):
        assert ids <= set(PHRASES[lang]), ids - set(PHRASES[lang])
        for action in ids:
            targets = ["Аня", "Борис", "Лиза"][: max(1, PHRASES[lang][action].count("{"))]
            text = act_phrase(action, targets, option="maniac" if action == "heal_from" else None, lang=lang)
            assert "{" not in text and "}" not in text, text
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text  # no snake_case id


def test_options_and_copies_are_named_in_words() -> None:
    assert act_phrase("heal_from", option="mafia") == "лечить от мафии"
    assert act_phrase("heal_from", option="maniac") == "лечить от маньяка"
    assert act_phrase("heal_from", option="black") == "лечить от клана «чёрные»"
    assert act_phrase("heal_from", option="sniper", lang="en") == "heal the victims of the sniper"
    assert act_phrase("copy", ["Маша"], option="doctor", detail="heal") == "скопировать роль «доктор»: лечить Машу"
    assert act_phrase("hire", ["Вася", "Петя"]) == "наняться к Васе и убить Петю"
    question = act_phrase("ask", option="side_count", detail='{"side": "town", "op": "lt", "n": 6}')
    assert question.startswith("спросить Совет: ") and "город" in question and "6" in question


def test_an_engine_act_is_described_with_its_sender() -> None:
    act = Act("Вася", "watch", ("Игорь",))
    assert describe_act(act, with_actor=True) == "Вася: следить за Игорем"
    assert describe_act(act._asdict() | {"targets": ["Игорь"]}) == "следить за Игорем"
    assert describe_act(Act("Катя", "compare", ("Аня", "Лиза")), {"Аня": "f", "Лиза": "f"}) == "сравнить Аню и Лизу"
