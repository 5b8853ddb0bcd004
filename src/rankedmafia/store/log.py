"""The store: games, seats, the append-only command log, snapshots and posts.

Writes go through the group-commit `Writer`; reads run in worker threads. Appending to a game's log is
optimistic: the caller names the head it built on, and the append is refused with `Conflict` if another
process appended first (the caller then catches up from the log and tries again).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, text, update

from rankedmafia.store.db import Database
from rankedmafia.store.schema import ai_turns, commands, games, posts, seats, secrets, snapshots, taken
from rankedmafia.store.writer import Job, Writer

NOTIFY_CHANNEL = "rankedmafia"


class Conflict(Exception):
    """Another writer got there first (a stale head, a nickname taken, a game no longer in its lobby)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True, slots=True)
class GameRow:
    id: str
    admin_hash: str
    title: str
    setup: dict[str, Any]
    options: dict[str, Any]
    seed: str
    commitment: str
    created_at: float
    status: str = "lobby"
    deadline: float | None = None
    head: int = 0


@dataclass(frozen=True, slots=True)
class SeatRow:
    name: str
    idx: int
    nickname: str
    token_hash: str
    joined_at: float


@dataclass(frozen=True, slots=True)
class LogEntry:
    seq: int
    type: str
    body: dict[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class PostRow:
    id: int
    channel: str
    author: str
    phase: str
    text: str
    at: float


@dataclass(slots=True)
class Append:
    """Log entries to add after `base`, and the derived caches to set with them."""

    game_id: str
    base: int
    entries: list[LogEntry]
    status: str
    deadline: float | None
    seat: SeatRow | None = None  # a replacement: the seat's new holder
    extra: dict[str, Any] = field(default_factory=dict)
    also: Job | None = None  # a front end's own rows, in the same transaction
    joined: list[SeatRow] = field(default_factory=list)  # seats filled at the start (bots), after the others


class Store:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.writer = Writer(db.engine)
        # told of a game whose posts this process changed, once committed (another process's change of
        # them arrives as the notice with the head -1)
        self.post_listeners: list[Callable[[str], None]] = []

    def close(self) -> None:
        self.writer.close()
        self.db.engine.dispose()

    async def _read(self, fn: Callable[[Connection], Any]) -> Any:
        def job() -> Any:
            with self.db.engine.connect() as connection:
                return fn(connection)

        return await asyncio.to_thread(job)

    async def read(self, fn: Callable[[Connection], Any]) -> Any:
        """`fn` on a connection of its own, in a worker thread: for the stores that live beside this one
        (store/push.py, store/moderation.py) on its database."""
        return await self._read(fn)

    def _notify(self, connection: Connection, game_id: str, head: int) -> None:
        if self.db.postgres:
            connection.execute(
                text("SELECT pg_notify(:c, :p)"), {"c": NOTIFY_CHANNEL, "p": f"{game_id} {head}"}
            )

    # --- secrets ----------------------------------------------------------------------------------
    async def secret(self, key: str, make: Callable[[], str]) -> str:
        def job(connection: Connection) -> str:
            found = connection.execute(select(secrets.c.value).where(secrets.c.key == key)).scalar()
            if found is not None:
                return str(found)
            value = make()
            if self.db.postgres:
                from sqlalchemy.dialects.postgresql import insert as pg_insert

                connection.execute(pg_insert(secrets).values(key=key, value=value).on_conflict_do_nothing())
            else:
                from sqlalchemy.dialects.sqlite import insert as lite_insert

                connection.execute(lite_insert(secrets).values(key=key, value=value).on_conflict_do_nothing())
            return str(connection.execute(select(secrets.c.value).where(secrets.c.key == key)).scalar_one())

        return str(await self.writer.run(job))

    # --- games and seats --------------------------------------------------------------------------
    async def create_game(self, row: GameRow) -> None:
        def job(connection: Connection) -> None:
            connection.execute(
                insert(games).values(
                    id=row.id,
                    admin_hash=row.admin_hash,
                    title=row.title,
                    setup=json.dumps(row.setup),
                    options=json.dumps(row.options),
                    seed=row.seed,
                    commitment=row.commitment,
                    created_at=row.created_at,
                    status="lobby",
                    deadline=None,
                    head=0,
                )
            )

        await self.writer.run(job)

    async def game(self, game_id: str) -> GameRow | None:
        def fn(connection: Connection) -> GameRow | None:
            r = connection.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if r is None:
                return None
            return GameRow(
                r["id"],
                r["admin_hash"],
                r["title"],
                json.loads(r["setup"]),
                json.loads(r["options"]),
                r["seed"],
                r["commitment"],
                r["created_at"],
                r["status"],
                r["deadline"],
                r["head"],
            )

        result: GameRow | None = await self._read(fn)
        return result

    async def find_admin(self, admin_hash: str) -> str | None:
        value = await self._read(
            lambda c: c.execute(select(games.c.id).where(games.c.admin_hash == admin_hash)).scalar()
        )
        return None if value is None else str(value)

    async def find_seat(self, token_hash: str) -> tuple[str, str] | None:
        row = await self._read(
            lambda c: c.execute(
                select(seats.c.game_id, seats.c.name).where(seats.c.token_hash == token_hash)
            ).first()
        )
        return None if row is None else (str(row[0]), str(row[1]))

    async def seats(self, game_id: str) -> list[SeatRow]:
        def fn(connection: Connection) -> list[SeatRow]:
            rows = connection.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.idx))
            return [SeatRow(r.name, r.idx, r.nickname, r.token_hash, r.joined_at) for r in rows]

        result: list[SeatRow] = await self._read(fn)
        return result

    async def join(self, game_id: str, nickname: str, token_hash: str, at: float, limit: int,
                   fits: Callable[[list[str]], str] | None = None) -> SeatRow:
        """A new seat in a game's lobby; Conflict if the lobby is closed, full, or the nickname taken.
        `fits`, given the names already seated, returns the nickname to seat or raises: it runs in the
        transaction that serialises the lobby's joins, so two look-alike names cannot both get in."""

        def job(connection: Connection) -> SeatRow:
            # Touch the game row first: it serialises joins and checks the lobby is open.
            touched = connection.execute(
                update(games)
                .where(games.c.id == game_id, games.c.status == "lobby")
                .values(head=games.c.head)
            )
            if touched.rowcount != 1:
                raise Conflict("lobby_closed")
            taken = connection.execute(
                select(seats.c.name, seats.c.nickname).where(seats.c.game_id == game_id)
            ).all()
            seated = [n for row in taken for n in row]
            nick = fits(seated) if fits is not None else nickname
            if nick.casefold() in {n.casefold() for n in seated}:
                raise Conflict("nickname_taken")
            if len(taken) >= limit:
                raise Conflict("lobby_full")
            seat = SeatRow(nick, len(taken), nick, token_hash, at)
            connection.execute(
                insert(seats).values(
                    game_id=game_id,
                    name=seat.name,
                    idx=seat.idx,
                    nickname=seat.nickname,
                    token_hash=token_hash,
                    joined_at=at,
                )
            )
            self._notify(connection, game_id, -1)
            return seat

        seat: SeatRow = await self.writer.run(job)
        return seat

    async def leave(self, game_id: str, name: str) -> bool:
        """A seat given up in the lobby (the seats after it move up one); False if there was none by that
        name; Conflict if the lobby is closed."""

        def job(connection: Connection) -> bool:
            touched = connection.execute(update(games).where(games.c.id == game_id, games.c.status == "lobby")
                                         .values(head=games.c.head))
            if touched.rowcount != 1:
                raise Conflict("lobby_closed")
            found = connection.execute(select(seats.c.idx).where(seats.c.game_id == game_id,
                                                                 seats.c.name == name)).first()
            if found is None:
                return False
            connection.execute(delete(seats).where(seats.c.game_id == game_id, seats.c.name == name))
            connection.execute(update(seats).where(seats.c.game_id == game_id, seats.c.idx > found.idx)
                               .values(idx=seats.c.idx - 1))
            self._notify(connection, game_id, -1)
            return True

        return bool(await self.writer.run(job))

    # --- the log ----------------------------------------------------------------------------------
    async def append(self, change: Append) -> None:
        """Commit log entries after `change.base`; Conflict if the game's head has moved."""

        def job(connection: Connection) -> None:
            head = change.base + len(change.entries)
            moved = connection.execute(
                update(games)
                .where(games.c.id == change.game_id, games.c.head == change.base)
                .values(head=head, status=change.status, deadline=change.deadline)
            )
            if moved.rowcount != 1:
                raise Conflict("stale_head")
            if change.entries:
                connection.execute(
                    insert(commands),
                    [
                        {
                            "game_id": change.game_id,
                            "seq": e.seq,
                            "type": e.type,
                            "body": json.dumps(e.body, ensure_ascii=False),
                            "at": e.at,
                        }
                        for e in change.entries
                    ],
                )
            if change.seat is not None:
                connection.execute(
                    update(seats)
                    .where(seats.c.game_id == change.game_id, seats.c.name == change.seat.name)
                    .values(nickname=change.seat.nickname, token_hash=change.seat.token_hash)
                )
            if change.joined:
                self._add_seats(connection, change.game_id, change.joined)
            if change.also is not None:
                change.also(connection)
            self._notify(connection, change.game_id, head)

        await self.writer.run(job)

    @staticmethod
    def _add_seats(connection: Connection, game_id: str, rows: list[SeatRow]) -> None:
        """The seats a start fills (bots), numbered after those taken: a join that came in between makes
        the start build again on the seats as they are (Conflict)."""
        held = connection.execute(
            select(func.count()).select_from(seats).where(seats.c.game_id == game_id)
        ).scalar_one()
        if held != rows[0].idx:
            raise Conflict("stale_head")
        connection.execute(
            insert(seats),
            [
                {"game_id": game_id, "name": r.name, "idx": r.idx, "nickname": r.nickname,
                 "token_hash": r.token_hash, "joined_at": r.joined_at}
                for r in rows
            ],
        )

    async def log(self, game_id: str, after: int = 0) -> list[LogEntry]:
        def fn(connection: Connection) -> list[LogEntry]:
            rows = connection.execute(
                select(commands)
                .where(commands.c.game_id == game_id, commands.c.seq > after)
                .order_by(commands.c.seq)
            )
            return [LogEntry(r.seq, r.type, json.loads(r.body), r.at) for r in rows]

        result: list[LogEntry] = await self._read(fn)
        return result

    async def due(self, now: float) -> list[str]:
        """Running games whose deadline has passed."""
        rows = await self._read(
            lambda c: c.execute(
                select(games.c.id).where(games.c.status == "running", games.c.deadline <= now)
            ).all()
        )
        return [str(r[0]) for r in rows]

    async def open_games(self, most: int = 100) -> list[tuple[GameRow, int]]:
        """Games taking players, newest first, with how many seats each has taken (the lobby's list; which
        of them are listed is the game's option, read by the caller)."""

        def fn(connection: Connection) -> list[tuple[GameRow, int]]:
            taken = (
                select(seats.c.game_id, func.count().label("n")).group_by(seats.c.game_id).subquery()
            )
            rows = connection.execute(
                select(games, func.coalesce(taken.c.n, 0).label("taken"))
                .outerjoin(taken, taken.c.game_id == games.c.id)
                .where(games.c.status == "lobby")
                .order_by(games.c.created_at.desc())
                .limit(most)
            ).mappings()
            return [
                (
                    GameRow(r["id"], r["admin_hash"], r["title"], json.loads(r["setup"]), json.loads(r["options"]),
                            r["seed"], r["commitment"], r["created_at"], r["status"], r["deadline"], r["head"]),
                    int(r["taken"]),
                )
                for r in rows
            ]

        result: list[tuple[GameRow, int]] = await self._read(fn)
        return result
    async def running_with(self, option: str) -> list[str]:
        """Running games created with this option set (and not to "none"): the games with bots."""
        rows = await self._read(
            lambda c: c.execute(select(games.c.id, games.c.options).where(games.c.status == "running")).all()
        )
        return [str(r[0]) for r in rows if json.loads(r[1]).get(option, "none") != "none"]

    async def active(self) -> list[str]:
        rows = await self._read(
            lambda c: c.execute(select(games.c.id).where(games.c.status.in_(("running", "paused")))).all()
        )
        return [str(r[0]) for r in rows]

    # --- snapshots --------------------------------------------------------------------------------
    async def save_snapshot(self, game_id: str, seq: int, engine: str, data: bytes) -> None:
        def job(connection: Connection) -> None:
            exists = connection.execute(
                select(func.count())
                .select_from(snapshots)
                .where(snapshots.c.game_id == game_id, snapshots.c.seq == seq)
            ).scalar_one()
            if not exists:
                connection.execute(
                    insert(snapshots).values(game_id=game_id, seq=seq, engine=engine, data=data)
                )

        await self.writer.run(job)

    async def snapshot(self, game_id: str, engine: str, upto: int) -> tuple[int, bytes] | None:
        row = await self._read(
            lambda c: c.execute(
                select(snapshots.c.seq, snapshots.c.data)
                .where(snapshots.c.game_id == game_id, snapshots.c.engine == engine, snapshots.c.seq <= upto)
                .order_by(snapshots.c.seq.desc())
                .limit(1)
            ).first()
        )
        return None if row is None else (int(row[0]), bytes(row[1]))

    # --- posts ------------------------------------------------------------------------------------
    async def add_post(
        self, game_id: str, channel: str, author: str, phase: str, body: str, at: float, also: Job | None = None
    ) -> int:
        """`also`: a caller's own write in the post's transaction (an AI seat's turn that wrote it)."""

        def job(connection: Connection) -> int:
            result = connection.execute(
                insert(posts).values(
                    game_id=game_id, channel=channel, author=author, phase=phase, text=body, at=at
                )
            )
            if also is not None:
                also(connection)
            self._notify(connection, game_id, -1)
            key = result.inserted_primary_key
            return int(key[0]) if key is not None else 0

        post_id: int = await self.writer.run(job)
        for listener in self.post_listeners:
            listener(game_id)
        return post_id

    async def posts(self, game_id: str, channels: Sequence[str], limit: int = 500) -> list[PostRow]:
        def fn(connection: Connection) -> list[PostRow]:
            rows = connection.execute(
                select(posts)
                .where(posts.c.game_id == game_id, posts.c.channel.in_(channels))
                .order_by(posts.c.id.desc())
                .limit(limit)
            )
            return [PostRow(r.id, r.channel, r.author, r.phase, r.text, r.at) for r in rows][::-1]

        result: list[PostRow] = await self._read(fn)
        return result

    # --- one-time tokens: a command or post sent twice is taken once --------------------------------
    def take_job(self, game_id: str, token: str, at: float, then: Job | None = None) -> Job:
        """The write of a one-time token, to run in the transaction of what it sent (with `then`, the
        caller's own write): Conflict("taken") if it is already stored (a concurrent send committed first;
        on PostgreSQL the second insert waits for the first's transaction)."""

        def job(connection: Connection) -> None:
            if self.db.postgres:
                from sqlalchemy.dialects.postgresql import insert as pg_insert

                added = connection.execute(pg_insert(taken).values(game_id=game_id, token=token, at=at)
                                           .on_conflict_do_nothing().returning(taken.c.token)).first() is not None
            else:
                from sqlalchemy.dialects.sqlite import insert as lite_insert

                added = connection.execute(lite_insert(taken).values(game_id=game_id, token=token, at=at)
                                           .on_conflict_do_nothing()).rowcount == 1
            if not added:
                raise Conflict("taken")
            if then is not None:
                then(connection)

        return job

    async def is_taken(self, game_id: str, token: str) -> bool:
        found = await self._read(lambda c: c.execute(
            select(taken.c.token).where(taken.c.game_id == game_id, taken.c.token == token)).first())
        return found is not None

    async def post_heads(self, game_id: str) -> dict[str, int]:
        """The newest post's id in each channel of a game (what tells a live page that a post came)."""

        def fn(connection: Connection) -> dict[str, int]:
            rows = connection.execute(
                select(posts.c.channel, func.max(posts.c.id)).where(posts.c.game_id == game_id)
                .group_by(posts.c.channel)
            )
            return {str(channel): int(newest) for channel, newest in rows}

        result: dict[str, int] = await self._read(fn)
        return result

    # --- the AI seats' decisions ------------------------------------------------------------------
    @staticmethod
    def ai_turn_job(game_id: str, seat: str, body: dict[str, Any], at: float) -> Job:
        """The write of one AI decision, to run alone or in a command's transaction (`Append.also`)."""

        def job(connection: Connection) -> None:
            connection.execute(insert(ai_turns).values(game_id=game_id, seat=seat,
                                                       body=json.dumps(body, ensure_ascii=False), at=at))

        return job

    async def add_ai_turn(self, game_id: str, seat: str, body: dict[str, Any], at: float) -> None:
        await self.writer.run(self.ai_turn_job(game_id, seat, body, at))

    async def ai_turns(self, game_id: str, seat: str | None = None) -> list[dict[str, Any]]:
        """The AI decisions of a game (or of one seat), in the order they were kept; each body with its
        `seat` and `at`."""

        def fn(connection: Connection) -> list[dict[str, Any]]:
            query = select(ai_turns).where(ai_turns.c.game_id == game_id)
            if seat is not None:
                query = query.where(ai_turns.c.seat == seat)
            rows = connection.execute(query.order_by(ai_turns.c.id))
            return [{**json.loads(r.body), "seat": r.seat, "at": r.at} for r in rows]

        result: list[dict[str, Any]] = await self._read(fn)
        return result
