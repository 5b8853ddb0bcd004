"""The bot's own tables (beside the games' log, which it shares with the web): which group plays which game,
which Telegram user holds which seat, the keyboards behind opaque button ids, the updates already handled,
and the outbox (what the bot is to send and edit, `outbox.py`).

Writes go through the store's one writer (group commit), reads run in worker threads, as the store's own.
"""

from __future__ import annotations

import copy
import json
import secrets as random_ids
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from rankedmafia.store import PostRow, Store
from rankedmafia.store.schema import posts, tg_chats, tg_games, tg_keys, tg_seats, tg_updates
from rankedmafia.telegram import outbox
from rankedmafia.telegram.outbox import Intent

OPEN = ("lobby", "running")
# A group's settings (kept in rm_tg_chats): the house rules, its default game and its phases' lengths.
DEFAULT_SETTINGS: dict[str, Any] = {"night_delete": False, "dead_delete": False, "kick_after": 0, "game": "",
                                    "night_seconds": 0, "day_seconds": 0}


@dataclass(slots=True)
class ChatRow:
    chat_id: int
    lang: str = "ru"
    settings: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_SETTINGS))


@dataclass(slots=True)
class TgGame:
    game_id: str
    chat_id: int
    opener: int
    status: str
    reg_deadline: float | None
    reg_message: int | None
    progress: dict[str, Any]
    created_at: float


@dataclass(frozen=True, slots=True)
class TgSeat:
    game_id: str
    name: str
    user_id: int
    sex: str | None
    misses: int = 0


@dataclass(frozen=True, slots=True)
class Key:
    """A keyboard: what each of its buttons does, whose it is, and whether it has been pressed."""

    id: str
    game_id: str
    user_id: int | None
    data: dict[str, Any]
    used: bool


