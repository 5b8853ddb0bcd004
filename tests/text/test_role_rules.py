"""The role rules players read: every role has them in both languages, and the Russian ones show no id
and no Latin letter (a player must never meet `kill_bloody` or `mafia1`)."""

from __future__ import annotations

import re

import pytest

from rankedmafia.rules.roles import ROLES
from rankedmafia.text.names import ACTIONS, action_name
from rankedmafia.text.reference import actions_of
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import role_name

LANGS = ("ru", "en")
IDS = set(ROLES) | set(ACTIONS["ru"])


@pytest.mark.parametrize("role_id", sorted(ROLES))
@pytest.mark.parametrize("lang", LANGS)
def test_every_role_has_its_rules(role_id: str, lang: str) -> None:
    text = role_rules(role_id, lang)
    assert text.strip()
    sentences = [s for s in re.split(r"(?<=[.!?»])\s+(?=[A-ZА-ЯЁ«])", text) if s.strip()]
    assert 3 <= len(sentences) <= 8, sentences  # a few plain sentences, not a paragraph of law


@pytest.mark.parametrize("role_id", sorted(ROLES))
def test_russian_rules_have_no_ids_nor_latin_letters(role_id: str) -> None:
    text = role_rules(role_id, "ru")
    assert not re.search(r"[A-Za-z]", text), text
    words = set(re.findall(r"\w+", text))
    assert not words & IDS


@pytest.mark.parametrize("role_id", sorted(ROLES))
@pytest.mark.parametrize("lang", LANGS)
def test_rules_name_the_role_or_its_actions(role_id: str, lang: str) -> None:
    text = role_rules(role_id, lang).lower()
    actions = actions_of(ROLES[role_id])
    if actions:
        for action in actions:
            assert f"«{action_name(action.id, lang).lower()}" in text, action.id
    else:
        assert role_name(role_id, lang).lower() in text


def test_ranks_are_filled_in_and_unknown_language_is_russian() -> None:
    assert "2-го ранга" in role_rules("mafia2")
    assert "rank-3" in role_rules("mafia3", "en")
    assert role_rules("doctor", "xx") == role_rules("doctor", "ru")
    assert role_rules("no_such_role") == ""
