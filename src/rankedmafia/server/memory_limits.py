"""The rate limits' in-process storage (the single-process SQLite default): `limits`' own memory storage,
its expired entries swept at most once a second, in the event loop.

The library sweeps after any hit once its previous sweep is over, walks every key and hops to a worker
thread for each one: with thousands of players its sweep never stopped, and took about a tenth of the
server's time under load (docs/performance.md). A moving window's check reads only the newest entries of
its key, so the sweep is housekeeping (memory), and once a second is plenty.
"""

from __future__ import annotations

import bisect
import time

from limits.aio.storage import MemoryStorage

SWEEP_EVERY = 1.0  # seconds between two sweeps


class SweptMemoryStorage(MemoryStorage):
    _next_sweep = 0.0

    async def _MemoryStorage__schedule_expiry(self) -> None:  # the library's hook, called at every hit
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP_EVERY
            self.sweep(time.time())

    def sweep(self, now: float) -> None:
        """Drop what has expired by `now`. No await in here: no hit runs meanwhile, so no lock is held."""
        for key, events in list(self.events.items()):
            # newest first (the library prepends): the entries still counting come before the cutoff
            cutoff = bisect.bisect_left(events, -now, key=lambda event: -event.expiry)
            if cutoff:
                self.events[key] = events[:cutoff]
            else:
                self.events.pop(key, None)
                self.locks.pop(key, None)
        for key, at in list(self.expirations.items()):
            if at <= now:
                self.storage.pop(key, None)
                self.expirations.pop(key, None)
                self.locks.pop(key, None)
