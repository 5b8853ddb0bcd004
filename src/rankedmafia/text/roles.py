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


# A two-clan game's clans go by the labels their setup gives them (the presets': red and black); the texts
# call a clan by its label in words, never the label bare as a side.
CLAN_LABELS = {"ru": {"red": "красные", "black": "чёрные"}, "en": {}}
CLAN = {"ru": "клан «{label}»", "en": "the {label} clan"}


def side_name(side: str, lang: str = "ru") -> str:
    """A side as players read it: the town, the mafia, a loner's team (by its role's name), or a mafia clan
    of a two-clan game."""
    names = SIDE_NAMES.get(lang, SIDE_NAMES["ru"])
    if side in names:
        return names[side]
    if side in ROLES:
        return role_name(side, lang)
    lang = lang if lang in CLAN else "ru"
    return CLAN[lang].format(label=CLAN_LABELS[lang].get(side, side))


# A detective's quarry: a role (the commissar), or the mafia's boss, who is a rank and not a role.
QUARRY_NAMES = {"ru": {"boss": "босс мафии"}, "en": {"boss": "the mafia boss"}}


def quarry_name(quarry: str, lang: str = "ru") -> str:
    """Whom a detective seeks, in words: «босс мафии», «комиссар»."""
    return QUARRY_NAMES.get(lang, QUARRY_NAMES["ru"]).get(quarry) or role_name(quarry, lang)
