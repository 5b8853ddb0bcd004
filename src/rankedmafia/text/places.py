"""Where in a game script something went wrong, as the host counts it: «ночь 2, строка 3», «день 1, голос
Пети»; "night 2, entry 3", "day 1, Petya's vote".

A script's phases are counted by their place in `phases` from 1 and its night entries from 0 (that is how
the engine marks a refusal, `RuleViolation.at`); the host counts each kind of phase on its own and the
lines of a night from 1, so «ночь 2» is the third phase of a script that starts at night.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rankedmafia.text.names import phase_name, refusal

PLACES = {
    "ru": {"entry": "строка {number}", "vote": "голос {name}", "vote_of": "голос игрока {name}",
           "sentence": "{place} — {reason}"},
    "en": {"entry": "entry {number}", "vote": "{name}'s vote", "vote_of": "{name}'s vote",
           "sentence": "{place}: {reason}"},
}


def phase_of(position: int, start: str = "night") -> tuple[str, int]:
    """The kind and number of the phase at this place of `phases` (from 1), in a game starting so."""
    first = "day" if start == "day" else "night"
    other = "night" if first == "day" else "day"
    if position % 2 == 1:
        return first, (position + 1) // 2
    return other, position // 2


def place(phase: int | None, entry: int | str | None, start: str = "night", lang: str = "ru") -> str:
    """«ночь 2, строка 3», «день 1, голос Пети», «ночь 1»; empty if neither is known."""
    texts = PLACES.get(lang, PLACES["ru"])
    parts: list[str] = []
    if phase is not None:
        kind, number = phase_of(phase, start)
        parts.append(phase_name(kind, lang, number).lower())
    if isinstance(entry, int) and not isinstance(entry, bool):
        parts.append(texts["entry"].format(number=entry + 1))
    elif isinstance(entry, str):
        genitive = _genitive(entry) if lang == "ru" else None
        parts.append(texts["vote"].format(name=genitive) if genitive else texts["vote_of"].format(name=entry))
    return ", ".join(parts)


def placed(where: str, reason: str, lang: str = "ru") -> str:
    """The place and the reason as one sentence, led by the place: «Ночь 2, строка 3 — Петя выбыл: его
    нельзя указать»; the reason alone, as it is, where no place is known."""
    if not where:
        return reason
    text = PLACES.get(lang, PLACES["ru"])["sentence"].format(place=where, reason=reason)
    return text[:1].upper() + text[1:]


def refusal_sentence(error: Any, lang: str = "ru", start: str = "night") -> str:
    """A refused script's entry as one sentence, led by its place as the host counts it: «Ночь 2, строка 1
    — …», «День 1, голос Пети — …», "Night 2, entry 1: …" (RULINGS.md, "A refusal names the place")."""
    return placed(place(getattr(error, "phase", None), getattr(error, "entry", None), start, lang),
                  refusal(error, lang), lang)


@cache
def _analyser() -> Any:
    import pymorphy3  # the Russian analyser, only once a vote's place is named

    return pymorphy3.MorphAnalyzer(lang="ru")


def _genitive(name: str) -> str | None:
    """«Пети» for «Петя», «Маши» for «Маша»: a one-word Cyrillic nickname the analyser reads as a first
    name; None for any other (it is then named whole: «голос игрока Big Bob»)."""
    if " " in name or not name.isalpha() or not all("а" <= c <= "я" or c == "ё" for c in name.casefold()):
        return None
    for parse in _analyser().parse(name):
        if "Name" in parse.tag and parse.tag.case == "nomn":
            form = parse.inflect({"gent"})
            if form is not None:
                word = str(form.word)
                return word[:1].upper() + word[1:] if name[:1].isupper() else word
    return None
