"""The blanks of a Council question read from a model's answer, in the forms the prompt documents:

- a line of words, the blanks' values in order: «мафия больше 3», «доктор, Вера», «мафия не меньше, чем
  город» (as `"args"`, or in plain text after the move's number: «[7] мафия больше 3»);
- an object keyed by the blanks' names in the prompt's language («сторона», «сравнение», «число»).

Values are read as a player writes them: a word in any case form («мафии», «мирных жителей»), a
comparison as words or a sign («>=», «≥»), a number in digits, a player by any form of the name. A value
the engine's list does not hold is never guessed: the blank stays unread and the refusal names it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from rankedmafia.forum.names import declensions, fold, lemmas
from rankedmafia.text.names import COMPARED, FIELDS, OPS, QUESTIONS

Field = tuple[str, tuple[tuple[str, Any], ...]]  # a blank: its key and its (word, value) pairs

TOKEN = re.compile(r"[\w-]+")
DIGITS = re.compile(r"[0-9]{1,6}")
# signs a model may write for a comparison, longest first
SIGNS = ((">=", "ge"), ("<=", "le"), ("!=", "ne"), ("==", "eq"), ("≥", "ge"), ("≤", "le"), ("≠", "ne"),
         (">", "gt"), ("<", "lt"), ("=", "eq"))
# comparisons in other words than the list's («не менее», «столько же»)
MORE_OPS = {"ru": {"равно": "eq", "не равно": "ne", "более": "gt", "менее": "lt", "не менее": "ge",
                   "не более": "le", "хотя бы": "ge", "минимум": "ge", "как минимум": "ge", "максимум": "le",
                   "столько же": "eq", "не столько же": "ne"},
            "en": {"equal": "eq", "not equal": "ne", "less than": "lt", "greater than": "gt",
                   "at least as many as": "ge", "at most as many as": "le"}}
SEX_WORDS = {"m": ("мужской", "мужчина", "муж", "male", "man", "men"),
             "f": ("женский", "женщина", "жен", "female", "woman", "women")}
KINDS = {"side": "side", "a": "side", "b": "side", "op": "op", "n": "n", "role": "role", "sex": "sex",
         "player": "name", "players": "name"}


def label(key: str, lang: str) -> str:
    """A blank's name as the prompt writes it (and the answer's object may be keyed by)."""
    return FIELDS.get(lang, FIELDS["ru"]).get(key, key)


def pattern(template: str, lang: str) -> str:
    """A question with its blanks named («Живых игроков стороны «[сторона]» [сравнение] [число]?»), so that
    the list's fields read as the blanks they fill."""
    sentence = QUESTIONS.get(lang, QUESTIONS["ru"]).get(template)
    if sentence is None:
        return template
    named = {key: f"[{label(key, lang)}]" for key in ("side", "op", "n", "role", "a", "b", "player", "players")}
    return sentence.format(**named, cmp=named["op"], people=f"[{label('sex', lang)}]")


def values_text(key: str, values: Sequence[tuple[str, Any]]) -> str:
    """The values a blank takes, as the prompt lists them: a number as its range, else the words."""
    if key == "n" and values:
        return f"{values[0][0]}–{values[-1][0]}"
    return " | ".join(w for w, _ in values)


def example(fields: Sequence[Field]) -> str:
    """A filled line of one question («мафия больше 3»), for the prompt's format and a refusal."""
    words: list[str] = []
    for key, values in fields:
        if key == "players":
            words.append(", ".join(w for w, _ in values[:4]))
        elif key == "b":
            words.append(values[-1][0])
        elif values:
            words.append(values[min(len(values) - 1, 3 if key == "n" else 2 if key == "op" else 1)][0])
    return " ".join(words)


@cache
def _forms(word: str) -> frozenset[str]:
    """The folded forms one word of a value may be written in."""
    folded = fold(word)
    return frozenset({folded, *declensions(word)}) if folded.isalpha() else frozenset({folded})


@cache
def _token_lemmas(token: str) -> frozenset[str]:
    return frozenset(lemmas(token)) if token.isalpha() else frozenset()


