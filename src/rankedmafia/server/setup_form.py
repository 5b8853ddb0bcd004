"""A custom setup chosen with pickers: every role by its name in the reader's language with a count, and
the number of players; the page sends role ids (the fields' names), never shows them. The setup is checked
by the engine's own checks (`Setup.from_mapping`, `Setup.validate`), the same as the game's creation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rankedmafia.rules.errors import SetupError
from rankedmafia.rules.roles import ROLES
from rankedmafia.server.lobby import CUSTOM_TITLE
from rankedmafia.setup import REPEATABLE, Setup
from rankedmafia.text.roles import role_name, side_name

FIELD = "role_"  # a picker's field: role_<id> = count
SIDES = ("town", "mafia", "loners")
MOST_PLAYERS = 60


def pickers(lang: str) -> list[dict[str, Any]]:
    """The roles grouped by side, each by name, with the most of it a setup may hold."""
    groups = []
    for side in SIDES:
        roles = sorted((r for r, role in ROLES.items() if role.side.value == side),
                       key=lambda r: (r != "civilian", role_name(r, lang)))
        groups.append({
            "side": side_name(side, lang),
            "roles": [{"field": FIELD + r, "name": role_name(r, lang),
                       "most": MOST_PLAYERS if r in REPEATABLE else 1} for r in roles],
        })
    return groups


def chosen(form: Mapping[str, Any], lang: str = "ru") -> dict[str, int]:
    """The counts the pickers hold (blank or zero: none of that role); unknown ids are the engine's to
    refuse."""
    counts: dict[str, int] = {}
    for key, value in form.items():
        if not key.startswith(FIELD) or str(value).strip() in ("", "0"):
            continue
        try:
            counts[key[len(FIELD):]] = int(str(value))
        except ValueError:
            raise SetupError("setup_counts", source=_words(lang)) from None
    return counts


def picked_setup(form: Mapping[str, Any], lang: str = "ru") -> Setup | None:
    """The setup the pickers describe (None if no role is picked: the form's preset stands); SetupError
    from the engine's checks if it cannot be played."""
    roles = chosen(form, lang)
    if not roles:
        return None
    players = str(form.get("players", "")).strip()
    data: dict[str, Any] = {"name": "custom", "title": dict(CUSTOM_TITLE), "roles": roles}
    if players:
        data["players"] = players
    return Setup.from_mapping(data, _words(lang))


def _words(lang: str) -> str:
    """The custom setup as the engine's refusals name it ("в раскладе «Свой расклад» ...")."""
    return "«" + CUSTOM_TITLE.get(lang, CUSTOM_TITLE["ru"]) + "»" if lang == "ru" else CUSTOM_TITLE["en"]
