"""Nicknames declined by case, as a Russian sentence needs them: «убить Аню и Бориса», «лечить Аню»,
«снять отмазу с Пети».

A nickname is declined only where the pymorphy3 analyser reads it as a noun or adjective in the nominative
(a first name it knows, a word like «Кот» or «Серый», or a name it predicts); any other nickname (Latin
letters, digits, several words, an abbreviation) stays as written, since a wrong ending is worse than none.
A player's sex, where known, picks between readings of a name that both sexes bear («Саша», «Женя»).
A mark in brackets after a name («Трофим (бот)») stays as written while the name before it is declined:
«убить Трофима (бот)».
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pymorphy3

_MARKED = re.compile(r"(\S+)( \([^()]+\))")  # a name, then its mark: «Трофим (бот)», «Михаил (ИИ)»
CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
_GENDERS = {"m": "masc", "f": "femn"}


@cache
def analyser() -> pymorphy3.MorphAnalyzer:
    """The Russian analyser, loaded once (its dictionary takes a fraction of a second to open)."""
    return pymorphy3.MorphAnalyzer(lang="ru")


def _declinable(word: str) -> bool:
    return bool(word) and all(("а" <= c <= "я") or c in "ё-" for c in word.casefold()) and not word.startswith("-")


def _reading(word: str, sex: str | None) -> Any | None:
    """The analyser's reading of a nickname as a person's name in the nominative, or None."""
    gender = _GENDERS.get(sex or "")
    best: tuple[tuple[int, int, int, float], Any] | None = None
    for parse in analyser().parse(word.casefold()):
        tag = parse.tag
        if tag.case != "nomn" or tag.POS not in ("NOUN", "ADJF") or tag.number == "plur":
            continue
        if "Fixd" in tag or "Abbr" in tag:
            continue
        genders = {"masc", "femn"} if "ms-f" in tag else {tag.gender}
        rank = ("Name" in tag, gender is not None and gender in genders, "anim" in tag, parse.score)
        key = (int(rank[0]), int(rank[1]), int(rank[2]), rank[3])
        if best is None or key > best[0]:
            best = (key, parse)
    return best[1] if best is not None else None


def _styled(form: str, original: str) -> str:
    """The declined form written as the nickname was (its capitals, its «ё» or «е»)."""
    if len(original) > 1 and original.isupper():
        return form.upper()
    if "ё" not in original.casefold() and "ё" in form and "е" in original.casefold():
        form = form.replace("ё", "е")
    return form[:1].upper() + form[1:] if original[:1].isupper() else form


@cache
def decline(name: str, case: str, sex: str | None = None) -> str:
    """The nickname in a grammatical case (pymorphy3's names: nomn, gent, datv, accs, ablt, loct); the nickname
    as written where it cannot be declined with confidence."""
    if case not in CASES:
        raise ValueError(f"unknown case: {case}")
    if case == "nomn":
        return name
    marked = _MARKED.fullmatch(name)
    if marked is not None:
        return decline(marked.group(1), case, sex) + marked.group(2)
    if not _declinable(name):
        return name
    parse = _reading(name, sex)
    if parse is None:
        return name
    if case == "accs" and "inan" in parse.tag and parse.tag.gender == "masc":
        case = "gent"  # a person is animate: «убить Тролля», whatever the dictionary says of the word
    inflected = parse.inflect({case})
    if inflected is None:
        return name
    return _styled(inflected.word, name)


def decline_all(names: list[str] | tuple[str, ...], case: str, sexes: dict[str, str] | None = None,
                lang: str = "ru") -> str:
    """Several nicknames in one case, joined as a sentence joins them: «Аню и Бориса», «Аню, Бориса и Лизу»."""
    sexes = sexes or {}
    words = [decline(n, case, sexes.get(n)) if lang == "ru" else n for n in names]
    conjunction = " и " if lang == "ru" else " and "
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + conjunction + words[-1]
