"""The mafia's question to the Council read from a boss's words (forum/council.py): every template the
Council answers, its blanks from sides, roles, names, comparisons and numbers as written, the joker's copy
of it, and clear refusals. The rule book: "Подкупить Совет" — a yes-or-no question to the host, which may
not name a player's role or night action directly, and names players only when more than three are named."""

from __future__ import annotations

import json

import pytest

from rankedmafia.forum.messages import ReadError, read_error, read_message
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.seating import Seat

SEATS = [("Вася", "mafia1"), ("Петя", "commissar"), ("Маша", "doctor"), ("Коля", "maniac"), ("Женя", "joker"),
         ("Оля", "mercenary"), ("Игорь", "civilian"), ("Лена", "girl"), ("Дима", "civilian"), ("Саша", "civilian"),
         ("Нина", "civilian"), ("Таня", "civilian")]


def game(sexes: bool = False) -> Game:
    return Game([Seat(name, role, sex="f" if sexes and name in ("Маша", "Оля") else "m" if sexes else None)
                 for name, role in SEATS], seed=1)


@pytest.mark.parametrize(("text", "template", "args"), [
    ("вопрос Совету: живых мафиози не меньше трёх?", "side_count", {"side": "mafia", "op": "ge", "n": 3}),
    ("спрашиваю: одиночек >= 1?", "side_count", {"side": "loners", "op": "ge", "n": 1}),
    ("вопрос: в игре осталось ролей у города (не мирных) не больше 4?", "side_roles",
     {"side": "town", "op": "le", "n": 4}),
    ("вопрос: город больше, чем мафия?", "compare_sides", {"a": "town", "op": "gt", "b": "mafia"}),
    ("вопрос: есть ли в игре комиссар?", "role_count", {"role": "commissar", "op": "ge", "n": 1}),
    ("вопрос: живых маньяков ровно 1?", "role_count", {"role": "maniac", "op": "eq", "n": 1}),
    ("вопрос: иммунитетчиков больше 0?", "immune_count", {"op": "gt", "n": 0}),
    ("вопрос: среди иммунитетчиков есть роли?", "immune_have_roles", {}),
    ("вопрос: к Пете прошлой ночью приходил доктор?", "visited", {"role": "doctor", "player": "Петя"}),
    ("вопрос: девочка заблокировала прошлой ночью активную роль?", "girl_blocked_active", {}),
    ("вопрос: среди Пети, Маши, Коли и Оли мафии ровно 1?", "group_side_count",
     {"players": ["Петя", "Маша", "Коля", "Оля"], "side": "mafia", "op": "eq", "n": 1}),
    ("question: at least 3 mafia alive?", "side_count", {"side": "mafia", "op": "ge", "n": 3}),
    ("вопрос: ролей в игре больше, чем иммунитетчиков?", "roles_vs_immune", {"op": "gt"}),
])
def test_each_question_the_council_answers_is_read_from_words(text: str, template: str,
                                                              args: dict[str, object]) -> None:
    reading = read_message(game(), "Вася", text)
    assert reading.act.question is not None
    assert (reading.action, reading.act.question.template, reading.targets) == ("ask", template, ())
    assert json.loads(reading.act.question.args) == args
    assert "«" in reading.describe() and template not in reading.describe()  # the question in words, no id


def test_sex_is_asked_where_players_gave_it_and_refused_where_not() -> None:
    reading = read_message(game(sexes=True), "Вася", "вопрос: женщин среди живых не меньше 2?")
    question = reading.act.question
    assert question is not None
    assert (question.template, json.loads(question.args)) == ("sex_count", {"sex": "f", "op": "ge", "n": 2})
    assert "Живых женщин" in reading.describe()  # the sex in words, never "f"
    with pytest.raises(RuleViolation) as caught:
        read_message(game(), "Вася", "вопрос: женщин среди живых не меньше 2?")
    assert caught.value.rule == "council_sex_unknown"
    reading = read_message(game(sexes=True), "Вася", "вопрос: ролей меньше, чем женщин?")
    question = reading.act.question
    assert question is not None
    assert (question.template, json.loads(question.args)) == ("roles_vs_sex", {"op": "lt", "sex": "f"})
    with pytest.raises(RuleViolation) as caught:
        read_message(game(), "Вася", "вопрос: ролей меньше, чем женщин?")
    assert caught.value.rule == "council_sex_unknown"


def test_the_joker_copies_the_question() -> None:
    reading = read_message(game(), "Женя", "копирую мафию, вопрос: город больше, чем мафия?")
    copy = reading.act.copy
    assert copy is not None and copy.question is not None
    assert (reading.action, copy.role, copy.use, copy.question.template) == ("copy", "mafia1", "ask", "compare_sides")
    assert json.loads(copy.question.args) == {"a": "town", "op": "gt", "b": "mafia"}
    assert game().check(reading.act) is None


@pytest.mark.parametrize(("text", "key"), [
    ("вопрос: мафии не меньше?", "question_number"),
    ("вопрос: к Пете прошлой ночью приходил?", "question_role"),
    ("вопрос: прошлой ночью приходил доктор?", "question_player"),
    ("вопрос: среди Пети, Маши, Коли и Оли не меньше 2?", "question_side"),
    ("вопрос: как дела?", "question_kind"),
])
def test_a_question_that_cannot_be_read_says_what_is_missing(text: str, key: str) -> None:
    played = game()
    with pytest.raises(ReadError) as caught:
        read_message(played, "Вася", text)
    assert caught.value.key == key
    assert read_error(caught.value) and read_error(caught.value, "en")
    assert played.state.acts == {}  # nothing sent


def test_a_question_the_rules_forbid_is_refused_by_the_engine() -> None:
    """Players are named only when more than three are (the book: "если их более трех")."""
    with pytest.raises(RuleViolation) as caught:
        read_message(game(), "Вася", "вопрос: среди Пети, Маши и Коли мафии ровно 1?")
    assert caught.value.rule in ("council_group", "council_args")
