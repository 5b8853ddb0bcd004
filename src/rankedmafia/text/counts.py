"""Counts in words, agreed as Russian agrees them: «одну цель», «от одной до двух целей», «указаны две».

The refusal of a wrong number of targets reads as one sentence in either language («действие «убить»
требует от одной до двух целей, а указаны три»), never «от 1 до 1 целей».
"""

from __future__ import annotations

# «цель» is feminine: the accusative after «требует» and «указана/указаны», the genitive after «от/до»
ACCUSATIVE = {1: "одну", 2: "две", 3: "три", 4: "четыре"}
NOMINATIVE = {1: "одна", 2: "две", 3: "три", 4: "четыре"}
GENITIVE = {1: "одной", 2: "двух", 3: "трёх", 4: "четырёх"}
ENGLISH = {1: "one", 2: "two", 3: "three", 4: "four"}


def russian_form(count: int, one: str, few: str, many: str) -> str:
    """The noun's form a Russian number takes: 1, 21 цель; 2–4, 22 цели; 0, 5–20, 25 целей."""
    tens, units = count % 100, count % 10
    if units == 1 and tens != 11:
        return one
    if 2 <= units <= 4 and not 12 <= tens <= 14:
        return few
    return many


def wanted_targets(least: int, most: int, lang: str) -> str:
    """What an action takes: «одну цель», «две цели», «от одной до трёх целей»; "one to two targets"."""
    if lang != "ru":
        if least == most:
            return f"{ENGLISH.get(least, str(least))} target{'' if least == 1 else 's'}"
        return f"{ENGLISH.get(least, str(least))} to {ENGLISH.get(most, str(most))} targets"
    if least == most:
        return f"{ACCUSATIVE.get(least, str(least))} {russian_form(least, 'цель', 'цели', 'целей')}"
    return f"от {GENITIVE.get(least, str(least))} до {GENITIVE.get(most, str(most))} " \
           f"{russian_form(most, 'цели', 'целей', 'целей')}"


def given_targets(got: int, lang: str) -> str:
    """How many were named: «не указано ни одной», «указана одна», «указаны три», «указано 5»."""
    if lang != "ru":
        return "none given" if got == 0 else f"{ENGLISH.get(got, str(got))} given"
    if got == 0:
        return "не указано ни одной"
    word = NOMINATIVE.get(got, str(got))
    return f"{russian_form(got, 'указана', 'указаны', 'указано')} {word}"
