"""The Council's questions read as whole Russian (and English) sentences for every template and every
comparison, a side compared with itself included; and the answer reaches every mafioso with its question."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.rules import council
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Question
from rankedmafia.rules.seating import Seat
from rankedmafia.server.views import private_lines, sexes
from rankedmafia.text.council_answers import council_questions
from rankedmafia.text.names import question_label, question_text
from rankedmafia.text.summary import Renderer

ARGS = {"side": ["town", "mafia", "maniac", "loners"], "a": ["town", "mafia", "maniac"],
        "b": ["town", "mafia", "maniac"], "op": list(council.OPS), "n": [0, 1, 3], "role": ["doctor", "commissar"],
        "player": ["Вася"], "players": [["Аня", "Боря", "Вера", "Гоша"]], "sex": ["m", "f"]}
IDS = re.compile(r"\b(town|mafia|maniac|loners|eq|ne|gt|ge|lt|le|doctor|commissar)\b|\{|\}|…|_")


@settings(max_examples=300, deadline=None)
@given(data=st.data(), template=st.sampled_from(sorted(council.TEMPLATES)), lang=st.sampled_from(["ru", "en"]))
def test_every_question_is_a_sentence_in_words(data: st.DataObject, template: str, lang: str) -> None:
    args = {arg: data.draw(st.sampled_from(ARGS[arg])) for arg in council.TEMPLATES[template].args}
    text = question_text(template, json.dumps(args), lang)
    assert text[0].isupper() and text.endswith("?") and text.count("?") == 1, text
    assert not IDS.search(text) if lang == "ru" else "{" not in text and "_" not in text, text
    assert ", чем," not in text and "ровно, чем" not in text and "не, чем" not in text


def test_the_issues_question_reads_as_a_sentence() -> None:
    same = json.dumps({"a": "town", "op": "eq", "b": "town"})
    assert question_text("compare_sides", same) == "Живых игроков стороны «город» столько же, сколько стороны «город»?"
    assert question_text("compare_sides", json.dumps({"a": "town", "op": "gt", "b": "mafia"})) == (
        "Живых игроков стороны «город» больше, чем стороны «мафия»?")
    assert question_text("sex_count", json.dumps({"sex": "f", "op": "ge", "n": 2})) == "Живых женщин не меньше 2?"
    assert question_text("compare_sides", same, "en") == "Living players of the town: as many as those of the town?"
    assert question_label("side_count") == "Живых игроков стороны «…» … …?"


SEATS = [Seat("Вася", "mafia1"), Seat("Петя", "mafia2"), Seat("Маша", "doctor", sex="f"), Seat("Коля", "civilian"),
         Seat("Оля", "civilian", sex="f"), Seat("Федя", "commissar")]


def night_with_a_question(withdrawn_first: bool = False) -> Game:
    game = Game(SEATS, seed=1)
    detail = json.dumps({"side": "town", "op": "ge", "n": 2})
    if withdrawn_first:
        game.submit(Act("Вася", "ask", (), question=Question("immune_have_roles", "{}")))
        game.withdraw("Вася")
    game.submit(Act("Вася", "ask", (), question=Question("side_count", detail)))
    game.resolve()
    return game


@pytest.mark.parametrize("withdrawn_first", [False, True])
def test_every_mafioso_reads_the_answer_with_its_question(withdrawn_first: bool) -> None:
    game = night_with_a_question(withdrawn_first)
    questions = council_questions(game)
    assert questions[(1, "Петя")] == questions[(1, "Вася")] == ("side_count", json.dumps(
        {"side": "town", "op": "ge", "n": 2}))
    for name in ("Вася", "Петя"):
        lines = [entry["text"] for entry in player_data_of(game, name)]
        assert "На вопрос «Живых игроков стороны «город» не меньше 2?» Совет ответил: да." in lines, lines
    for name in ("Маша", "Коля"):  # the town reads no question and no answer
        assert not any("Совет" in entry["text"] for entry in player_data_of(game, name))
    english = Renderer("en", questions=questions).info_line({"kind": "answer", "to": "Петя", "number": 1,
                                                            "result": "yes"})
    assert english == "To the question “Living players of the town: at least 2?” the Council answered: yes."


def test_an_answer_whose_question_is_unknown_is_still_said() -> None:
    line = Renderer("ru").info_line({"kind": "answer", "to": "Петя", "number": 1, "result": "no"})
    assert line == "Совет отвечает: нет."


def player_data_of(game: Game, name: str) -> list[dict[str, str]]:
    """His diary's lines as the web builds them (`player_data` passes the questions the same way)."""
    return private_lines(game.view(name), "ru", sexes(game), council_questions(game))
