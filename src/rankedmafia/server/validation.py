"""Invalid input in words: pydantic's errors (a form's or an API body's) as sentences in the reader's
language that name the field as the page names it, never by its id and never in pydantic's English."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

FIELDS: dict[str, dict[str, str]] = {
    "ru": {
        "nickname": "ник", "sex": "пол", "title": "название", "preset": "расклад", "setup_yaml": "свой расклад",
        "night_minutes": "длина ночи", "day_minutes": "длина дня", "night_seconds": "длина ночи",
        "day_seconds": "длина дня", "follow_up_seconds": "время хода реаниматора", "minutes": "минуты",
        "seconds": "секунды", "name": "игрок", "target": "игрок", "who": "игрок", "reason": "причина",
        "password": "пароль", "next": "адрес возврата", "action": "действие", "targets": "цели",
        "option": "вариант действия", "detail": "вопрос Совету", "copied_option": "вариант скопированного действия",
        "copied_detail": "вопрос скопированного действия", "choice": "голос", "text": "текст сообщения",
        "channel": "чат", "clan": "клан", "step": "шаг", "everything": "«видеть всё»", "lang": "язык",
        "bots": "боты на пустых местах", "ai": "ИИ-игроки", "ai_count": "число ИИ-игроков",
        "ai_agent": "ИИ-игрок", "listed": "показывать в списке игр", "players": "игроки",
        "thread": "адрес темы", "deadline": "срок голосования", "today": "сегодняшняя дата",
    },
    "en": {
        "nickname": "nickname", "sex": "sex", "title": "title", "preset": "setup", "setup_yaml": "custom setup",
        "night_minutes": "night length", "day_minutes": "day length", "night_seconds": "night length",
        "day_seconds": "day length", "follow_up_seconds": "the reanimator's time", "minutes": "minutes",
        "seconds": "seconds", "name": "player", "target": "player", "who": "player", "reason": "reason",
        "password": "password", "next": "return address", "action": "action", "targets": "targets",
        "option": "action's option", "detail": "Council question", "copied_option": "copied action's option",
        "copied_detail": "copied action's question", "choice": "vote", "text": "message text",
        "channel": "chat", "clan": "clan", "step": "step", "everything": "“see everything”", "lang": "language",
        "bots": "bots in empty seats", "ai": "AI players", "ai_count": "number of AI players",
        "ai_agent": "AI player", "listed": "shown in the list of games", "players": "players",
        "thread": "thread address", "deadline": "voting deadline", "today": "today's date",
    },
}

PROBLEMS: dict[str, dict[str, str]] = {
    "ru": {
        "missing": "не заполнено поле «{field}»",
        "too_long": "поле «{field}» длиннее {n} {chars}",
        "empty": "поле «{field}» не может быть пустым",
        "too_short": "поле «{field}» короче {n} {chars}",
        "integer": "в поле «{field}» нужно целое число",
        "number": "в поле «{field}» нужно число",
        "at_least": "в поле «{field}» нужно число не меньше {n}",
        "at_most": "в поле «{field}» нужно число не больше {n}",
        "above": "в поле «{field}» нужно число больше {n}",
        "below": "в поле «{field}» нужно число меньше {n}",
        "yes_no": "в поле «{field}» нужно «да» или «нет»",
        "list": "в поле «{field}» нужен список",
        "text": "в поле «{field}» нужен текст",
        "json": "запрос не читается как JSON",
        "object": "запрос должен быть объектом JSON с полями",
        "value": "недопустимое значение в поле «{field}»",
        "field": "запроса",
    },
    "en": {
        "missing": "the field “{field}” is missing",
        "too_long": "the field “{field}” is longer than {n} {chars}",
        "empty": "the field “{field}” may not be empty",
        "too_short": "the field “{field}” is shorter than {n} {chars}",
        "integer": "the field “{field}” needs a whole number",
        "number": "the field “{field}” needs a number",
        "at_least": "the field “{field}” needs a number of at least {n}",
        "at_most": "the field “{field}” needs a number of at most {n}",
        "above": "the field “{field}” needs a number above {n}",
        "below": "the field “{field}” needs a number below {n}",
        "yes_no": "the field “{field}” needs yes or no",
        "list": "the field “{field}” needs a list",
        "text": "the field “{field}” needs text",
        "json": "the request is not valid JSON",
        "object": "the request must be a JSON object with fields",
        "value": "the field “{field}” has a value that is not accepted",
        "field": "request",
    },
}

# pydantic's error types, by what the reader is told
KINDS = {
    "missing": "missing", "string_too_long": "too_long", "too_long": "too_long", "string_too_short": "too_short",
    "too_short": "too_short", "int_parsing": "integer", "int_type": "integer", "int_from_float": "integer",
    "float_parsing": "number", "float_type": "number", "greater_than_equal": "at_least",
    "less_than_equal": "at_most", "greater_than": "above", "less_than": "below", "bool_parsing": "yes_no",
    "bool_type": "yes_no", "list_type": "list", "string_type": "text", "json_invalid": "json",
    "model_attributes_type": "object", "dict_type": "object", "model_type": "object",
}
LIMITS = {"too_long": "max_length", "too_short": "min_length", "at_least": "ge", "at_most": "le",
          "above": "gt", "below": "lt"}
WHERE = frozenset({"body", "query", "path", "header", "cookie"})


def chars(n: int, lang: str) -> str:
    if lang != "ru":
        return "character" if n == 1 else "characters"
    if n % 10 == 1 and n % 100 != 11:
        return "символа"  # "длиннее 1 символа", "длиннее 21 символа": the genitive singular
    return "символов"


def field_name(loc: Sequence[Any], lang: str) -> str:
    """The field's name in words: the innermost named place of `loc` (a list's index aside)."""
    names = [str(p) for p in loc if isinstance(p, str) and p not in WHERE]
    known = FIELDS[lang]
    for name in reversed(names):
        if name in known:
            return known[name]
    return PROBLEMS[lang]["field"]


def is_missing_csrf(errors: Iterable[Mapping[str, Any]]) -> bool:
    return any(e.get("type") == "missing" and tuple(e.get("loc", ()))[-1:] == ("csrf",) for e in errors)


def problem(error: Mapping[str, Any], lang: str) -> str:
    """One pydantic error as a sentence."""
    kind = KINDS.get(str(error.get("type", "")), "value")
    ctx = error.get("ctx") or {}
    n = ctx.get(LIMITS.get(kind, ""), "")
    if kind == "too_short" and n == 1:
        kind = "empty"
    words = PROBLEMS[lang][kind]
    count = n if isinstance(n, int) else 0
    return words.format(field=field_name(error.get("loc", ()), lang), n=n, chars=chars(count, lang))


def validation_text(errors: Sequence[Mapping[str, Any]], lang: str) -> str:
    """Every distinct problem (the first five), in order."""
    lang = lang if lang in PROBLEMS else "ru"
    said: list[str] = []
    for error in errors[:5]:
        sentence = problem(error, lang)
        if sentence not in said:
            said.append(sentence)
    return "; ".join(said)
