"""The bots that fill a game's empty seats at its start: which policies a host may choose, and their names.

A bot's nickname is «Бот» and a man's name (its sex is given with the start, so that the texts agree):
plainly a bot's, short enough for the site's nickname limit, letters and one space only, and never one a
player of the game already holds, nor a look-alike of one (live/nicknames.py, as every seat is checked).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from rankedmafia.live.errors import Refusal
from rankedmafia.live.nicknames import seat_nickname

BOT_POLICIES = ("heuristic", "random")  # what the creation form offers; "none" keeps every seat for people
NO_BOTS = "none"
BOT_SEX = "m"
PREFIX = "Бот"
NAMES = (
    "Аркадий", "Борис", "Валерий", "Геннадий", "Демьян", "Евгений", "Ефим", "Жорж", "Захар", "Иннокентий",
    "Кирилл", "Леонид", "Макар", "Никодим", "Остап", "Платон", "Родион", "Савелий", "Тимофей", "Ульян",
    "Фёдор", "Харитон", "Цезарь", "Эдуард", "Юлиан", "Яков", "Афанасий", "Вениамин", "Герасим", "Ерофей",
    "Игнат", "Лука", "Мирон", "Прохор", "Святослав", "Трофим",
)


def bot_option(value: str | None) -> str:
    """The creation form's choice, checked: a policy's name, or "none"."""
    value = (value or NO_BOTS).strip().lower()
    if value != NO_BOTS and value not in BOT_POLICIES:
        raise ValueError(value)
    return value


def bot_nicknames(count: int, taken: Iterable[str], rng: random.Random) -> list[str]:
    """`count` distinct bot nicknames that the table's one nickname check seats beside the `taken` ones (no
    look-alike of a player's); numbered past the list."""
    seated = list(taken)
    pool = [f"{PREFIX} {name}" for name in NAMES]
    rng.shuffle(pool)
    out: list[str] = []
    number = 2
    while len(out) < count:
        if pool:
            candidate = pool.pop()
        else:  # more bots than names: «Бот Аркадий Второй» would read oddly; a plain number is clear
            candidate = f"{PREFIX} {number}"
            number += 1
        try:
            out.append(seat_nickname(candidate, [*seated, *out]))
        except Refusal:
            continue
    return out