def _phrases(fields: Sequence[Field], lang: str) -> list[tuple[tuple[str, ...], str, Any]]:
    """Every phrase that names a value of these blanks: (its folded words, the kind, the value)."""
    out: list[tuple[tuple[str, ...], str, Any]] = []
    seen: set[str] = set()
    for key, values in fields:
        kind = KINDS.get(key, key)
        if kind in seen or kind == "n":
            continue
        seen.add(kind)
        for word, value in values:
            out.append((tuple(TOKEN.findall(fold(word))), kind, value))
            if kind in ("op", "side", "role", "sex"):
                out.append((tuple(TOKEN.findall(fold(str(value)))), kind, value))  # the id itself: tolerated
        if kind == "op":
            for table in (OPS, COMPARED, MORE_OPS):
                for op, words in table.get(lang, table["ru"]).items():
                    value = words if table is MORE_OPS else op
                    phrase = op if table is MORE_OPS else words
                    out.append((tuple(TOKEN.findall(fold(phrase))), kind, value))
        if kind == "sex":
            out.extend(((word,), kind, sex) for sex, words in SEX_WORDS.items() for word in words)
    return sorted((p for p in out if p[0]), key=lambda p: -len(p[0]))


def _matches(words: tuple[str, ...], tokens: list[str], at: int, kind: str) -> bool:
    if at + len(words) > len(tokens):
        return False
    for word, token in zip(words, tokens[at:at + len(words)], strict=False):
        if token == word:
            continue
        if kind in ("op", "n") or not word.isalpha():
            return False
        if kind == "name":
            if token not in _forms(word):
                return False
        elif not (_token_lemmas(token) & _token_lemmas(word)) and not (
                kind == "sex" and len(word) >= 3 and token.startswith(word)):
            return False  # «мафии» is «мафия», «одиночек» «одиночки», «мирных жителей» «мирный житель»
    return True


def scan(text: str, fields: Sequence[Field], lang: str) -> list[tuple[str, Any]]:
    """The values named in a text, in its order: (kind, value), numbers as ("n", int)."""
    for sign, op in SIGNS:
        text = text.replace(sign, f" {OPS['ru'][op] if lang == 'ru' else OPS['en'][op]} ")
    tokens = TOKEN.findall(fold(text))
    phrases = _phrases(fields, lang)
    found: list[tuple[str, Any]] = []
    at = 0
    while at < len(tokens):
        for words, kind, value in phrases:
            if _matches(words, tokens, at, kind):
                found.append((kind, value))
                at += len(words)
                break
        else:
            if DIGITS.fullmatch(tokens[at]):
                found.append(("n", int(tokens[at])))
            at += 1
    return found


def read_args(fields: Sequence[Field], given: Any, lang: str) -> tuple[dict[str, Any], list[str]]:
    """The question's arguments read from `given` (a line of words, an object keyed by the blanks' names,
    or a list of values in order), and the keys of the blanks left unread."""
    if isinstance(given, Mapping):
        keyed: dict[str, Any] = {}
        loose: list[Any] = []
        names = {fold(label(key, lang)): key for key, _ in fields} | {key: key for key, _ in fields}
        for name, value in given.items():
            key = names.get(fold(str(name)).strip())
            (loose.append(value) if key is None else keyed.__setitem__(key, value))
        args: dict[str, Any] = {}
        for key, values in fields:
            if key in keyed:
                args.update(_assign([(key, values)], scan(_as_text(keyed[key]), [(key, values)], lang)))
        rest = [(key, values) for key, values in fields if key not in args]
        if rest and loose:
            args.update(_assign(rest, scan(" , ".join(_as_text(v) for v in loose), rest, lang)))
    else:
        args = _assign(fields, scan(_as_text(given), fields, lang)) if given is not None else {}
    return args, [key for key, _ in fields if key not in args]


def _as_text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " , ".join(_as_text(v) for v in value)
    return "" if value is None else str(value)


def _assign(fields: Sequence[Field], found: list[tuple[str, Any]]) -> dict[str, Any]:
    """Each blank its value from the values found, in order (two sides: the first, then the second)."""
    args: dict[str, Any] = {}
    used = [False] * len(found)
    for key, values in fields:
        kind = KINDS.get(key, key)
        allowed = [v for _, v in values]
        if key == "players":
            group = []
            for index, (k, value) in enumerate(found):
                if k == kind and not used[index] and value in allowed and value not in group:
                    group.append(value)
                    used[index] = True
            if group:
                args[key] = group
            continue
        for index, (k, value) in enumerate(found):
            if k == kind and not used[index] and value in allowed:
                args[key] = value
                used[index] = True
                break
    return args
