"""The lobby: the games taking players that their hosts listed (a game is found by its link only
otherwise), each with its setup in words, the seats taken of all, the phases' lengths and whether it is
ranked. The home page shows it and keeps it current through the same live updates as a game's page."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from rankedmafia.live.hub import Hub
from rankedmafia.live.versions import digest
from rankedmafia.store import GameRow, Store
from rankedmafia.text.names import preset_title
from rankedmafia.text.roles import role_name

log = logging.getLogger("rankedmafia.server")
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


LOBBY_KEY = "lobby"  # the hub's key of the home pages' live updates (nudged by the board, not by each game)
REFRESH_SECONDS = 1.0  # the board's least pause between two nudges of the home pages


class LobbyBoard:
    """The lobby's answer, shared by every open home page: one query per change of a game that is (or was)
    taking players, the home pages nudged at most once a second and only when the list really changed. A
    move of a running game costs the lobby nothing, however many home pages are open."""

    def __init__(self, store: Callable[[], Store], hub: Hub, status: Callable[[str], str | None],
                 every: float = REFRESH_SECONDS) -> None:
        self._store = store
        self._hub = hub
        self._status = status  # a game's status if this process has it at hand (None: it does not know)
        self._every = every
        self._rows: list[tuple[GameRow, int]] | None = None
        self._ids: set[str] = set()
        self._entries: dict[str, list[dict[str, Any]]] = {}
        self._held: dict[str, float] = {}  # a game offered to its old table first: until when
        self.version = ""
        self._dirty = True
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self.queries = 0  # how many times the board asked the database (the tests count them)

    def changed(self, game_id: str) -> None:
        """A game changed (the hub's listener): only a game in the lobby, or one that may have just come
        into it (created here, or unknown to this process), can change the board."""
        if game_id in self._ids or self._status(game_id) in (None, "lobby"):
            self._dirty = True
            self._wake.set()

    async def games(self, lang: str) -> list[dict[str, Any]]:
        """The listed games taking players, newest first, in `lang`; a changed board is read again once
        (whoever asks first: every page that asks meanwhile waits for that one query)."""
        if self._dirty or self._rows is None:
            await self.refresh()
        entries = self._entries.get(lang)
        if entries is None:
            entries = self._entries[lang] = [entry(row, taken, lang) for row, taken in self._rows or ()
                                             if row.options.get("listed")]
        # a game opened to play one again is offered to its old table first (server/again.py): out of the
        # lobby until its window ends (kept in the cached rows, so no query when it does)
        now = time.time()
        held = self._held
        return [e for e in entries if held.get(e["id"], 0.0) <= now] if held else entries

    async def refresh(self) -> bool:
        """Reads the board again if it changed; says whether its version did."""
        async with self._lock:
            if not self._dirty and self._rows is not None:
                return False
            self._dirty = False
            try:
                rows = await self._store().open_games(LOBBY_MOST)
            except BaseException:
                self._dirty = True
                raise
            self.queries += 1
            self._rows, self._entries = rows, {}
            self._held = {row.id: float(row.options.get("offered_until", 0)) for row, _ in rows
                          if row.options.get("offered_until")}
            self._ids = {row.id for row, _ in rows}
            version = digest([(row.id, taken) for row, taken in rows if row.options.get("listed")])
            if version == self.version:
                return False
            self.version = version
            return True

    async def run(self) -> None:
        """Nudges the home pages when the board changed, at most once every `every` seconds."""
        # the event loop's own primitives (an app may be started again on another loop, as tests do)
        self._wake, self._lock, self._dirty = asyncio.Event(), asyncio.Lock(), True
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                if await self.refresh():
                    self._hub.nudge(LOBBY_KEY)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the lobby's refresh failed")
            await asyncio.sleep(self._every)
