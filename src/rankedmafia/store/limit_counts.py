"""Rate-limit counters in the database: a storage backend of the `limits` library (which has none for
SQL), so that every server process on one PostgreSQL counts against the same limits.

Each counter is a row `rm_limits(key, count, expires_at)`, bumped by one atomic upsert (INSERT ... ON
CONFLICT DO UPDATE ... RETURNING, on PostgreSQL and SQLite alike): two processes bumping one key at once
are serialised by the row's lock and each sees its own new count. The sliding window counter keeps two
counters per key (the current window's and the previous one's), as the library's memory storage does.

The moving window (exact: `limit` hits in any `expiry` seconds, the strategy the site uses) keeps a row
per hit in `rm_limit_hits`, found by its key through an index and expiring with the hit; the key's own
counter row is the lock that serialises two processes taking a place under one key (the upsert locks it
until the transaction ends).

On PostgreSQL a hit is one call of the function `rm_take_hit` (migration 0010: the same three
statements, one round trip), and a counter's transaction does not wait for its commit to reach the disk
(`synchronous_commit` off for it alone): a crash may forget the last few hits, which only lets a few
requests more through, while every command no longer pays a second flush of the log.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from math import floor

from limits.aio.storage import MovingWindowSupport, SlidingWindowCounterSupport, Storage
from limits.storage.base import TimestampedSlidingWindow
from sqlalchemy import Connection, Engine, text

SWEEP_EVERY = 1000  # bumps between two deletions of expired counters

_BUMP = text(
    "INSERT INTO rm_limits (key, count, expires_at) VALUES (:key, :amount, :now + :expiry) "
    "ON CONFLICT (key) DO UPDATE SET "
    "count = CASE WHEN rm_limits.expires_at <= :now THEN :amount ELSE rm_limits.count + :amount END, "
    "expires_at = CASE WHEN rm_limits.expires_at <= :now THEN :now + :expiry ELSE rm_limits.expires_at END "
    "RETURNING count"
)
_GET = text("SELECT key, count, expires_at FROM rm_limits WHERE key IN (:a, :b) AND expires_at > :now")
_LOWER = text("UPDATE rm_limits SET count = count - :amount WHERE key = :key")
_DELETE = text("DELETE FROM rm_limits WHERE key = :key")
_SWEEP = text("DELETE FROM rm_limits WHERE expires_at <= :now")
_SWEEP_HITS = text("DELETE FROM rm_limit_hits WHERE expires_at <= :now")
_LOCK = text(
    "INSERT INTO rm_limits (key, count, expires_at) VALUES (:key, 0, :until) "
    "ON CONFLICT (key) DO UPDATE SET count = rm_limits.count, expires_at = :until"
)
_HITS = text("SELECT count(*), min(expires_at) FROM rm_limit_hits WHERE key = :key AND expires_at > :now")
_HIT = text("INSERT INTO rm_limit_hits (key, expires_at) VALUES (:key, :until)")
_CLEAR_ALL = (text("DELETE FROM rm_limits"), text("DELETE FROM rm_limit_hits"))
_CLEAR_HITS = text("DELETE FROM rm_limit_hits WHERE key = :key")
_NO_FLUSH = text("SET LOCAL synchronous_commit TO OFF")
_TAKE_HIT = text("SELECT rm_take_hit(:key, :most, :expiry, :amount, :now)")


class SqlLimitStorage(Storage, MovingWindowSupport, SlidingWindowCounterSupport, TimestampedSlidingWindow):
    """Counters for `limits`' fixed window, moving window and sliding window counter strategies, on an
    SQLAlchemy engine (blocking calls run in a worker thread)."""

    STORAGE_SCHEME = ["rankedmafia+sql"]  # noqa: RUF012 - the library's own declaration

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self._bumps = 0
        self._one_call = engine.dialect.name == "postgresql"

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        from sqlalchemy.exc import SQLAlchemyError

        return SQLAlchemyError

    @contextmanager
    def _counting(self) -> Iterator[Connection]:
        """A counter's transaction (see the module's note on `synchronous_commit`)."""
        with self.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(_NO_FLUSH)
            yield connection

    def _swept(self, connection: Connection, now: float) -> None:
        """Every so many bumps, the expired counters and hits go."""
        self._bumps += 1
        if self._bumps % SWEEP_EVERY == 0:
            connection.execute(_SWEEP, {"now": now})
            connection.execute(_SWEEP_HITS, {"now": now})

    def _bump(self, key: str, expiry: float, amount: int) -> int:
        now = time.time()
        with self._counting() as connection:
            count = int(connection.execute(_BUMP, {"key": key, "amount": amount, "now": now,
                                                   "expiry": expiry}).scalar_one())
            self._swept(connection, now)
        return count

    def _counts(self, *keys: str) -> dict[str, tuple[int, float]]:
        a, b = (*keys, keys[0])[:2]
        with self.engine.connect() as connection:
            rows = connection.execute(_GET, {"a": a, "b": b, "now": time.time()}).all()
        return {str(k): (int(c), float(e)) for k, c, e in rows}

    def _run(self, *statements: object, **values: object) -> None:
        with self._counting() as connection:
            for statement in statements:
                connection.execute(statement, values)  # type: ignore[call-overload]

    async def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        return await asyncio.to_thread(self._bump, key, expiry, amount)

    async def get(self, key: str) -> int:
        found = await asyncio.to_thread(self._counts, key)
        return found[key][0] if key in found else 0

    async def get_expiry(self, key: str) -> float:
        found = await asyncio.to_thread(self._counts, key)
        return found[key][1] if key in found else time.time()

    async def check(self) -> bool:
        try:
            await asyncio.to_thread(self._counts, "")
        except Exception:
            return False
        return True

    async def reset(self) -> int | None:
        await asyncio.to_thread(self._run, *_CLEAR_ALL)
        return None

    async def clear(self, key: str) -> None:
        await asyncio.to_thread(self._run, _DELETE, _CLEAR_HITS, key=key)

    async def acquire_sliding_window_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        return await asyncio.to_thread(self._acquire, key, limit, expiry, amount)

    def _acquire(self, key: str, limit: int, expiry: int, amount: int) -> bool:
        """One worker-thread hop and one transaction: read both windows, bump the current one, then check
        again; a hit that another process's made too many is taken back (as the library's own storages
        do), so two processes never both take the last place."""
        now = time.time()
        previous_key, current_key = self.sliding_window_keys(key, expiry, now)
        previous, previous_ttl, current, _ = self._window(previous_key, current_key, expiry, now)
        weight = previous * previous_ttl / expiry
        if floor(weight + current) + amount > limit:
            return False
        current = self._bump(current_key, 2 * expiry, amount)
        if floor(weight + current) > limit:
            self._run(_LOWER, key=current_key, amount=amount)
            return False
        return True

    async def get_sliding_window(self, key: str, expiry: int) -> tuple[int, float, int, float]:
        now = time.time()
        previous_key, current_key = self.sliding_window_keys(key, expiry, now)
        return await asyncio.to_thread(self._window, previous_key, current_key, expiry, now)

    async def clear_sliding_window(self, key: str, expiry: int) -> None:
        for window_key in self.sliding_window_keys(key, expiry, time.time()):
            await self.clear(window_key)

    def _window(self, previous_key: str, current_key: str, expiry: int, now: float) -> tuple[int, float, int, float]:
        found = self._counts(previous_key, current_key)
        previous = found.get(previous_key, (0, 0.0))[0]
        current = found.get(current_key, (0, 0.0))[0]
        previous_ttl = 0.0 if previous == 0 else (1 - (((now - expiry) / expiry) % 1)) * expiry
        current_ttl = (1 - ((now / expiry) % 1)) * expiry + expiry
        return previous, previous_ttl, current, current_ttl

    # --- the moving window: a row per hit ----------------------------------------------------------------
    async def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        return await asyncio.to_thread(self._take, key, limit, expiry, amount)

    def _take(self, key: str, limit: int, expiry: int, amount: int) -> bool:
        now = time.time()
        if self._one_call:  # one statement, its own transaction: one round trip
            with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
                took = bool(connection.execute(_TAKE_HIT, {"key": key, "most": limit, "expiry": expiry,
                                                           "amount": amount, "now": now}).scalar_one())
                self._swept(connection, now)
            return took
        with self._counting() as connection:
            connection.execute(_LOCK, {"key": key, "until": now + expiry})  # held until the commit
            taken = int(connection.execute(_HITS, {"key": key, "now": now}).one()[0])
            if taken + amount > limit:
                return False
            connection.execute(_HIT, [{"key": key, "until": now + expiry}] * amount)
            self._swept(connection, now)
        return True

    async def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        return await asyncio.to_thread(self._moving_window, key, expiry)

    def _moving_window(self, key: str, expiry: int) -> tuple[float, int]:
        now = time.time()
        with self.engine.connect() as connection:
            count, first = connection.execute(_HITS, {"key": key, "now": now}).one()
        # the window starts at its oldest hit still counted (each hit expires `expiry` after it was taken)
        return (float(first) - expiry if first is not None else now), int(count)
