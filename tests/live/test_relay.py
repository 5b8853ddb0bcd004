"""The LISTEN relay: a game's notices are caught up one at a time and folded into the newest head; other
games do not wait behind a slow one."""

from __future__ import annotations

import asyncio

from rankedmafia.live.listener import SEATS, Relay


def test_notices_coalesce_per_game_and_run_across_games_at_once() -> None:
    async def run() -> tuple[list[tuple[str, int]], float]:
        calls: list[tuple[str, int]] = []
        slow = asyncio.Event()

        async def on_change(game_id: str, head: int) -> None:
            calls.append((game_id, head))
            if game_id == "slow":
                await slow.wait()

        relay = Relay(on_change)
        relay.notice("slow", 1)
        await asyncio.sleep(0)
        for head in range(2, 50):  # the slow game's later notices, while its first catch-up runs
            relay.notice("slow", head)
        relay.notice("slow", SEATS)
        started = asyncio.get_running_loop().time()
        relay.notice("fast", 7)
        while ("fast", 7) not in calls:
            await asyncio.sleep(0.001)
        waited = asyncio.get_running_loop().time() - started
        slow.set()
        while len(calls) < 4:
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.01)
        await relay.close()
        return calls, waited

    calls, waited = asyncio.run(run())
    assert waited < 0.1
    assert [c for c in calls if c[0] == "slow"] == [("slow", 1), ("slow", SEATS), ("slow", 49)]