class AlreadyTaken(Exception):
    """The update was handled before (a redelivery), or the one-shot keyboard was pressed before."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what  # "update" | "key"


@dataclass(slots=True)
class Taken:
    """The bot's own writes for one press, made in one transaction, with the game's command if the press
    makes one (`GameService.execute(..., also=taken)`): the update claimed, the one-shot keyboard marked
    pressed, the next keyboards stored, the pressed message's next screen put in the outbox. If either was
    taken before, it raises and nothing is written."""

    update_id: int | None = None
    used: str | None = None
    keys: list[Key] = field(default_factory=list)
    at: float = 0.0
    intents: list[Intent] = field(default_factory=list)

    def __call__(self, connection: Connection) -> None:
        if self.update_id is not None:
            seen = connection.execute(select(tg_updates.c.update_id).where(tg_updates.c.update_id == self.update_id))
            if seen.first() is not None:
                raise AlreadyTaken("update")
            connection.execute(insert(tg_updates).values(update_id=self.update_id, at=self.at))
        if self.used is not None:
            done = connection.execute(update(tg_keys).where(tg_keys.c.id == self.used, tg_keys.c.used == 0)
                                      .values(used=1))
            if done.rowcount != 1:
                raise AlreadyTaken("key")
        _insert_keys(connection, self.keys, self.at)
        outbox.write(connection, self.intents, self.at)


def _insert_keys(connection: Connection, keys: list[Key], at: float) -> None:
    if keys:
        connection.execute(insert(tg_keys), [
            {"id": k.id, "game_id": k.game_id, "user_id": k.user_id, "used": 0, "at": at,
             "data": json.dumps(k.data, ensure_ascii=False)} for k in keys])


@dataclass(slots=True)
class Batch:
    """What a change of a game brings, in one transaction: the messages to send and edit (the outbox), the
    keyboards under them, and the game's row (what has been posted: `progress`; its status), the seats'
    missed phases. Either all of it is kept or none, so a restart derives again exactly what is missing."""

    game_id: str
    at: float
    intents: list[Intent] = field(default_factory=list)
    keys: list[Key] = field(default_factory=list)
    game: dict[str, Any] = field(default_factory=dict)  # tg_games' columns to set (progress as a dict)
    misses: dict[str, int] = field(default_factory=dict)

    def __call__(self, connection: Connection) -> None:
        _insert_keys(connection, self.keys, self.at)
        outbox.write(connection, self.intents, self.at)
        if self.game:
            values = dict(self.game)
            if "progress" in values:
                values["progress"] = json.dumps(values["progress"])
            connection.execute(update(tg_games).where(tg_games.c.game_id == self.game_id).values(**values))
        for name, count in self.misses.items():
            connection.execute(update(tg_seats).where(tg_seats.c.game_id == self.game_id, tg_seats.c.name == name)
                               .values(misses=count))


def _copied(game: TgGame) -> TgGame:
    return replace(game, progress=copy.deepcopy(game.progress))


def _game(r: Any) -> TgGame:
    return TgGame(r.game_id, r.chat_id, r.opener, r.status, r.reg_deadline, r.reg_message,
                  json.loads(r.progress), r.created_at)


KEY_CACHE = 50_000  # keyboards remembered in memory (their rows stay the truth)


class TgStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._keys: dict[str, Key] = {}  # keyboards made or read here: a press needs no read
        self._used: set[str] = set()
        self._updates: set[int] = set()
        self._open: dict[str, TgGame] | None = None

    async def _read(self, fn: Any) -> Any:
        return await self.store._read(fn)

    async def _write(self, fn: Any) -> Any:
        return await self.store.writer.run(fn)

    # --- chats ------------------------------------------------------------------------------------
    async def chat(self, chat_id: int) -> ChatRow:
        row = await self._read(lambda c: c.execute(select(tg_chats).where(tg_chats.c.chat_id == chat_id)).first())
        if row is None:
            return ChatRow(chat_id)
        return ChatRow(chat_id, row.lang, {**DEFAULT_SETTINGS, **json.loads(row.settings)})

    async def save_chat(self, chat: ChatRow) -> None:
        def job(connection: Connection) -> None:
            values = {"lang": chat.lang, "settings": json.dumps(chat.settings)}
            done = connection.execute(update(tg_chats).where(tg_chats.c.chat_id == chat.chat_id).values(**values))
            if done.rowcount == 0:
                connection.execute(insert(tg_chats).values(chat_id=chat.chat_id, **values))

        await self._write(job)

    # --- games ------------------------------------------------------------------------------------
    # The open games (in sign-up or in play) are read once and kept as written: the bot alone writes these
    # rows, and its clock looks at every open game several times a second.
    async def _open_games(self) -> dict[str, TgGame]:
        if self._open is None:
            rows = await self._read(lambda c: c.execute(select(tg_games).where(tg_games.c.status.in_(OPEN))).all())
            if self._open is None:
                self._open = {r.game_id: _game(r) for r in rows}
        return self._open

    async def add_game(self, game: TgGame, batch: Batch | None = None) -> None:
        """A new game's row, with what it brings (its sign-up message) in the same transaction."""
        def job(connection: Connection) -> None:
            connection.execute(insert(tg_games).values(
                game_id=game.game_id, chat_id=game.chat_id, opener=game.opener, status=game.status,
                reg_deadline=game.reg_deadline, reg_message=game.reg_message, progress=json.dumps(game.progress),
                created_at=game.created_at))
            if batch is not None:
                batch(connection)

        await self._write(job)
        for key in [] if batch is None else batch.keys:
            self._remember(key)
        opened = await self._open_games()
        if game.status in OPEN:
            opened[game.game_id] = _copied(game)

    async def game(self, game_id: str) -> TgGame | None:
        """A game's row (a copy: change it through `update_game`)."""
        found = (await self._open_games()).get(game_id)
        if found is not None:
            return _copied(found)
        row = await self._read(lambda c: c.execute(select(tg_games).where(tg_games.c.game_id == game_id)).first())
        return None if row is None else _game(row)

    async def open_game(self, chat_id: int) -> TgGame | None:
        """The group's game in registration or in play (a group plays one game at a time)."""
        found = [g for g in (await self._open_games()).values() if g.chat_id == chat_id]
        return _copied(max(found, key=lambda g: g.created_at)) if found else None

    async def open_games(self) -> list[TgGame]:
        """Every game in sign-up or in play, as kept: to be read, never changed (the clock's look)."""
        return list((await self._open_games()).values())

    async def games(self, statuses: tuple[str, ...] = OPEN) -> list[TgGame]:
        rows = await self._read(lambda c: c.execute(
            select(tg_games).where(tg_games.c.status.in_(statuses))).all())
        return [_game(r) for r in rows]

    async def update_game(self, game_id: str, **values: Any) -> None:
        await self.commit(Batch(game_id, 0.0, game=values))

    async def commit(self, batch: Batch) -> None:
        """A change's writes (see `Batch`), then the open games and keyboards kept here as written."""
        await self._write(batch)
        for key in batch.keys:
            self._remember(key)
        if not batch.game:
            return
        game_id, kept = batch.game_id, dict(batch.game)
        if "progress" in kept:
            kept["progress"] = json.loads(json.dumps(kept["progress"]))  # a copy of its own, as written
        opened = await self._open_games()
        if game_id in opened:
            changed = replace(opened[game_id], **kept)
            if changed.status in OPEN:
                opened[game_id] = changed
            else:
                del opened[game_id]

    # --- posts ------------------------------------------------------------------------------------
    async def posts_after(self, game_id: str, after: int, limit: int = 200) -> list[PostRow]:
        """A game's posts (the thread, the clans' chats) written after post `after`, oldest first."""
        def fn(connection: Connection) -> list[PostRow]:
            rows = connection.execute(select(posts).where(posts.c.game_id == game_id, posts.c.id > after)
                                      .order_by(posts.c.id).limit(limit))
            return [PostRow(r.id, r.channel, r.author, r.phase, r.text, r.at) for r in rows]

        found: list[PostRow] = await self._read(fn)
        return found

    # --- seats ------------------------------------------------------------------------------------
    async def add_seat(self, seat: TgSeat) -> None:
        def job(connection: Connection) -> None:
            connection.execute(insert(tg_seats).values(game_id=seat.game_id, name=seat.name, user_id=seat.user_id,
                                                       sex=seat.sex, misses=0))

        await self._write(job)

    async def remove_seat(self, game_id: str, name: str) -> None:
        await self._write(lambda c: c.execute(delete(tg_seats).where(tg_seats.c.game_id == game_id,
                                                                     tg_seats.c.name == name)))

    async def seats(self, game_id: str) -> list[TgSeat]:
        rows = await self._read(lambda c: c.execute(select(tg_seats).where(tg_seats.c.game_id == game_id)).all())
        return [TgSeat(r.game_id, r.name, r.user_id, r.sex, r.misses) for r in rows]

    async def set_misses(self, game_id: str, misses: dict[str, int]) -> None:
        def job(connection: Connection) -> None:
            for name, count in misses.items():
                connection.execute(update(tg_seats).where(tg_seats.c.game_id == game_id, tg_seats.c.name == name)
                                   .values(misses=count))

        await self._write(job)

    async def seat_of(self, user_id: int) -> TgSeat | None:
        """The user's seat in a game in registration or in play (one at a time)."""
        row = await self._read(lambda c: c.execute(
            select(tg_seats).join(tg_games, tg_games.c.game_id == tg_seats.c.game_id)
            .where(tg_seats.c.user_id == user_id, tg_games.c.status.in_(OPEN))
            .order_by(tg_games.c.created_at.desc()).limit(1)).first())
        return None if row is None else TgSeat(row.game_id, row.name, row.user_id, row.sex, row.misses)

    # --- keyboards --------------------------------------------------------------------------------
    async def add_key(self, game_id: str, user_id: int | None, data: dict[str, Any], at: float) -> str:
        key = random_ids.token_urlsafe(9)

        def job(connection: Connection) -> None:
            connection.execute(insert(tg_keys).values(id=key, game_id=game_id, user_id=user_id,
                                                      data=json.dumps(data, ensure_ascii=False), used=0, at=at))

        await self._write(job)
        self._remember(Key(key, game_id, user_id, data, False))
        return key

    @staticmethod
    def new_key(game_id: str, user_id: int | None, data: dict[str, Any]) -> Key:
        """A keyboard not stored yet: it goes into a press's `Taken` (or `store_keys`)."""
        return Key(random_ids.token_urlsafe(9), game_id, user_id, data, False)

    async def take(self, taken: Taken) -> None:
        """Commit a press's writes alone (a press that adds nothing to the game's log)."""
        await self._write(taken)
        self.taken(taken)

    def taken(self, taken: Taken) -> None:
        """After a press's writes committed: its keyboards are remembered, so that a press needs no read;
        the one pressed is forgotten (it is `_used` now, and its row says so)."""
        if taken.used is not None:
            self._keys.pop(taken.used, None)
        for key in taken.keys:
            self._remember(key)

    def take_key(self, key: Key) -> bool:
        """A one-shot keyboard pressed, in memory (its row is marked with the press's writes); False if it
        already was (a double press)."""
        if key.used or key.id in self._used:
            return False
        self._used.add(key.id)
        if len(self._used) > KEY_CACHE:
            self._used.clear()
        return True

    def seen(self, update_id: int) -> bool:
        """An update handled already by this process (its row, if it made a change, is written with it)."""
        if update_id in self._updates:
            return True
        self._updates.add(update_id)
        if len(self._updates) > KEY_CACHE:
            self._updates.clear()
        return False

    def _remember(self, key: Key) -> None:
        if len(self._keys) >= KEY_CACHE:
            self._keys.clear()
        self._keys[key.id] = key

    async def key(self, key_id: str) -> Key | None:
        found = self._keys.get(key_id)
        if found is not None:
            return found
        row = await self._read(lambda c: c.execute(select(tg_keys).where(tg_keys.c.id == key_id)).first())
        if row is None:
            return None
        key = Key(row.id, row.game_id, row.user_id, json.loads(row.data), bool(row.used))
        self._remember(key)
        return key

    async def use_key(self, key_id: str) -> bool:
        """Mark a one-shot keyboard pressed; False if it already was (a double press, a redelivery)."""
        if key_id in self._used:
            return False
        self._used.add(key_id)
        if len(self._used) > KEY_CACHE:
            self._used.clear()

        def job(connection: Connection) -> bool:
            done = connection.execute(update(tg_keys).where(tg_keys.c.id == key_id, tg_keys.c.used == 0)
                                      .values(used=1))
            return bool(done.rowcount == 1)

        return bool(await self._write(job))

    async def drop_keys(self, game_id: str) -> None:
        await self._write(lambda c: c.execute(delete(tg_keys).where(tg_keys.c.game_id == game_id)))

    # --- updates ----------------------------------------------------------------------------------
    async def claim_update(self, update_id: int, at: float) -> bool:
        """True the first time an update is seen: Telegram redelivers, the bot acts once."""
        if update_id in self._updates:
            return False
        self._updates.add(update_id)
        if len(self._updates) > KEY_CACHE:
            self._updates.clear()

        def job(connection: Connection) -> bool:
            seen = connection.execute(select(tg_updates.c.update_id).where(tg_updates.c.update_id == update_id))
            if seen.first() is not None:
                return False
            connection.execute(insert(tg_updates).values(update_id=update_id, at=at))
            return True

        try:
            return bool(await self._write(job))
        except IntegrityError:  # another process claimed it first
            return False
