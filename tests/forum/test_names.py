"""Names as Russian forum players write them: declined, in another case, with a typo."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.forum.names import NameMatcher

NAMES = ["Вася", "Петя", "Маша", "Коля", "Игорь", "Женя", "Лена", "Алёна", "Big Bob", "Dark_Knight"]
matcher = NameMatcher(NAMES)


@pytest.mark.parametrize(("typed", "name"), [
    ("Вася", "Вася"), ("васю", "Вася"), ("Васей", "Вася"), ("Пете", "Петя"), ("Машу", "Маша"),
    ("Коле", "Коля"), ("Игоря", "Игорь"), ("Жене", "Женя"), ("Лену", "Лена"), ("Алену", "Алёна"),
    ("big bob", "Big Bob"), ("dark_knight", "Dark_Knight"),
])
def test_certain(typed: str, name: str) -> None:
    match = matcher.match(typed)
    assert match is not None and match.name == name and match.certain


@pytest.mark.parametrize(("typed", "name"), [("Вассю", "Вася"), ("Машку", "Маша"), ("Игорья", "Игорь"),
                                             ("Dark_Knigt", "Dark_Knight")])
def test_typos_are_guesses(typed: str, name: str) -> None:
    match = matcher.match(typed)
    assert match is not None and match.name == name and not match.certain


@pytest.mark.parametrize("typed", ["Никто", "кроваво", "за", "", "мафия"])
def test_no_match(typed: str) -> None:
    assert matcher.match(typed) is None


def test_several_words() -> None:
    match, size = matcher.find(["Big", "Bob", "сегодня"])
    assert match is not None and match.name == "Big Bob" and size == 2


@given(st.sampled_from(NAMES))
def test_every_nickname_matches_itself_certainly(name: str) -> None:
    match = matcher.match(name)
    assert match is not None and match.name == name and match.certain

