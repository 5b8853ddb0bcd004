"""The lobby costs nothing per viewer: one query per change of a game in the lobby, shared by every home
page; a running game's moves cost it nothing; the home pages are nudged at most once a second."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from rankedmafia.live.hub import Hub
from rankedmafia.server.lobby import LOBBY_KEY, LobbyBoard
from rankedmafia.store import GameRow

from .helpers import join_all, started_game


class CountingStore:
    def __init__(self) -> None:
        self.rows: list[tuple[GameRow, int]] = []
        self.queries = 0

    async def open_games(self, most: int = 100) -> list[tuple[GameRow, int]]:
        self.queries += 1
        await asyncio.sleep(0.01)  # a query takes a while: pages asking meanwhile must share it
        return list(self.rows)


def _row(game_id: str) -> GameRow:
    return GameRow(game_id, "h", "t", {"name": "x", "players": 5}, {"listed": True, "night_seconds": 60,
                                                                      "day_seconds": 60}, "s", "c", 0.0)


def test_one_query_per_change_shared_by_every_page() -> None:
    async def run() -> dict[str, Any]:
        store, hub = CountingStore(), Hub()
        statuses = {"lobby1": "lobby", "running1": "running"}
        board = LobbyBoard(lambda: store, hub, statuses.get, every=0.2)  # type: ignore[arg-type,return-value]
        hub.listen(board.changed)
        store.rows = [(_row("lobby1"), 1)]
        pages = await asyncio.gather(*(board.games("ru") for _ in range(200)))
        first = store.queries
        for _ in range(500):
            hub.publish("running1")  # moves of a running game
        await asyncio.gather(*(board.games("en") for _ in range(200)))
        after_moves = store.queries
        store.rows = [(_row("lobby1"), 2)]
        hub.publish("lobby1")  # a seat taken
        taken = [g["taken"] for g in await board.games("ru")]
        return {"first": first, "after_moves": after_moves, "pages": pages, "taken": taken,
                "total": store.queries}

    found = asyncio.run(run())
    assert found["first"] == 1 and found["after_moves"] == 1
    assert all(p == found["pages"][0] for p in found["pages"]) and found["pages"][0][0]["taken"] == 1
    assert found["taken"] == [2] and found["total"] == 2


def test_home_pages_are_nudged_at_most_once_a_second() -> None:
    async def run() -> tuple[int, int]:
        store, hub = CountingStore(), Hub()
        board = LobbyBoard(lambda: store, hub, lambda _: "lobby", every=0.5)  # type: ignore[arg-type,return-value]
        hub.listen(board.changed)
        watcher = hub.subscribe(LOBBY_KEY)
        task = asyncio.create_task(board.run())
        nudges = 0
        for i in range(40):  # 40 seats taken in one second
            store.rows = [(_row("g"), i)]
            hub.publish("g")
            await asyncio.sleep(0.025)
            while not watcher.empty():
                watcher.get_nowait()
                nudges += 1
        await asyncio.sleep(0.6)
        while not watcher.empty():
            watcher.get_nowait()
            nudges += 1
        task.cancel()
        return nudges, store.queries

    nudges, queries = asyncio.run(run())
    assert nudges >= 1 and nudges <= 4 and queries <= 4  # nudged, and at most a few times a second


def test_moves_of_running_games_cost_the_lobby_no_query(sqlite_client: TestClient) -> None:
    game, tokens = started_game(sqlite_client)
    lobby = sqlite_client.app.state.platform.lobby  # type: ignore[attr-defined]
    listed = sqlite_client.post("/api/games", json={"setup_yaml": "name: x\nplayers: 5\nroles: {mafia1: 1}\n",
                                                   "night_seconds": 3600, "day_seconds": 3600, "title": "open",
                                                   "listed": True}).json()
    assert [g["id"] for g in sqlite_client.get("/api/lobby").json()] == [listed["id"]]
    before = lobby.queries
    for _ in range(5):
        sqlite_client.post(f"/api/host/{game['admin_token']}/resolve")
        assert sqlite_client.get("/").status_code == 200
        assert sqlite_client.get("/api/lobby").status_code == 200
    assert lobby.queries == before
    join_all(sqlite_client, listed["id"], 2)
    assert sqlite_client.get("/api/lobby").json()[0]["taken"] == 2
    assert lobby.queries > before
    assert tokens


class HeadsStore:
    def __init__(self) -> None:
        self.reads = 0
        self.heads = {"thread": 3, "clan:mafia": 5}

    async def post_heads(self, game_id: str) -> dict[str, int]:
        self.reads += 1
        await asyncio.sleep(0.01)
        return dict(self.heads)


def test_a_change_costs_one_post_query_for_every_open_page() -> None:
    from rankedmafia.live.post_heads import PostHeads

    async def run() -> tuple[list[int], list[int], int]:
        store, hub = HeadsStore(), Hub()
        heads = PostHeads(store)  # type: ignore[arg-type]
        hub.listen(heads.changed)
        first = await asyncio.gather(*(heads.newest("g", ["thread"] if i % 2 else ["thread", "clan:mafia"])
                                       for i in range(100)))
        store.heads["thread"] = 9
        hub.publish("g")
        second = await asyncio.gather(*(heads.newest("g", ["thread"]) for _ in range(100)))
        return first, second, store.reads

    first, second, reads = asyncio.run(run())
    assert sorted(set(first)) == [3, 5] and set(second) == {9} and reads == 2


def test_a_command_costs_the_open_pages_no_post_query_and_a_post_one(tmp_path: Path) -> None:
    """On the platform as it starts: the newest posts are read again after a post, not after a command
    (a command adds no post), and the read sees the post."""
    from rankedmafia.live.posts import add_post
    from rankedmafia.server.platform import Platform
    from rankedmafia.server.settings import Settings
    from rankedmafia.setup import preset

    async def run() -> tuple[list[int], int]:
        platform = Platform(Settings(data=tmp_path / "data"))
        await platform.start()
        try:
            service, heads = platform.service, platform.post_heads
            reads = 0
            read = service.store.post_heads

            async def counted(game_id: str) -> dict[str, int]:
                nonlocal reads
                reads += 1
                return await read(game_id)

            service.store.post_heads = counted  # type: ignore[method-assign]
            game_id, _ = await service.create("t", preset("classic-12"), 60, 60)
            seen = [await heads.newest(game_id, ["thread"])]
            for _ in range(5):
                platform.hub.publish(game_id)  # what every command does once committed
                seen.append(await heads.newest(game_id, ["thread"]))
            live, _ = await service.join(game_id, "Вася")
            await add_post(service, live, next(iter(live.seats)), "thread", "привет")
            seen.append(await heads.newest(game_id, ["thread"]))
            return seen, reads
        finally:
            await platform.stop()

    seen, reads = asyncio.run(run())
    assert seen[:6] == [0] * 6 and seen[6] > 0
    assert reads == 2
