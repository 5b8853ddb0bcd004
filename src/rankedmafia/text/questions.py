"""The Council's questions as sentences a player reads: a short name for each question (a picker's button),
and the whole question with what is chosen so far («Живых игроков стороны «город» меньше 6?», «Приходила ли
прошлой ночью роль «доктор» к Ане?»).

The engine's own templates (rules/council.py) are the record's words; these are the same questions worded
for a form and a confirmation: a comparison as words (never «<»), a player declined by case, a blank not yet
chosen as «…». English keeps the engine's templates, whose order already reads as a sentence.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rankedmafia.rules import council
from rankedmafia.text.declension import decline, decline_all
from rankedmafia.text.names import COMPARED, sex_name  # two counts compared: the word between them
from rankedmafia.text.roles import role_name, side_name

BLANK = "…"

# What a question asks, for the button that picks it.
SHORT: dict[str, dict[str, str]] = {
    "ru": {
        "side_count": "Сколько живых у стороны",
        "side_roles": "Сколько ролей у стороны",
        "role_count": "Сколько живых с ролью",
        "compare_sides": "Сравнить две стороны",
        "immune_count": "Сколько иммунитетчиков",
        "immune_have_roles": "Есть ли роли у иммунитетчиков",
        "visited": "Приходила ли роль к игроку",
        "girl_blocked_active": "Заблокировала ли девочка роль",
        "group_side_count": "Сколько в группе игроков стороны",
        "roles_vs_immune": "Роли против иммунитетчиков",
        "sex_count": "Сколько живых мужчин или женщин",
        "roles_vs_sex": "Роли против мужчин или женщин",
    },
    "en": {
        "side_count": "How many living on a side",
        "side_roles": "How many roles on a side",
        "role_count": "How many living with a role",
        "compare_sides": "Compare two sides",
        "immune_count": "How many immune",
        "immune_have_roles": "Do the immune have roles",
        "visited": "Did a role visit a player",
        "girl_blocked_active": "Did the girl block a role",
        "group_side_count": "How many of a group on a side",
        "roles_vs_immune": "Roles against the immune",
        "sex_count": "How many living men or women",
        "roles_vs_sex": "Roles against men or women",
    },
}

# The Russian questions as sentences; {cmp} is a comparison between two counts («больше, чем»).
SENTENCES: dict[str, str] = {
    "side_count": "Живых игроков стороны «{side}» {op} {n}?",
    "side_roles": "Ролей (не мирных) стороны «{side}» в игре осталось {op} {n}?",
    "role_count": "Живых с ролью «{role}» {op} {n}?",
    "compare_sides": "Живых стороны «{a}» {cmp} стороны «{b}»?",
    "immune_count": "Иммунитетчиков в игре {op} {n}?",
    "immune_have_roles": "Среди иммунитетчиков есть роли?",
    "visited": "Приходила ли прошлой ночью роль «{role}» к {player}?",
    "girl_blocked_active": "Девочка прошлой ночью заблокировала активную роль?",
    "group_side_count": "Среди {players} игроков стороны «{side}» {op} {n}?",
    "roles_vs_immune": "Ролей (не мирных) в игре {cmp} иммунитетчиков?",
    "sex_count": "Живых игроков {sex} пола {op} {n}?",
    "roles_vs_sex": "Ролей (не мирных) в игре {cmp} живых игроков {sex} пола?",
}

# A count against a number: «ровно 6», «не ровно 6» (the bare «не 6» reads as a slip).
COUNTED: dict[str, dict[str, str]] = {
    "ru": {"eq": "ровно", "ne": "не ровно", "gt": "больше", "ge": "не меньше", "lt": "меньше", "le": "не больше"},
    "en": {"eq": "exactly", "ne": "not exactly", "gt": "more than", "ge": "at least", "lt": "fewer than",
           "le": "at most"},
}

SEX_GENITIVE = {"m": "мужского", "f": "женского"}

# The questions whose comparison is between two counts (not a count and a number).
_BETWEEN = {"compare_sides", "roles_vs_immune", "roles_vs_sex"}


def _lang(lang: str) -> str:
    return lang if lang in SHORT else "ru"


def question_short(template: str, lang: str = "ru") -> str:
    """A question's short name, for the button that picks it."""
    return SHORT[_lang(lang)].get(template) or SHORT["ru"].get(template) or BLANK


def value_words(template: str, arg: str, value: Any, lang: str = "ru") -> str:
    """One argument's value in words, as the picker's button and the sentence show it (a player as named)."""
    lang = _lang(lang)
    if arg in ("side", "a", "b"):
        return side_name(str(value), lang)
    if arg == "op":
        return (COMPARED if template in _BETWEEN else COUNTED)[lang].get(str(value), BLANK)
    if arg == "role":
        return role_name(str(value), lang)
    if arg == "sex":
        return sex_name(str(value), lang)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _arguments(detail: Any) -> dict[str, Any]:
    try:
        args = json.loads(detail) if isinstance(detail, str) else dict(detail or {})
    except (ValueError, TypeError):
        return {}
    return args if isinstance(args, dict) else {}


def question_sentence(template: str, detail: Any = None, lang: str = "ru",
                      sexes: Mapping[str, str | None] | None = None) -> str:
    """The question with its arguments in words (`detail`: the engine's JSON or a dict, perhaps partial);
    a blank not chosen yet is «…»."""
    spec = council.TEMPLATES.get(template)
    if spec is None:
        return BLANK
    lang = _lang(lang)
    args = _arguments(detail)
    known = {k: v for k, v in (sexes or {}).items() if v is not None}
    shown: dict[str, str] = {}
    for arg in spec.args:
        if arg not in args:
            shown[arg] = BLANK
        elif lang == "ru" and arg == "player":
            shown[arg] = decline(str(args[arg]), "datv", known.get(str(args[arg])))
        elif lang == "ru" and arg == "players" and isinstance(args[arg], list):
            names = [str(n) for n in args[arg]]
            shown[arg] = decline_all(names, "gent", known, lang) if names else BLANK
        elif lang == "ru" and arg == "sex":
            shown[arg] = SEX_GENITIVE.get(str(args[arg]), BLANK)
        else:
            shown[arg] = value_words(template, arg, args[arg], lang)
    if lang != "ru":
        return spec.text.get(lang, spec.text["ru"]).format(**shown)
    sentence = SENTENCES[template]
    if template in _BETWEEN:
        shown["cmp"] = shown.pop("op")
    return sentence.format(**shown)
