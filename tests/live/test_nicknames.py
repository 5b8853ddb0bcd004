"""Nicknames (RULINGS.md, "Live play"): normalised, and refused beside a look-alike, mixing scripts, or a
word of the vote; every refusal says why in Russian and English and never shows its id."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.live.errors import Refusal
from rankedmafia.live.nicknames import CLASHES, NICK_MAX, normalise, seat_nickname
from rankedmafia.text.refusals import refusal_text
from rankedmafia.text.vote_words import VOTE_WORDS

CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Letters of one script that look like letters of the other: what a player would type to pass for another.
TWINS = {"а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x", "у": "y", "А": "A", "В": "B", "Е": "E",
         "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X", "і": "i", "ј": "j"}
TWINS |= {latin: cyrillic for cyrillic, latin in TWINS.items()}
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u200f", "\u202a", "\u202b",
             "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u061c", "\u180e", "\u034f",
             "\ufe0f", "\u0007", "\u3164"]


def refused(typed: str, seated: list[str]) -> Refusal:
    with pytest.raises(Refusal) as caught:
        seat_nickname(typed, seated)
    return caught.value


def test_the_issues_names_are_refused_beside_vasya() -> None:
    """
    Ruling: two nicknames look alike when their Unicode confusables skeletons (UTS #39, ICU's) are equal as
    typed, folded to lower case, or in upper case («Bася», «BACЯ» beside «Вася»), as stored or as a page would
    show them, the typed direction controls obeyed (a right-to-left override before «ясаВ» shows «Вася»); the
    later one is refused and told which seated name it looks like. Equal up to letter case and «ё» is taken.
    """
    assert refused("Bася", ["Вася"]).rule == "nickname_lookalike"  # a Latin B
    assert refused("Ва\u200bся", ["Вася"]).rule == "nickname_taken"  # a zero-width space
    assert refused("ВАСЯ\u200f", ["Вася"]).rule == "nickname_taken"  # a right-to-left mark
    assert refused("BACЯ", ["Вася"]).rule == "nickname_lookalike"
    for word in ("Синий", "синий", "СИНИЙ", "никого", "Blue", "nobody"):
        assert refused(word, []).rule == "nickname_vote_word"
    assert refused("Bася", []).rule == "nickname_mixed_scripts"


def test_a_right_to_left_lookalike_is_refused_by_how_it_is_shown() -> None:
    # "\u202eясаВ" is shown as «Вася»: refused beside «Вася», though stored it would read «ясаВ»
    assert refused("\u202eясаВ", ["Вася"]).rule == "nickname_lookalike"
    assert refused("\u202eйиниС", []).rule == "nickname_vote_word"  # shown as «Синий»
    assert seat_nickname("\u2067Петя\u2069", ["Вася"]) == "Петя"  # an isolate changes nothing for Cyrillic
    assert seat_nickname("\u202eясаВ", ["Петя"]) == "ясаВ"  # beside nobody it looks like, kept as it reads

def test_fair_names_pass_normalised() -> None:
    """
    Ruling: a nickname may not mix the letters of two scripts; digits, spaces, punctuation and combining marks
    are neutral, and Han with kana, Hangul or bopomofo (each with Latin) counts as one writing, as in UTS #39's
    highly restrictive level. «Вася2» and «Vasya» are fine, «Bасилий» is not.
    """
    assert seat_nickname("  Вася   Пупкин ", []) == "Вася Пупкин"
    assert seat_nickname("Вася 2", ["Вася"]) == "Вася 2"
    assert seat_nickname("Vasya", ["Вася"]) == "Vasya"
    assert seat_nickname("Ёжик_77!", []) == "Ёжик_77!"
    assert seat_nickname("山田たろう", []) == "山田たろう"  # Han with kana is one language's writing
    assert seat_nickname("Синий кит", []) == "Синий кит"  # a name with a vote word in it is no vote
    decomposed = unicodedata.normalize("NFD", "Йошкар")
    assert seat_nickname(decomposed, []) == "Йошкар" != decomposed
    assert refused("Ёжик", ["ежик"]).rule == "nickname_taken"


def test_empty_and_long_names_are_refused_after_normalising() -> None:
    """
    Ruling: a nickname is normalised before anything is compared: NFC; Unicode's default-ignorable characters
    (zero-width, soft hyphen, variation selectors, fillers), controls, format characters (direction controls
    among them) and unassigned code points dropped; white space made single spaces.
    """
    assert refused("\u200b\u200d ", []).rule == "bad_nickname"
    assert refused("я" * (NICK_MAX + 1), []).rule == "bad_nickname"
    assert seat_nickname("я" * NICK_MAX + "\u200b" * 10, []) == "я" * NICK_MAX
    assert seat_nickname("\u202dясаВ\u00ad\ufe0f\u3164 \u00a0 2", ["Вася"]) == "ясаВ 2"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_refusal_says_why_in_words(lang: str) -> None:
    cases = [("Bася", ["Вася"]), ("Вася", ["Вася"]), ("Синий", []), ("Bася", []), ("", [])]
    for typed, seated in cases:
        error = refused(typed, seated)
        text = refusal_text(error, lang)
        assert error.rule not in text and "{" not in text
        assert ("запрос отклонён" if lang == "ru" else "the request was refused") not in text
    lookalike = refusal_text(refused("Bася", ["Вася"]), "ru")
    assert "«Bася»" in lookalike and "«Вася»" in lookalike and "не отличить" in lookalike
    assert "алфавит" in refusal_text(refused("Bася", []), "ru")
    assert "голосования" in refusal_text(refused("синий", []), "ru")


def test_the_telegram_sign_up_may_number_every_clash() -> None:
    """
    Ruling: the vote's words («синий», «синего», «никого», «никто», «blue», «nobody», «none»; any case, «ё» as
    «е») are not nicknames; a name that holds one among others («Синий кит») is. The Telegram sign-up, which
    names a player from his Telegram name, adds a number when that name clashes («Синий 2»).
    """
    assert {"nickname_taken", "nickname_lookalike", "nickname_vote_word"} <= CLASHES
    for word in VOTE_WORDS:
        assert seat_nickname(f"{word} 2", []) == f"{word} 2"


names = st.text(alphabet=CYRILLIC, min_size=2, max_size=12) | st.text(alphabet=LATIN, min_size=2, max_size=12)


@st.composite
def lookalike_of(draw: st.DrawFn, name: str) -> str:
    """`name` with some letters swapped for their twins of the other script and invisible characters
    slipped in; at least one change."""
    chars = list(name)
    swappable = [i for i, c in enumerate(chars) if c in TWINS]
    swaps = draw(st.sets(st.sampled_from(swappable), max_size=len(swappable))) if swappable else set()
    for i in swaps:
        chars[i] = TWINS[chars[i]]
    inserts = draw(st.lists(st.tuples(st.integers(0, len(chars)), st.sampled_from(INVISIBLE)),
                            min_size=0 if swaps else 1, max_size=4))
    for where, char in sorted(inserts, reverse=True):
        chars.insert(where, char)
    form = draw(st.sampled_from(["NFC", "NFD"]))
    return unicodedata.normalize(form, "".join(chars))


@settings(max_examples=300, deadline=None)
@given(data=st.data(), first=names)
def test_a_lookalike_of_a_seated_name_is_always_refused(data: st.DataObject, first: str) -> None:
    if normalise(first).casefold().replace("ё", "е") in VOTE_WORDS:
        return
    seated = seat_nickname(first, [])
    second = data.draw(lookalike_of(first))
    with pytest.raises(Refusal) as caught:
        seat_nickname(second, [seated])
    assert caught.value.rule in {"nickname_taken", "nickname_lookalike", "nickname_mixed_scripts"}


@settings(max_examples=200, deadline=None)
@given(typed=st.text(max_size=40), seated=st.lists(st.text(max_size=10), max_size=4))
def test_a_seated_name_is_normal_and_refusals_are_refusals(typed: str, seated: list[str]) -> None:
    try:
        name = seat_nickname(typed, seated)
    except Refusal as error:
        assert refusal_text(error, "ru") != refusal_text(Refusal("no_such_reason"), "ru")
        return
    assert name == normalise(name) == name.strip() and 0 < len(name) <= NICK_MAX
    assert unicodedata.is_normalized("NFC", name)
    assert not any(unicodedata.category(c) in {"Cc", "Cf"} for c in name)


def test_a_name_differing_only_by_combining_marks_is_a_lookalike() -> None:
    """Ruling: a nickname that differs from a seated one only by combining marks («Пе́тя», «Вӓся» beside
    «Петя», «Вася») looks like it and is refused; «й», «ў» and «ї» are letters of their own («Андрей» and
    «Андреи» both sit), and «ё» is «е» already."""
    from rankedmafia.live.errors import Refusal
    from rankedmafia.live.nicknames import seat_nickname

    for typed, seated in (("Пе\u0301тя", "Петя"), ("Петя", "Пе\u0301тя"), ("Ва\u0308\u0323ся", "Вася"),
                          ("Ka\u0301tia", "Katia")):
        try:
            seat_nickname(typed, [seated])
        except Refusal as refusal:
            assert refusal.rule == "nickname_lookalike", (typed, refusal.rule)
        else:
            raise AssertionError(f"{typed!r} sat beside {seated!r}")
    assert seat_nickname("Петя", ["Пета"]) == "Петя"  # another letter, not a mark, is another name
    assert seat_nickname("Андрей", ["Андреи"]) == "Андрей"  # «й» is a letter of its own
