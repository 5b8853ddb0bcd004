"""The ladder on the database: which games are ranked and whose account holds each seat, every finished
game's outcome recorded from its log (`sync`, run before the ladder is read), voids, and the rebuild.

A finished game is recorded once (`rm_ladder_games`); a Telegram game's seats are then matched to the
accounts their Telegram users are linked to, and the game is ranked when every seat has an account and
nobody in it is banned. `rebuild` reads every recorded game's log again and rewrites its outcome in
place, so a fix to the rules or the rating settings is applied to the whole history, exactly.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import Connection, Table, delete, func, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError

from rankedmafia.accounts.service import AccountError
from rankedmafia.accounts.tables import tg_bans, tg_links, users
from rankedmafia.ladder.outcome import GameOutcome, outcome_of
from rankedmafia.ladder.ratings import Ladder, RatingSettings, rate
from rankedmafia.ladder.tables import game_accounts, ladder_games, ranked_games, voids
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.tokens import new_token
from rankedmafia.store import Store
from rankedmafia.store.schema import games, secrets


@dataclass(slots=True)
class Recorded:
    """A recorded game with what the ladder needs beside its outcome."""

    outcome: GameOutcome
    ranked: bool
    voided: bool

    @property
    def rated(self) -> bool:
        return self.ranked and not self.voided and self.outcome.decided and not self.outcome.replaced


def _rewrite(connection: Connection, outcome: GameOutcome) -> None:
    connection.execute(update(ladder_games).where(ladder_games.c.game_id == outcome.game_id).values(
        ended_at=outcome.ended_at, source=outcome.source,
        outcome=json.dumps(outcome.to_json(), ensure_ascii=False)))


REBUILT = "ladder_rebuilt"


def _mark_rebuilt(connection: Connection, at: float) -> None:
    """Tells every process that the outcomes were rewritten (their cached ladders are stale)."""
    connection.execute(delete(secrets).where(secrets.c.key == REBUILT))
    connection.execute(insert(secrets).values(key=REBUILT, value=f"{at!r}:{new_token()}"))


def _version(connection: Connection) -> tuple[Any, ...]:
    """What the ratings depend on, in a few aggregates: recorded games, voids, ranked games, rebuilds."""
    return (
        tuple(connection.execute(select(func.count(), func.max(ladder_games.c.ended_at))).one()),
        tuple(connection.execute(select(func.count(), func.max(voids.c.at)).select_from(voids)).one()),
        connection.execute(select(func.count()).select_from(ranked_games)).scalar(),
        connection.execute(select(func.count()).select_from(game_accounts)).scalar(),
        connection.execute(select(secrets.c.value).where(secrets.c.key == REBUILT)).scalar(),
    )


class Record:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._telegram: Table | bool | None = False  # not looked for yet
        self._sync_lock = asyncio.Lock()
        self._ladders: dict[RatingSettings, tuple[Any, Ladder]] = {}

    async def _read(self, fn: Callable[[Connection], Any]) -> Any:
        def job() -> Any:
            with self.store.db.engine.connect() as connection:
                return fn(connection)

        return await asyncio.to_thread(job)

    # --- ranked games and their seats ---------------------------------------------------------------
    async def mark_ranked(self, game_id: str, host_user: int | None) -> None:
        now = self.clock()
        await self.store.writer.run(lambda c: c.execute(
            insert(ranked_games).values(game_id=game_id, host_user=host_user, at=now)))

    async def ranked(self, game_id: str) -> tuple[bool, int | None]:
        row = await self._read(lambda c: c.execute(
            select(ranked_games.c.host_user).where(ranked_games.c.game_id == game_id)).first())
        return (False, None) if row is None else (True, None if row[0] is None else int(row[0]))

    async def seat_of(self, game_id: str, user_id: int) -> str | None:
        value = await self._read(lambda c: c.execute(select(game_accounts.c.name).where(
            game_accounts.c.game_id == game_id, game_accounts.c.user_id == user_id)).scalar())
        return None if value is None else str(value)

    async def hold(self, game_id: str, name: str, user_id: int) -> None:
        """The account holds this seat; one seat per account and game."""
        try:
            await self.store.writer.run(lambda c: c.execute(
                insert(game_accounts).values(game_id=game_id, name=name, user_id=user_id)))
        except IntegrityError:
            raise AccountError("already_seated", 409) from None

    async def playing(self, user_id: int) -> list[tuple[str, str, str]]:
        """The account's games not yet over: (game id, seat name, title)."""
        rows = await self._read(lambda c: c.execute(
            select(games.c.id, game_accounts.c.name, games.c.title)
            .join(game_accounts, game_accounts.c.game_id == games.c.id)
            .where(game_accounts.c.user_id == user_id, games.c.status != "over")
            .order_by(games.c.created_at)).all())
        return [(str(r[0]), str(r[1]), str(r[2])) for r in rows]

    # --- voids --------------------------------------------------------------------------------------
    async def void(self, game_id: str, reason: str) -> None:
        now = self.clock()

        def job(connection: Connection) -> None:
            if connection.execute(select(games.c.id).where(games.c.id == game_id)).first() is None:
                raise AccountError("not_found", 404, what="game")
            connection.execute(delete(voids).where(voids.c.game_id == game_id))
            connection.execute(insert(voids).values(game_id=game_id, at=now, reason=reason or "-"))

        await self.store.writer.run(job)

    async def unvoid(self, game_id: str) -> None:
        await self.store.writer.run(lambda c: c.execute(delete(voids).where(voids.c.game_id == game_id)))

    # --- recording finished games -------------------------------------------------------------------
    async def sync(self) -> int:
        """Records every finished game not yet recorded; returns how many."""
        async with self._sync_lock:
            new = await self._read(lambda c: c.execute(
                select(games.c.id).where(games.c.status == "over",
                                         games.c.id.not_in(select(ladder_games.c.game_id)))
                .order_by(games.c.created_at, games.c.id)).all())
            done = 0
            for (game_id,) in new:
                outcome = await self._outcome(str(game_id))
                done += await self.store.writer.run(partial(self._insert, outcome=outcome))
            return done

    async def rebuild(self) -> int:
        """Every recorded game's outcome read again from its log (then any new game recorded)."""
        async with self._sync_lock:
            ids = await self._read(lambda c: c.execute(select(ladder_games.c.game_id)).scalars().all())
            for game_id in ids:
                await self.store.writer.run(partial(_rewrite, outcome=await self._outcome(str(game_id))))
            await self.store.writer.run(partial(_mark_rebuilt, at=self.clock()))
        return len(ids) + await self.sync()

    async def _outcome(self, game_id: str) -> GameOutcome:
        store = self.store
        row = await store.game(game_id)
        assert row is not None
        live = LiveGame(row, {s.name: s for s in await store.seats(game_id)})
        source = "telegram" if await self._telegram_seats(game_id) else "web"
        return outcome_of(live, await store.log(game_id), source)

    async def _telegram_seats(self, game_id: str) -> dict[str, int]:
        table = await self._telegram_table()
        if table is None:
            return {}
        rows = await self._read(lambda c: c.execute(
            select(table.c.name, table.c.user_id).where(table.c.game_id == game_id)).all())
        return {str(r[0]): int(r[1]) for r in rows}

    async def _telegram_table(self) -> Table | None:
        """The Telegram bot's seats (rm_tg_seats), where its tables exist."""
        if self._telegram is False:
            exists = await self._read(lambda c: inspect(c).has_table("rm_tg_seats"))
            if exists:
                from sqlalchemy import BigInteger, Column, MetaData, String

                self._telegram = Table("rm_tg_seats", MetaData(), Column("game_id", String(32)),
                                       Column("name", String(64)), Column("user_id", BigInteger))
            else:
                self._telegram = None
        return self._telegram if isinstance(self._telegram, Table) else None

    def _insert(self, connection: Connection, outcome: GameOutcome) -> int:
        if connection.execute(select(ladder_games.c.game_id).where(
                ladder_games.c.game_id == outcome.game_id)).first() is not None:
            return 0  # another process recorded it first
        if outcome.source == "telegram":
            self._hold_telegram(connection, outcome)
        connection.execute(insert(ladder_games).values(
            game_id=outcome.game_id, ended_at=outcome.ended_at, source=outcome.source,
            outcome=json.dumps(outcome.to_json(), ensure_ascii=False)))
        return 1

    def _hold_telegram(self, connection: Connection, outcome: GameOutcome) -> None:
        """A finished Telegram game: its seats go to the accounts their users are linked to (once), and it
        is ranked when every seat has an account and none of them, nor their Telegram users, is banned."""
        table = self._telegram if isinstance(self._telegram, Table) else None
        if table is None:
            return
        seats = connection.execute(select(table.c.name, table.c.user_id).where(
            table.c.game_id == outcome.game_id)).all()
        held = 0
        clean = True
        for name, tg_user in seats:
            linked = connection.execute(select(tg_links.c.user_id, users.c.banned_at)
                                        .join(users, users.c.id == tg_links.c.user_id)
                                        .where(tg_links.c.tg_user == tg_user)).first()
            if connection.execute(select(tg_bans.c.tg_user).where(tg_bans.c.tg_user == tg_user)).first():
                clean = False
            if linked is None:
                continue
            clean = clean and linked[1] is None
            if connection.execute(select(game_accounts.c.name).where(
                    game_accounts.c.game_id == outcome.game_id, game_accounts.c.user_id == linked[0])).first():
                continue
            connection.execute(insert(game_accounts).values(game_id=outcome.game_id, name=name, user_id=linked[0]))
            held += 1
        if clean and seats and held == len(seats) == outcome.players and outcome.decided:
            connection.execute(insert(ranked_games).values(game_id=outcome.game_id, host_user=None,
                                                           at=outcome.ended_at))

    # --- reading --------------------------------------------------------------------------------------
    async def recorded(self, user_id: int | None = None) -> list[Recorded]:
        """Recorded games with their seats' accounts, in the order they ended (one account's, if given)."""

        def fn(connection: Connection) -> list[Recorded]:
            query = select(ladder_games.c.game_id, ladder_games.c.outcome)
            if user_id is not None:
                query = query.where(ladder_games.c.game_id.in_(
                    select(game_accounts.c.game_id).where(game_accounts.c.user_id == user_id)))
            rows = connection.execute(query.order_by(ladder_games.c.ended_at, ladder_games.c.game_id)).all()
            ids = [r[0] for r in rows]
            holders: dict[str, dict[str, int]] = {}
            for game_id, name, holder in connection.execute(select(
                    game_accounts.c.game_id, game_accounts.c.name, game_accounts.c.user_id)
                    .where(game_accounts.c.game_id.in_(ids))):
                holders.setdefault(game_id, {})[name] = int(holder)
            ranked = set(connection.execute(select(ranked_games.c.game_id).where(
                ranked_games.c.game_id.in_(ids))).scalars())
            voided = set(connection.execute(select(voids.c.game_id).where(voids.c.game_id.in_(ids))).scalars())
            result = []
            for game_id, text in rows:
                outcome = GameOutcome.from_json(json.loads(text))
                for seat in outcome.seats:
                    seat.account = holders.get(game_id, {}).get(seat.name)
                result.append(Recorded(outcome, game_id in ranked, game_id in voided))
            return result

        found: list[Recorded] = await self._read(fn)
        return found

    async def ladder(self, settings: RatingSettings) -> Ladder:
        """The ratings of every season: one pass over every rated game (see ratings.py), kept while
        nothing it depends on has changed in the database (any process's change is seen)."""
        await self.sync()
        version = await self._read(_version)
        cached = self._ladders.get(settings)
        if cached is not None and cached[0] == version:
            return cached[1]
        ladder = rate([r.outcome for r in await self.recorded() if r.rated], settings)
        self._ladders = {settings: (version, ladder)}
        return ladder

    async def banned_accounts(self) -> set[int]:
        rows = await self._read(lambda c: c.execute(select(users.c.id).where(users.c.banned_at.is_not(None))).all())
        return {int(r[0]) for r in rows}
