"""The web's secrets and limits: CSRF tokens and a rate limiter (the tokens themselves: live/tokens.py)."""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass, field


def csrf_token(key: str, session: str) -> str:
    """A form's CSRF token: bound to the browser's session cookie by the server's key."""
    return hmac.new(key.encode(), session.encode(), hashlib.sha256).hexdigest()[:32]


def csrf_valid(key: str, session: str | None, given: str | None) -> bool:
    if not session or not given:
        return False
    return hmac.compare_digest(csrf_token(key, session), given)


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


@dataclass(slots=True)
class RateLimiter:
    """A token bucket per key (a seat, a host, a client address): `rate` a second, bursts of `burst`."""

    rate: float = 5.0
    burst: float = 20.0
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    def allow(self, key: str, now: float | None = None) -> bool:
        """Takes a token if there is one."""
        if not self.has(key, now):
            return False
        self.take(key, now)
        return True

    def has(self, key: str, now: float | None = None) -> bool:
        """Whether a token is left, taking none (a sign-in is charged only when it fails)."""
        return self._bucket(key, now).tokens >= 1

    def take(self, key: str, now: float | None = None) -> None:
        bucket = self._bucket(key, now)
        bucket.tokens = max(0.0, bucket.tokens - 1)

    def _bucket(self, key: str, now: float | None) -> _Bucket:
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 100_000:
                self._buckets.clear()
            bucket = self._buckets[key] = _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        return bucket


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
        return ((self.pair, f"{account}\0{address}"), (self.account, account), (self.address, address))

    def allowed(self, name: str, address: str) -> bool:
        return all(limiter.has(key) for limiter, key in self.keys(name, address))

    def failed(self, name: str, address: str) -> None:
        for limiter, key in self.keys(name, address):
            limiter.take(key)
