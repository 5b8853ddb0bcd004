"""Which games have push subscribers is known without a query per change of a game."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rankedmafia.live.hub import Hub
from rankedmafia.live.service import GameService
from rankedmafia.setup import preset
from rankedmafia.store import Store, connect
from rankedmafia.store.push import PushStore


def test_a_game_without_subscribers_costs_no_query_per_change(tmp_path: Path) -> None:
    store = Store(connect(tmp_path / "data"))
    pushes = PushStore(store)
    reads = 0
    read = store.read

    async def counted(fn):  # type: ignore[no-untyped-def]
        nonlocal reads
        reads += 1
        return await read(fn)

    store.read = counted  # type: ignore[method-assign]

    async def run() -> tuple[list[bool], list[bool]]:
        one, _ = await GameService(store, Hub()).create("one", preset("classic-12"), 60, 60)
        before = [await pushes.may_have(one) for _ in range(50)]
        await pushes.subscribe(one, "A", "https://push.example/1", "k", "a", "ru", "", 0.0)
        after = [await pushes.may_have(one), await pushes.may_have("another")]
        return before, after

    try:
        before, after = asyncio.run(run())
    finally:
        store.close()
    assert before == [False] * 50
    assert after == [True, False]  # this process's own subscription is known at once
    assert reads == 1  # fifty changes, one reading of the games with subscribers
