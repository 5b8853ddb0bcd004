"""Accounts on the game store's database: every write through the store's writer (one transaction at a
time on SQLite), reads in worker threads. Refusals are `AccountError`s with a stable id and parameters,
rendered in the player's language by `accounts/texts.py`; a refusal changes nothing."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from rankedmafia.accounts.passwords import (
    DUMMY_HASH,
    PASSWORD_MAX,
    PASSWORD_MIN,
    check_password,
    hash_password,
)
from rankedmafia.accounts.tables import link_codes, tg_bans, tg_links, user_sessions, users
from rankedmafia.live.errors import Refusal
from rankedmafia.live.nicknames import normalise, seat_nickname
from rankedmafia.live.tokens import new_token, token_hash
from rankedmafia.store import Store

NAME_MAX = 24  # the nickname limit of a seat (live.service.NICK_MAX)
SESSION_SECONDS = 30 * 86400
CODE_SECONDS = 15 * 60
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or typed on a phone
CODE_LENGTH = 8


class AccountError(Refusal):
    """A refusal of the accounts (its texts: accounts/texts.py)."""


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str
    created_at: float
    banned_at: float | None = None
    ban_reason: str | None = None
    tg_user: int | None = None

    @property
    def banned(self) -> bool:
        return self.banned_at is not None


def clean_name(name: str) -> str:
    """A name as shown: inner spaces collapsed; letters, digits, spaces, '_', '-' and '.' only; and, being
    the account's nickname in ranked games, a name the tables would seat (live/nicknames.py: normalised, in
    one script, no word of the vote), so that no account is refused every seat."""
    name = normalise(name)
    if not name or len(name) > NAME_MAX or not all(ch.isalnum() or ch in " _-." for ch in name):
        raise AccountError("bad_name", 422, most=NAME_MAX)
    if name.casefold() in ("host", "admin"):
        raise AccountError("name_taken", 409, name=name)
    try:
        return seat_nickname(name)
    except Refusal as refused:  # said in the same words, as the accounts' own refusal
        raise AccountError(refused.rule, refused.status, **refused.params) from None


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    return "".join(code.split()).replace("-", "").upper()


class Accounts:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    async def _read(self, fn: Callable[[Connection], Any]) -> Any:
        def job() -> Any:
            with self.store.db.engine.connect() as connection:
                return fn(connection)

        return await asyncio.to_thread(job)

    # --- users ------------------------------------------------------------------------------------
    async def sign_up(self, name: str, password: str) -> User:
        name = clean_name(name)
        if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
            raise AccountError("bad_password", 422, least=PASSWORD_MIN, most=PASSWORD_MAX)
        hashed = await asyncio.to_thread(hash_password, password)
        now = self.clock()

        def job(connection: Connection) -> int:
            taken = connection.execute(select(users.c.id).where(users.c.name_key == name.casefold())).first()
            if taken is not None:
                raise AccountError("name_taken", 409, name=name)
            result = connection.execute(
                insert(users).values(name=name, name_key=name.casefold(), password_hash=hashed, created_at=now)
            )
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

        try:
            user_id: int = await self.store.writer.run(job)
        except IntegrityError:  # another process took the name between the check and the insert
            raise AccountError("name_taken", 409, name=name) from None
        return User(user_id, name, now)

    async def sign_in(self, name: str, password: str) -> User:
        key = " ".join(name.split()).casefold()
        row = await self._read(
            lambda c: c.execute(select(users.c.id, users.c.password_hash).where(users.c.name_key == key)).first()
        )
        ok, fresh = await asyncio.to_thread(check_password, password[:PASSWORD_MAX],
                                            row[1] if row is not None else DUMMY_HASH)
        if row is None or not ok:
            raise AccountError("bad_credentials", 401)
        if fresh is not None:
            await self.store.writer.run(
                lambda c: c.execute(update(users).where(users.c.id == row[0]).values(password_hash=fresh))
            )
        user = await self.user(int(row[0]))
        assert user is not None
        return user

    async def user(self, user_id: int) -> User | None:
        found: User | None = await self._read(lambda c: _user(c, users.c.id == user_id))
        return found

    async def by_name(self, name: str) -> User | None:
        key = " ".join(name.split()).casefold()
        found: User | None = await self._read(lambda c: _user(c, users.c.name_key == key))
        return found

    async def names(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}
        rows = await self._read(lambda c: c.execute(select(users.c.id, users.c.name).where(users.c.id.in_(ids))).all())
        return {int(r[0]): str(r[1]) for r in rows}

    # --- sessions ---------------------------------------------------------------------------------
    async def open_session(self, user_id: int) -> str:
        token = new_token()
        now = self.clock()
        await self.store.writer.run(lambda c: c.execute(insert(user_sessions).values(
            token_hash=token_hash(token), user_id=user_id, created_at=now, expires_at=now + SESSION_SECONDS)))
        return token

    async def session_user(self, token: str | None) -> User | None:
        if not token or len(token) > 100:
            return None
        digest = token_hash(token)
        now = self.clock()

        def fn(connection: Connection) -> User | None:
            row = connection.execute(
                select(user_sessions.c.user_id).where(user_sessions.c.token_hash == digest,
                                                      user_sessions.c.expires_at > now)
            ).first()
            return None if row is None else _user(connection, users.c.id == row[0])

        found: User | None = await self._read(fn)
        return found

    async def close_session(self, token: str) -> None:
        digest = token_hash(token)
        await self.store.writer.run(
            lambda c: c.execute(delete(user_sessions).where(user_sessions.c.token_hash == digest))
        )

    # --- Telegram ---------------------------------------------------------------------------------
    async def issue_code(self, user_id: int) -> str:
        """A one-time code that links the Telegram user who sends it (`/link CODE`) to this account."""
        code = new_code()
        now = self.clock()
        await self.store.writer.run(lambda c: c.execute(insert(link_codes).values(
            code_hash=token_hash(code), user_id=user_id, expires_at=now + CODE_SECONDS)))
        return code

    async def redeem_code(self, code: str, tg_user: int) -> User:
        """Links the Telegram user to the code's account (once; the code then is spent). A Telegram user
        linked to another account, or a banned one, is refused; the account's older link is replaced."""
        digest = token_hash(normal_code(code)[:32])
        now = self.clock()

        def job(connection: Connection) -> int:
            row = connection.execute(
                select(link_codes.c.user_id).where(link_codes.c.code_hash == digest, link_codes.c.used_at.is_(None),
                                                   link_codes.c.expires_at > now)
            ).first()
            if row is None:
                raise AccountError("bad_code", 404)
            user_id = int(row[0])
            if connection.execute(select(tg_bans.c.tg_user).where(tg_bans.c.tg_user == tg_user)).first():
                raise AccountError("banned", 403)
            other = connection.execute(select(tg_links.c.user_id).where(tg_links.c.tg_user == tg_user)).first()
            if other is not None and int(other[0]) != user_id:
                raise AccountError("telegram_taken", 409)
            connection.execute(update(link_codes).where(link_codes.c.code_hash == digest).values(used_at=now))
            connection.execute(delete(tg_links).where(tg_links.c.user_id == user_id))
            connection.execute(delete(tg_links).where(tg_links.c.tg_user == tg_user))
            connection.execute(insert(tg_links).values(tg_user=tg_user, user_id=user_id, linked_at=now))
            return user_id

        user_id: int = await self.store.writer.run(job)
        user = await self.user(user_id)
        assert user is not None
        return user

    async def telegram_user(self, tg_user: int) -> User | None:
        def fn(connection: Connection) -> User | None:
            row = connection.execute(select(tg_links.c.user_id).where(tg_links.c.tg_user == tg_user)).first()
            return None if row is None else _user(connection, users.c.id == row[0])

        found: User | None = await self._read(fn)
        return found

    async def unlink_telegram(self, user_id: int) -> None:
        await self.store.writer.run(lambda c: c.execute(delete(tg_links).where(tg_links.c.user_id == user_id)))

    # --- bans -------------------------------------------------------------------------------------
    async def ban(self, user_id: int, reason: str) -> None:
        now = self.clock()
        done = await self.store.writer.run(lambda c: c.execute(
            update(users).where(users.c.id == user_id).values(banned_at=now, ban_reason=reason or "-")).rowcount)
        if not done:
            raise AccountError("no_user", 404)

    async def unban(self, user_id: int) -> None:
        await self.store.writer.run(lambda c: c.execute(
            update(users).where(users.c.id == user_id).values(banned_at=None, ban_reason=None)))

    async def ban_telegram(self, tg_user: int, reason: str) -> None:
        now = self.clock()

        def job(connection: Connection) -> None:
            connection.execute(delete(tg_bans).where(tg_bans.c.tg_user == tg_user))
            connection.execute(insert(tg_bans).values(tg_user=tg_user, at=now, reason=reason or "-"))

        await self.store.writer.run(job)

    async def unban_telegram(self, tg_user: int) -> None:
        await self.store.writer.run(lambda c: c.execute(delete(tg_bans).where(tg_bans.c.tg_user == tg_user)))

    async def telegram_banned(self, tg_user: int) -> bool:
        """A Telegram user is banned himself, or through the account he is linked to."""

        def fn(connection: Connection) -> bool:
            if connection.execute(select(tg_bans.c.tg_user).where(tg_bans.c.tg_user == tg_user)).first():
                return True
            row = connection.execute(
                select(users.c.banned_at).join(tg_links, tg_links.c.user_id == users.c.id)
                .where(tg_links.c.tg_user == tg_user)
            ).first()
            return row is not None and row[0] is not None

        banned: bool = await self._read(fn)
        return banned

    async def banned_list(self) -> tuple[list[User], list[tuple[int, str]]]:
        def fn(connection: Connection) -> tuple[list[User], list[tuple[int, str]]]:
            rows = connection.execute(select(users.c.id).where(users.c.banned_at.is_not(None))
                                      .order_by(users.c.id)).all()
            found = [_user(connection, users.c.id == r[0]) for r in rows]
            tg = connection.execute(select(tg_bans.c.tg_user, tg_bans.c.reason).order_by(tg_bans.c.tg_user)).all()
            return [u for u in found if u is not None], [(int(r[0]), str(r[1])) for r in tg]

        result: tuple[list[User], list[tuple[int, str]]] = await self._read(fn)
        return result


def _user(connection: Connection, where: Any) -> User | None:
    row = connection.execute(select(users).where(where)).mappings().first()
    if row is None:
        return None
    tg = connection.execute(select(tg_links.c.tg_user).where(tg_links.c.user_id == row["id"])).scalar()
    return User(int(row["id"]), str(row["name"]), float(row["created_at"]), row["banned_at"], row["ban_reason"],
                None if tg is None else int(tg))
