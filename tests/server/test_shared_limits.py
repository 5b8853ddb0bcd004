"""Rate limits that hold as one across server processes: the `limits` library's moving window on
the database's counters (store/limit_counts.py) or on Redis, with the single-process memory default."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from pathlib import Path

import httpx
import pytest
from limits import RateLimitItemPerSecond
from limits.aio.strategies import MovingWindowRateLimiter

from rankedmafia.server.security import Limits
from rankedmafia.store import connect
from rankedmafia.store.limit_counts import SqlLimitStorage

from .helpers import Server, started_game


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    return request.getfixturevalue("pg_url") if request.param == "postgresql" else None


def test_two_storages_on_one_database_share_a_limit(tmp_path: Path, database: str | None) -> None:
    """Two processes' storages (two engines on one database) count against one limit, whichever takes a
    hit; another key is untouched; a test takes nothing."""
    a, b = connect(tmp_path / "data", database), connect(tmp_path / "data", database)
    item = RateLimitItemPerSecond(10, 60, namespace="t")
    key = uuid.uuid4().hex

    async def run() -> tuple[list[bool], bool, bool]:
        first, second = MovingWindowRateLimiter(SqlLimitStorage(a.engine)), \
            MovingWindowRateLimiter(SqlLimitStorage(b.engine))
        hits = [await (first if i % 2 else second).hit(item, key) for i in range(14)]
        return hits, await first.test(item, key), await second.hit(item, key + "-other")

    try:
        hits, left, other = asyncio.run(run())
    finally:
        a.engine.dispose()
        b.engine.dispose()
    assert hits == [True] * 10 + [False] * 4
    assert not left and other


def test_hits_at_once_never_pass_the_limit(pg_url: str, tmp_path: Path) -> None:
    """Forty hits at once from four engines (threads, as four processes would be): exactly the limit's
    twenty pass, never one more."""
    engines = [connect(tmp_path / "data", pg_url).engine for _ in range(4)]
    item = RateLimitItemPerSecond(20, 60, namespace="t")
    key = uuid.uuid4().hex
    barrier = threading.Barrier(4)
    passed: list[bool] = []

    def hammer(index: int) -> None:
        limiter = MovingWindowRateLimiter(SqlLimitStorage(engines[index]))

        async def run() -> list[bool]:
            return list(await asyncio.gather(*(limiter.hit(item, key) for _ in range(10))))

        barrier.wait()
        passed.extend(asyncio.run(run()))

    threads = [threading.Thread(target=hammer, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    for engine in engines:
        engine.dispose()
    assert len(passed) == 40 and passed.count(True) == 20


def test_the_default_is_the_processes_memory() -> None:
    limits = Limits()
    limit = limits.limit("t", rate=1.0, burst=3)

    async def run() -> list[bool]:
        return [await limit.allow("k") for _ in range(4)]

    assert asyncio.run(run()) == [True, True, True, False]


def _day_game(client: httpx.Client) -> tuple[str, str, list[str]]:
    game, tokens = started_game(client)
    assert client.post(f"/api/host/{game['admin_token']}/resolve").json()["phase"] == "day"
    names = list(tokens)
    return game["id"], tokens[names[0]], names


@pytest.mark.parametrize("shared", ["database", "redis"])
def test_two_processes_hold_one_limit(tmp_path: Path, pg_url: str, shared: str) -> None:
    """Forty quick votes by one player, alternating between two processes on one PostgreSQL: twenty pass
    (the limit's burst), as on one process, whether the counters are in the database or in Redis."""
    extra = ("--redis", "redis://127.0.0.1:6379/15") if shared == "redis" else ()
    a = Server(tmp_path / "a", pg_url, extra=extra).start()
    b = Server(tmp_path / "b", pg_url, extra=extra).start()
    try:
        ca, cb = httpx.Client(base_url=a.url, timeout=10), httpx.Client(base_url=b.url, timeout=10)
        _game, token, names = _day_game(ca)
        codes = [(ca if i % 2 else cb).post(f"/api/player/{token}/vote", json={"choice": names[1 + i % 3]})
                 .status_code for i in range(40)]
        assert codes[:20] == [200] * 20 and codes[20:] == [429] * 20, codes
        # the lobby board of one process hears of a listed game created on the other, and of its seats
        body = {"setup_yaml": "name: x\nplayers: 5\nroles: {mafia1: 1}\n", "title": "open", "listed": True}
        listed = ca.post("/api/games", json=body).json()["id"]
        ca.post(f"/api/games/{listed}/join", json={"nickname": "Первый"})
        deadline = time.monotonic() + 5
        def seen() -> list[int]:
            return [g["taken"] for g in cb.get("/api/lobby").json() if g["id"] == listed]

        while time.monotonic() < deadline and seen() != [1]:
            time.sleep(0.05)
        assert seen() == [1]
    finally:
        a.stop()
        b.stop()


def test_sign_in_limits_keep_any_name_in_the_database(tmp_path: Path, pg_url: str) -> None:
    """A sign-in's keys (a typed name with a NUL, a very long one) are kept by the database's counters."""
    from rankedmafia.server.security import SignInLimits

    db = connect(tmp_path / "data", pg_url)
    limits = Limits()
    limits.use(SqlLimitStorage(db.engine))
    signin = SignInLimits(limits.limit("p", 0.001, 2), limits.limit("a", 0.001, 5), limits.limit("x", 0.001, 30))
    name = "Вася\0" + "я" * 300 + uuid.uuid4().hex

    async def run() -> list[bool]:
        found = []
        for _ in range(3):
            found.append(await signin.allowed(name, "203.0.113.1"))
            await signin.failed(name, "203.0.113.1")
        return found

    try:
        assert asyncio.run(run()) == [True, True, False]
    finally:
        db.engine.dispose()


def test_a_storage_that_is_down_limits_nothing_and_breaks_nothing() -> None:
    """Redis unreachable: every hit is allowed (and logged), no request fails."""
    from limits.aio.storage import RedisStorage

    limits = Limits()
    limits.use(RedisStorage("async+redis://127.0.0.1:1/0", implementation="redispy", socket_connect_timeout=0.2))
    limit = limits.limit("t", rate=1.0, burst=1)

    async def run() -> list[bool]:
        return [await limit.allow("k"), await limit.allow("k"), await limit.has("k")]

    assert asyncio.run(run()) == [True, True, True]


def test_a_key_counts_its_own_hits_only(tmp_path: Path, database: str | None) -> None:
    """Keys that begin alike (a seat «a», a seat «ab») count apart: a hit is found by its whole key."""
    db = connect(tmp_path / "data", database)
    item = RateLimitItemPerSecond(3, 60, namespace="t")
    stem = uuid.uuid4().hex

    async def run() -> list[int]:
        limiter = MovingWindowRateLimiter(SqlLimitStorage(db.engine))
        return [sum([await limiter.hit(item, stem + suffix) for _ in range(5)]) for suffix in ("", "a", "ab", "b")]

    try:
        assert asyncio.run(run()) == [3, 3, 3, 3]
    finally:
        db.engine.dispose()
