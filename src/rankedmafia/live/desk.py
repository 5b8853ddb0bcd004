"""A forum game hosted by hand on the web desk: the engine is the host's calculator, the players never
visit. It is an ordinary game of the log (record, replay, verify work on it), created with the kind
"desk" in its options: no player links, no deadlines, and no phase ever ends by itself (the host
resolves it). The host reaches it by his secret link, as a web game's host does.

A terminal save (read by forum/saves.py) opens as a desk game: its deal and every command it holds become the
log's entries, so the desk goes on exactly where the terminal stopped.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rankedmafia.live.commands import dealt_build, entries_build, key_of_phase, phase_key, setup_mapping
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.nicknames import seat_nickname
from rankedmafia.live.service import GameService
from rankedmafia.live.tokens import new_game_id, new_token, token_hash
from rankedmafia.rules.chance import commitment
from rankedmafia.rules.errors import SetupError
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Phase, PhaseKind
from rankedmafia.setup import Setup, script_of
from rankedmafia.store import GameRow, PostRow
from rankedmafia.text.names import preset_title

KIND = "desk"
PAGES = "desk:pages"  # the store's posts channel holding what the host pasted from the day's thread
MESSAGE = "desk:message"  # the private message he pasted and has not accepted yet (a reload keeps it)
MAX_PAGES_CHARS = 6_000_000


def is_desk(live: LiveGame) -> bool:
    return live.by_hand


@dataclass(frozen=True, slots=True)
class Seat:
    nickname: str
    sex: str | None = None  # "m" | "f" | None


def title_in_words(setup: Mapping[str, Any], lang: str = "ru") -> str:
    """An untitled game's name for people: its preset's title («Классика на 12 игроков»), never its id; a
    reopened save's, by its player count («Партия на 12 игроков»)."""
    name = str(setup.get("name") or "")
    if name and name != "save":
        words = preset_title(name, lang)
        if words != name:
            return words
    players = int(setup.get("players") or 0)
    return (f"Партия на {players} игроков" if lang == "ru" else f"A game of {players} players") if players else \
        ("Партия" if lang == "ru" else "A game")


def _row(title: str, setup: dict[str, Any], seed: str, thread: str, now: float,
         chance: str = "seeded") -> tuple[GameRow, str]:
    admin = new_token()
    row = GameRow(id=new_game_id(), admin_hash=token_hash(admin), title=title.strip()[:100] or title_in_words(setup),
                  setup=setup, options={"kind": KIND, "night_seconds": 0, "day_seconds": 0, "chance": chance,
                                        "thread": thread.strip()[:500]},
                  seed=seed, commitment=commitment(seed), created_at=now)
    return row, admin


def check_seats(seats: Sequence[Seat], setup: Setup) -> list[Seat]:
    """The players as the host typed them: as many as the setup wants, each nickname held to the one check of
    every table (live/nicknames.py: no look-alikes, no mixed scripts, no word of the vote), normalised."""
    if len(seats) != setup.players:
        raise Refusal("need_players", 422, players=setup.players, joined=len(seats))
    seated: list[Seat] = []
    for seat in seats:
        name = seat_nickname(seat.nickname, [s.nickname for s in seated])
        seated.append(Seat(name, seat.sex))
    return seated


async def _seat_all(service: GameService, row: GameRow, names: Sequence[str]) -> None:
    """The seats of the log (player links nobody is given: a desk's players never visit)."""
    for name in names:
        await service.store.join(row.id, name, token_hash(new_token()), service.clock(), len(names))


async def create_desk(service: GameService, title: str, setup: Setup, seats: Sequence[Seat],
                      thread: str = "") -> tuple[str, str]:
    """A desk game, dealt at once from a fresh committed seed; returns (game id, the host's token)."""
    seats = check_seats(seats, setup)
    row, admin = _row(title, setup_mapping(setup), new_token(), thread, service.clock())
    await service.store.create_game(row)
    await _seat_all(service, row, [s.nickname for s in seats])
    sexes = {s.nickname: s.sex for s in seats if s.sex in ("m", "f")}
    body: dict[str, Any] = {"type": "start", "names": [s.nickname for s in seats], "deadline": None}
    if sexes:
        body["sexes"] = sexes

    await service.execute(row.id, dealt_build(body))
    return row.id, admin


def _setup_of_save(script: dict[str, Any]) -> dict[str, Any]:
    """The setup a save was dealt from, as its seats show it (the save keeps the deal, not the preset)."""
    players = script["players"]
    mapping = {"name": "save", "title": {}, "players": len(players), "start": script.get("start", "night"),
               "roles": dict(Counter(str(p["role"]) for p in players)), "rules": dict(script.get("rules") or {})}
    try:
        Setup.from_mapping(mapping, "save")
    except SetupError:
        mapping["roles"] = {"civilian": len(players)}  # only read for the seat count: the deal is the save's
    return mapping


