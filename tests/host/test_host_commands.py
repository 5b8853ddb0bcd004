"""The host's command language: a pure function from a typed line to a typed command."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.host.commands import (
    Act,
    Command,
    Done,
    Help,
    Message,
    ParseError,
    Quit,
    Thread,
    Undo,
    Vote,
    Votes,
    Who,
    parse_line,
    tokenize,
)
from rankedmafia.host.i18n import UI, t
from rankedmafia.rules.model import BLUE


@pytest.mark.parametrize(("line", "command"), [
    ("Вася kill Петя Маша", Act("Вася", "kill", ("Петя", "Маша"))),
    ("  Вася   kill   Петя  ", Act("Вася", "kill", ("Петя",))),
    ("Маша heal_from mafia", Act("Маша", "heal_from", ("mafia",))),
    ("Маша heal_from role=mafia", Act("Маша", "heal_from", (), "mafia", (("role", "mafia"),))),
    ("Вася ask side_count side=town op=ge n=3",
     Act("Вася", "ask", ("side_count",), "town", (("side", "town"), ("op", "ge"), ("n", "3")))),
    ("Маша heal Маша # себя", Act("Маша", "heal", ("Маша",))),
    ('"Big Bob" kill «Маша Петрова» \'Ann\'', Act("Big Bob", "kill", ("Маша Петрова", "Ann"))),
    ("Вася#2 block Петя", Act("Вася#2", "block", ("Петя",))),
    ("undo Вася", Undo("Вася")),
    ("ОТМЕНА «Big Bob»", Undo("Big Bob")),
    ("Вася > Петя", Vote("Вася", "Петя")),
    ("Вася>Петя", Vote("Вася", "Петя")),
    ("Маша > blue", Vote("Маша", BLUE)),
    ("Маша > Синий", Vote("Маша", BLUE)),
    ('"Big Bob" > "Маша Петрова"', Vote("Big Bob", "Маша Петрова")),
    ("who", Who()), ("КТО", Who()), ("votes", Votes()), ("голоса", Votes()),
    ("done", Done()), ("готово", Done()), ("help", Help()), ("?", Help()),
    ("quit", Quit()), ("выход", Quit()),
])
def test_lines_mean_commands(line: str, command: Command) -> None:
    assert parse_line(line) == command


@pytest.mark.parametrize("line", ["", "   ", "# a comment", "   # indented comment", "\t"])
def test_blank_lines_and_comments_mean_nothing(line: str) -> None:
    assert parse_line(line) is None


def test_a_quoted_keyword_is_a_nickname() -> None:
    assert parse_line('"who" kill done') == Act("who", "kill", ("done",))
    assert parse_line('"undo" > Вася') == Vote("undo", "Вася")
    assert parse_line('Вася > "blue"') == Vote("Вася", "blue")  # a nickname (the engine refuses it)


@pytest.mark.parametrize(("line", "key"), [
    ('Вася kill "Петя', "parse_quote"),
    ("«Вася kill Петя", "parse_quote"),
    ("Вася >", "parse_vote"),
    ("> Петя", "parse_vote"),
    ("Вася > Петя > Маша", "parse_vote"),
    ("Вася Петя > Маша", "parse_vote"),
    ("Вася kill > Маша", "parse_vote"),
    ("undo", "parse_undo"),
    ("undo Вася Петя", "parse_undo"),
    ("Вася", "parse_act"),
    ('Вася "kill" Петя', "parse_act"),
    ('Вася kill ""', "parse_act"),
    ("Маша heal_from role=mafia role=town", "parse_option"),
    ("Маша heal_from role=", "parse_option"),
    ("done now", "parse_extra"),
    ("who Вася", "parse_extra"),
])
def test_malformed_lines_are_refused_with_a_message(line: str, key: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_line(line)
    assert caught.value.key == key
    for lang in UI:
        assert t(lang, key, **caught.value.params)


def test_the_tokenizer_keeps_quoted_spaces_and_splits_votes() -> None:
    assert [tok.text for tok in tokenize("a>b «c d» 'e'")] == ["a", ">", "b", "c d", "e"]
    assert [tok.quoted for tok in tokenize('x "y"')] == [False, True]


def test_both_catalogues_have_the_same_keys() -> None:
    assert set(UI["ru"]) == set(UI["en"])


@given(st.text())
def test_any_text_parses_or_is_refused_with_a_parse_error(line: str) -> None:
    try:
        result = parse_line(line)
    except ParseError as error:
        assert error.key in UI["ru"]
        assert t("ru", error.key, **error.params)
        assert t("en", error.key, **error.params)
        return
    assert result is None or isinstance(result, Act | Vote | Undo | Who | Votes | Done | Help | Quit | Message | Thread)


@pytest.mark.parametrize(("line", "command"), [
    ("Вася: убиваю Петю", Message("Вася", "убиваю Петю")),
    ("лс Маша: лечу от мафии", Message("Маша", "лечу от мафии")),
    ("лс Маша лечу Петю", Message("Маша", "лечу Петю")),
    ('"Big Bob": проверяю Васю', Message("Big Bob", "проверяю Васю")),
    ("помощь", Help()), ("помощь доктор", Help("доктор")), ("help doctor", Help("doctor")),
    ("тема page1.html page2.html", Thread(("page1.html", "page2.html"))),
    ("тема day.html до 30.11.2026 22:00", Thread(("day.html",), "30.11.2026 22:00")),
    ("тема day.html до 30.11.2026 22:00 сегодня 30.11.2026", Thread(("day.html",), "30.11.2026 22:00", "30.11.2026")),
    ("thread a.html today 01.12.2026 until 30.11.2026 22:00", Thread(("a.html",), "30.11.2026 22:00", "01.12.2026")),
])
def test_forum_commands(line: str, command: Command) -> None:
    assert parse_line(line) == command


@pytest.mark.parametrize(("line", "key"), [("тема", "parse_thread"), ("тема до 22:00", "parse_thread"),
                                           ("лс Вася", "parse_message")])
def test_forum_commands_refused(line: str, key: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_line(line)
    assert caught.value.key == key


@given(st.text(alphabet=st.sampled_from(list('ab >"«»\'#=\t ')), max_size=30))
def test_lines_of_syntax_characters_parse_or_are_refused(line: str) -> None:
    try:
        parse_line(line)
    except ParseError as error:
        assert error.key.startswith("parse_")


nickname = st.text(alphabet=st.characters(categories=("L", "N")), min_size=1, max_size=12)


@given(nickname, nickname, nickname)
def test_a_vote_round_trips(voter: str, choice: str, action: str) -> None:
    command = parse_line(f'"{voter}" > "{choice}"')
    assert command == Vote(voter, choice)
    assert parse_line(f'"{voter}" {action} "{choice}"') == Act(voter, action, (choice,))
