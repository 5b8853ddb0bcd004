"""The web's secrets and limits: CSRF tokens and a rate limiter (the tokens themselves: live/tokens.py)."""

from __future__ import annotations

import hashlib
import hmac
import logging
from dataclasses import dataclass

from limits import RateLimitItemPerSecond
from limits.aio.storage import Storage
from limits.aio.strategies import MovingWindowRateLimiter

from rankedmafia.server.memory_limits import SweptMemoryStorage

log = logging.getLogger("rankedmafia.server")


def csrf_token(key: str, session: str) -> str:
    """A form's CSRF token: bound to the browser's session cookie by the server's key."""
    return hmac.new(key.encode(), session.encode(), hashlib.sha256).hexdigest()[:32]


def csrf_valid(key: str, session: str | None, given: str | None) -> bool:
    if not session or not given:
        return False
    return hmac.compare_digest(csrf_token(key, session), given)


class Limits:
    """The rate limits' shared storage, through the `limits` library: the process's memory until the
    platform starts, then Redis when configured, else the database on PostgreSQL (every process counts
    against the same limits, store/limit_counts.py), else memory (the single-process SQLite default)."""

    def __init__(self) -> None:
        self.use(SweptMemoryStorage())

    def use(self, storage: Storage) -> None:
        self.storage = storage
        self.strategy = MovingWindowRateLimiter(storage)  # exact: memory, Redis and the database support it

    def limit(self, name: str, rate: float, burst: float) -> RateLimiter:
        return RateLimiter(self, name, rate, burst)


class RateLimiter:
    """`burst` hits per key (a seat, a host, a client address) in any window of `burst / rate` seconds
    (a moving window, exact): `rate` a second in the long run, bursts of `burst`."""

    def __init__(self, limits: Limits, name: str, rate: float, burst: float) -> None:
        self.limits = limits
        self.item = RateLimitItemPerSecond(max(1, int(burst)), max(1, round(burst / rate)), namespace=name)

    async def allow(self, key: str) -> bool:
        """Takes a place if there is one."""
        try:
            return await self.limits.strategy.hit(self.item, _storable(key))
        except Exception:  # the counters' storage is down: the site stays up, unlimited meanwhile
            log.exception("rate limit storage failed")
            return True

    async def has(self, key: str) -> bool:
        """Whether a place is left, taking none (a sign-in is charged only when it fails)."""
        try:
            return await self.limits.strategy.test(self.item, _storable(key))
        except Exception:
            log.exception("rate limit storage failed")
            return True

    async def take(self, key: str) -> None:
        await self.allow(key)


def _storable(key: str) -> str:
    """A key any storage keeps: no NUL (a typed name may hold one; PostgreSQL's text cannot), and no longer
    than the counters' column allows (a long key is kept by its digest)."""
    key = key.replace("\0", "\x1f")
    return key if len(key) <= 200 else hashlib.sha256(key.encode()).hexdigest()


@dataclass(slots=True)
class SignInLimits:
    """Failed sign-ins, limited three ways: per account from one address (a mistyping owner, or a guesser
    at one account), per account from every address together (a guesser spread over many addresses), and
    per address over every account (one address trying many accounts; generous, since many honest players
    may share an address). Only failures are charged, so players behind one address do not lock each other
    out by signing in; a sign-in is refused while any of its three budgets is spent, the right password too
    (or a guesser would learn it by the answer)."""

    pair: RateLimiter
    account: RateLimiter
    address: RateLimiter

    def keys(self, name: str, address: str) -> tuple[tuple[RateLimiter, str], ...]:
        account = " ".join(name.split()).casefold()
        # a separator no name holds (and no NUL: PostgreSQL's text, where the limits may be kept, holds none)
        return ((self.pair, f"{account}\x1f{address}"), (self.account, account), (self.address, address))

    async def allowed(self, name: str, address: str) -> bool:
        return all([await limiter.has(key) for limiter, key in self.keys(name, address)])

    async def failed(self, name: str, address: str) -> None:
        for limiter, key in self.keys(name, address):
            await limiter.take(key)
