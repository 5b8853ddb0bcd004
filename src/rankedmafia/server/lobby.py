"""The lobby: the games taking players that their hosts listed (a game is found by its link only
otherwise), each with its setup in words, the seats taken of all, the phases' lengths and whether it is
ranked. The home page shows it and keeps it current through the same live updates as a game's page."""

from __future__ import annotations

import time
from typing import Any

from rankedmafia.live.versions import digest
from rankedmafia.store import GameRow, Store
from rankedmafia.text.names import preset_title
from rankedmafia.text.roles import role_name

LOBBY_MOST = 100
UNITS = {"ru": ("ч", "мин", "с"), "en": ("h", "min", "s")}


def length_text(seconds: float, lang: str) -> str:
    """A phase's length as a host set it: "24 ч", "90 мин", "30 с"."""
    hours, minutes, secs = UNITS.get(lang, UNITS["ru"])
    total = int(seconds)
    if total >= 3600 and total % 3600 == 0:
        return f"{total // 3600} {hours}"
    if total >= 60 and total % 60 == 0:
        return f"{total // 60} {minutes}"
    return f"{total} {secs}"


def setup_title(setup: dict[str, Any], lang: str) -> str:
    """A setup's name in words: its own title, a preset's title, or (a custom setup without one) the words
    for a custom setup; never its id."""
    titles = setup.get("title") or {}
    if titles.get(lang) or titles.get("ru"):
        return str(titles.get(lang) or titles.get("ru"))
    name = str(setup.get("name", ""))
    found = preset_title(name, lang)
    return found if found != name else CUSTOM_TITLE.get(lang, CUSTOM_TITLE["ru"])


CUSTOM_TITLE = {"ru": "Свой расклад", "en": "Custom setup"}


def roles_text(setup: dict[str, Any], lang: str) -> str:
    """The roles of a setup by name with counts ("мафиози 1-го ранга, доктор, мирный житель ×4"), the
    civilians filling the open seats counted too."""
    counts: dict[str, int] = {}
    for role, n in (setup.get("roles") or {}).items():
        counts[role] = counts.get(role, 0) + int(n)
    for members in (setup.get("clans") or {}).values():
        for role, n in members.items():
            counts[role] = counts.get(role, 0) + int(n)
    open_seats = int(setup.get("players", 0)) - sum(counts.values())
    if open_seats > 0:
        counts["civilian"] = counts.get("civilian", 0) + open_seats
    return ", ".join(role_name(r, lang) + (f" ×{n}" if n > 1 else "") for r, n in counts.items() if n > 0)


def entry(row: GameRow, taken: int, lang: str) -> dict[str, Any]:
    setup = row.setup
    title = row.title if row.title != setup.get("name") else setup_title(setup, lang)
    return {
        "id": row.id,
        "title": title,
        "setup": setup_title(setup, lang),
        "roles": roles_text(setup, lang),
        "taken": taken,
        "players": int(setup.get("players", 0)),
        "night": length_text(float(row.options.get("night_seconds", 0)), lang),
        "day": length_text(float(row.options.get("day_seconds", 0)), lang),
        "ranked": bool(row.options.get("ranked")),
        "join": f"/g/{row.id}/join",
    }


async def open_games(store: Store, lang: str) -> list[dict[str, Any]]:
    """The listed games taking players, newest first."""
    now = time.time()  # a game opened to play one again is offered to its old table first (server/again.py)
    return [entry(row, taken, lang) for row, taken in await store.open_games(LOBBY_MOST)
            if row.options.get("listed") and float(row.options.get("offered_until", 0)) <= now]


def lobby_version(games: list[dict[str, Any]]) -> str:
    return digest([(g["id"], g["taken"]) for g in games])
