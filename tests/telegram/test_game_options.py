"""`/game`'s words (telegram/game_options.py): the setup and who takes the empty seats, in Russian or
English, in any order and case; anything else is answered in words, never with an exception."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.telegram.game_options import BadOption, GameOptions, options_note, parse_options

AGENTS = ("qwen", "Hosted")


@pytest.mark.parametrize(("args", "expected"), [
    (None, GameOptions()),
    ("", GameOptions()),
    ("full-25", GameOptions("full-25")),
    ("classic-12 боты", GameOptions("classic-12", "heuristic")),
    ("Боты", GameOptions("classic-12", "heuristic")),
    ("боты=случайные classic-20", GameOptions("classic-20", "random")),
    ("bots=random", GameOptions("classic-12", "random")),
    ("bots=heuristic", GameOptions("classic-12", "heuristic")),
    ("боты=умные", GameOptions("classic-12", "heuristic")),
    ("боты=нет", GameOptions("classic-12")),
    ("ии=2", GameOptions("classic-12", ai=("qwen", "qwen"))),
    ("ИИ", GameOptions("classic-12", ai=("qwen",))),
    ("ai=hosted:2 боты", GameOptions("classic-12", "heuristic", ("Hosted", "Hosted"))),
    ("ии=qwen ии=hosted", GameOptions("classic-12", ai=("qwen", "Hosted"))),
    ("CLASSIC-12 ии=11", GameOptions("classic-12", ai=("qwen",) * 11)),
])
def test_the_words_are_read(args: str | None, expected: GameOptions) -> None:
    assert parse_options(args, "ru", AGENTS) == expected


@pytest.mark.parametrize(("args", "agents", "words"), [
    ("драконы", AGENTS, "Не понял «драконы»"),
    ("боты=синие", AGENTS, "Не понял «боты=синие»"),
    ("classic-99", AGENTS, "Нет расклада «classic-99»"),
    ("classic-12 full-25", AGENTS, "Расклад назван дважды («full-25»)"),
    ("ии=2", (), "Игроки ИИ на этом боте не настроены"),
    ("ии=llama:2", AGENTS, "Не понял «ии=llama:2»: такого ИИ нет. Есть: qwen, Hosted."),
    ("ии=0", AGENTS, "от 1 до 50"),
    ("classic-12 ии=12", AGENTS, "Игроков ИИ не больше 11"),
])
def test_a_bad_word_is_answered_in_words(args: str, agents: tuple[str, ...], words: str) -> None:
    with pytest.raises(BadOption) as bad:
        parse_options(args, "ru", agents)
    assert words in bad.value.text


def test_english_answers() -> None:
    with pytest.raises(BadOption) as bad:
        parse_options("dragons", "en", AGENTS)
    assert bad.value.text.startswith("I did not understand “dragons”")


def test_the_note_says_who_takes_the_empty_seats() -> None:
    assert options_note(GameOptions(), "ru") == ""
    assert "займут боты, играющие наугад" in options_note(GameOptions(bots="random"), "ru")
    both = options_note(GameOptions(bots="heuristic", ai=("qwen", "qwen")), "ru")
    assert "Игроков ИИ за столом: 2" in both and "боты, играющие осмысленно" in both
    assert "AI players at the table: 1" in options_note(GameOptions(ai=("qwen",)), "en")


@given(st.text(max_size=60))
def test_any_text_is_read_or_answered(args: str) -> None:
    try:
        options = parse_options(args, "ru", AGENTS)
    except BadOption as bad:
        assert "Ничего не создано" in bad.text or "Нет расклада" in bad.text
    else:
        assert options.bots in ("none", "heuristic", "random") and set(options.ai) <= set(AGENTS)
