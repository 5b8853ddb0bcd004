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
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 100_000:
                self._buckets.clear()
            bucket = self._buckets[key] = _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True
