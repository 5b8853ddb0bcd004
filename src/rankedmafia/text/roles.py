"""Role names in the player's language."""

from __future__ import annotations

from rankedmafia.rules.roles import ROLES

SIDE_NAMES = {
    "ru": {"town": "город", "mafia": "мафия", "maniac": "маньяк", "draw": "ничья", "loners": "одиночки"},
    "en": {"town": "the town", "mafia": "the mafia", "maniac": "the maniac", "draw": "a draw",
           "loners": "the loners"},
}


def role_name(role_id: str, lang: str = "ru", genitive: bool = False) -> str:
    role = ROLES.get(role_id)
    if role is None:
        return role_id
    return role.name(lang, 1 if genitive else 0)


def side_name(side: str, lang: str = "ru") -> str:
    names = SIDE_NAMES.get(lang, SIDE_NAMES["ru"])
    if side in names:
        return names[side]
    return role_name(side, lang)
