"""The mafia's question to the Council, read from the words a boss writes to the host.

    "спрашиваю Совет: живых мафиози не меньше трёх?"      → side_count  side=mafia op=ge n=3
    "вопрос: город больше, чем мафия?"                      → compare_sides a=town op=gt b=mafia
    "вопрос Совету: есть ли в игре комиссар?"               → role_count  role=commissar op=ge n=1
    "вопрос: к Васе прошлой ночью приходил доктор?"         → visited     role=doctor player=Вася
    "вопрос: среди Васи, Пети, Маши и Коли мафии ровно 1?"  → group_side_count
    "вопрос: девочка заблокировала активную роль?"          → girl_blocked_active
    "вопрос: ролей больше, чем иммунитетчиков?"             → roles_vs_immune op=gt
    "вопрос: ролей меньше, чем женщин?"                     → roles_vs_sex op=lt sex=f

The question's kind is told by its words (the girl's block, the immune, a visit, sex, a group of four or
more names, two sides, a role, a side); its blanks by the sides, roles, names, comparison and number
written. What it reads is only a proposal: the engine's own check (`Game.check`) decides whether the
question may be asked, and the host confirms the reading before it counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from rankedmafia.forum.names import NameMatcher, fold, lemmas

NUMBER_WORDS = {
    "ноль": 0, "один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8,
    "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12, "тринадцать": 13, "четырнадцать": 14,
    "пятнадцать": 15, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "одна": 1, "две": 2, "оба": 2, "двое": 2, "трое": 3, "четверо": 4,
    "пятеро": 5, "шестеро": 6,
}
# Comparisons, longest phrase first (folded words, or a symbol); "не" alone means "not equal".
COMPARISONS = (
    (("не", "меньше"), "ge"), (("не", "менее"), "ge"), (("хотя", "бы"), "ge"), (("как", "минимум"), "ge"),
    (("at", "least"), "ge"), (("не", "больше"), "le"), (("не", "более"), "le"), (("at", "most"), "le"),
    (("как", "максимум"), "le"), (("не", "ровно"), "ne"), (("не", "равно"), "ne"), (("more", "than"), "gt"),
    (("fewer", "than"), "lt"), (("less", "than"), "lt"), (("минимум",), "ge"), (("максимум",), "le"),
    (("больше",), "gt"), (("более",), "gt"), (("свыше",), "gt"), (("меньше",), "lt"), (("менее",), "lt"),
    (("ровно",), "eq"), (("exactly",), "eq"), (("столько",), "eq"), (("поровну",), "eq"), (("not",), "ne"),
    ((">=",), "ge"), (("≥",), "ge"), (("<=",), "le"), (("≤",), "le"), (("!=",), "ne"), (("≠",), "ne"),
    ((">",), "gt"), (("<",), "lt"), (("=",), "eq"),
)
SIDE_WORDS = {
    "town": {"город", "горожанин", "мирный", "мирные", "town", "townsfolk"},
    "mafia": {"мафия", "мафиози", "мафиозо", "mafia", "mafiosi", "mafioso"},
    "loners": {"одиночка", "одиночки", "нейтрал", "loner", "loners"},
}
SEX_WORDS = {"m": {"мужчина", "мужской", "парень", "male", "man", "men"},
             "f": {"женщина", "женский", "девушка", "female", "woman", "women"}}
TOKEN = re.compile(r">=|<=|!=|[≥≤≠<>=]|\d+|[\w\-]+", re.UNICODE)


RoleFinder = Callable[[list[set[str]], list[str]], str | None]  # a role named among the words, of the roles

class QuestionError(ValueError):
    """The words do not make a question of any kind the Council answers."""


def read_question(text: str, names: NameMatcher, roles: list[str],
                  find_role: RoleFinder) -> tuple[str, dict[str, Any]]:
    """The template and arguments a written question means (`text`: the question itself, the words after
    "вопрос"; `roles`: those of the setup; `find_role`: the messages' reader of a role among the words)."""
    typed = TOKEN.findall(text)
    words = [lemmas(w) | {fold(w)} if w[0].isalpha() else {w} for w in typed]
    folded = [fold(w) for w in typed]

    def said(*stems: str) -> bool:
        return any(any(lemma.startswith(stem) for lemma in word) for stem in stems for word in words)

    sides = _sides(words)
    op = _comparison(folded)
    number = _number(folded, words)
    if said("девочк", "girl") and said("блок", "заблок", "block"):
        return "girl_blocked_active", {}
    if said("иммун", "immune"):
        if number is None and said("рол", "role"):  # roles against the immune, or roles among them
            return ("roles_vs_immune", {"op": op}) if op else ("immune_have_roles", {})
        return "immune_count", {"op": op or "eq", "n": _needed(number)}
    named = _players(typed, names)
    if said("приход", "приш", "посещ", "наведы", "заход", "visit"):
        if not named:
            raise QuestionError("player")
        return "visited", {"role": _role(words, roles, find_role), "player": named[0]}
    sex = next((s for s, stems in SEX_WORDS.items() if any(word & stems for word in words)), None)
    if sex is not None:  # asked in a game without sexes, the engine's check refuses it and says why
        if number is None and op and said("рол", "role"):
            return "roles_vs_sex", {"op": op, "sex": sex}
        return "sex_count", {"sex": sex, "op": op or "eq", "n": _needed(number)}
    if named:  # fewer than four names is still a question about them: the engine refuses it, saying why
        return "group_side_count", {"players": named, "side": _one_side(sides), "op": op or "eq",
                                    "n": _needed(number)}
    if len(sides) >= 2 and number is None:
        return "compare_sides", {"a": sides[0], "op": op or "eq", "b": sides[1]}
    role = find_role([w for w, f in zip(words, folded, strict=True) if not _side_word(w) and f not in
                      ("мафия", "мафии", "мафию")], roles)
    if role is not None and not sides:
        if number is None and said("есть", "жив", "there", "any"):
            return "role_count", {"role": role, "op": "ge", "n": 1}
        return "role_count", {"role": role, "op": op or "eq", "n": _needed(number)}
    if sides:
        if said("рол", "актив", "role") or any(a == "не" and b.startswith("мирн") for a, b in pairwise(folded)):
            return "side_roles", {"side": sides[0], "op": op or "eq", "n": _needed(number)}
        return "side_count", {"side": sides[0], "op": op or "eq", "n": _needed(number)}
    raise QuestionError("kind")


def _side_word(word: set[str]) -> bool:
    return any(word & stems for stems in SIDE_WORDS.values())


def _sides(words: list[set[str]]) -> list[str]:
    found: list[str] = []
    for word in words:
        for side, stems in SIDE_WORDS.items():
            if word & stems and side not in found:
                found.append(side)
    return found


def _one_side(sides: list[str]) -> str:
    if len(sides) != 1:
        raise QuestionError("side")
    return sides[0]


def _comparison(folded: list[str]) -> str | None:
    for phrase, op in COMPARISONS:
        size = len(phrase)
        if any(tuple(folded[i:i + size]) == phrase for i in range(len(folded) - size + 1)):
            return op
    return None


def _number(folded: list[str], words: list[set[str]]) -> int | None:
    for word, forms in zip(folded, words, strict=True):
        if word.isdigit():
            return int(word)
        for form in forms:
            if form in NUMBER_WORDS:
                return NUMBER_WORDS[form]
    return None


def _needed(number: int | None) -> int:
    if number is None:
        raise QuestionError("number")
    return number


def _players(typed: list[str], names: NameMatcher) -> list[str]:
    found: list[str] = []
    for word in typed:
        if not word[0].isalpha():
            continue
        match = names.match(word, fuzzy=False)
        if match is not None and match.name not in found:
            found.append(match.name)
    return found


def _role(words: list[set[str]], roles: list[str], find_role: RoleFinder) -> str:
    role = find_role(words, roles)
    if role is None:
        raise QuestionError("role")
    return role