async def open_game(service: GameService, game: Game, title: str = "", thread: str = "",
                    bots: Mapping[str, str] | None = None) -> tuple[str, str]:
    """A game played elsewhere (a terminal save, read by forum/saves.py; an arena's game, whose `bots` says
    which seats no person held, as a live game's start does) as a desk game: the same deal, every command
    it holds, the same seed; returns (game id, the host's token)."""
    script = script_of(game)
    deal = {key: script[key] for key in ("format", "seed", "chance", "rules", "start", "players")}
    names = [p["name"] for p in script["players"]]
    row, admin = _row(title or "", _setup_of_save(script), str(game.seed), thread, service.clock(),
                      str(script["chance"]))
    row = GameRow(row.id, row.admin_hash, row.title, row.setup, row.options, row.seed, game.commitment,
                  row.created_at)
    await service.store.create_game(row)
    await _seat_all(service, row, names)
    entries: list[tuple[str, dict[str, Any]]] = [
        ("start", {"type": "start", "names": names, "deadline": None, "script": deal,
                   **({"bots": dict(bots)} if bots else {})})]
    for command in game.commands:
        kind = command["type"]
        if kind == "resolve":
            entries.append(("resolve", {"type": "resolve", "by": "host", "deadline": None}))
        elif kind == "follow_up":
            entries.append(("follow_up", {"type": "follow_up", "deadline": None}))
        else:
            entries.append((kind, dict(command)))

    await service.execute(row.id, entries_build(entries))
    return row.id, admin


# --- the day's pasted thread, kept beside the log ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pasted:
    """What the host pasted for a day: the pages' text, the deadline and today's date as typed, and his
    decision for each flagged post (its number -> a nickname, blue, or "" for not a vote)."""

    pages: tuple[str, ...] = ()
    deadline: str = ""
    today: str = ""
    decisions: dict[int, str] | None = None

    def to_json(self) -> str:
        return json.dumps({"pages": list(self.pages), "deadline": self.deadline, "today": self.today,
                           "decisions": {str(k): v for k, v in (self.decisions or {}).items()}}, ensure_ascii=False)

    @classmethod
    def from_row(cls, row: PostRow) -> Pasted:
        data = json.loads(row.text)
        return cls(tuple(data.get("pages", ())), data.get("deadline", ""), data.get("today", ""),
                   {int(k): str(v) for k, v in (data.get("decisions") or {}).items()})


def day_key(live: LiveGame) -> str:
    """The key of the day the pasted thread belongs to (today's, or the coming day's by night)."""
    game = live.game
    return key_of_phase(Phase(PhaseKind.DAY, game.phase.number)) if game is not None else ""


async def pasted(service: GameService, live: LiveGame) -> Pasted:
    """The latest paste of today's thread (empty if none)."""
    rows = [r for r in await service.store.posts(live.id, [PAGES], limit=50) if r.phase == day_key(live)]
    return Pasted.from_row(rows[-1]) if rows else Pasted()


async def keep_pasted(service: GameService, live: LiveGame, paste: Pasted) -> None:
    text = paste.to_json()
    if len(text) > MAX_PAGES_CHARS:
        raise Refusal("too_large", 413, most=MAX_PAGES_CHARS)
    await service.store.add_post(live.id, PAGES, "", day_key(live), text, service.clock())


# --- the private message being read, kept until the host accepts or drops it ----------------------------
@dataclass(frozen=True, slots=True)
class PastedMessage:
    """A player's private message as the host pasted it; empty once he accepted its action or dropped it."""

    actor: str = ""
    text: str = ""


async def pasted_message(service: GameService, live: LiveGame) -> PastedMessage:
    """The message pasted in this phase and not yet dealt with (empty if none): a message of an earlier
    phase is not shown again, its night is over."""
    rows = [r for r in await service.store.posts(live.id, [MESSAGE], limit=20) if r.phase == phase_key(live)]
    if not rows:
        return PastedMessage()
    data = json.loads(rows[-1].text)
    return PastedMessage(str(data.get("actor", "")), str(data.get("text", "")))


async def keep_message(service: GameService, live: LiveGame, message: PastedMessage) -> None:
    """Kept beside the log as the pages are; `PastedMessage()` marks it dealt with."""
    text = json.dumps({"actor": message.actor, "text": message.text}, ensure_ascii=False)
    await service.store.add_post(live.id, MESSAGE, "", phase_key(live), text, service.clock())
