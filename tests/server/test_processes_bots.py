"""A real server process with bots in a game, killed (SIGKILL) once some bots have voted and others have
not: the one started after it finds the pending votes in the log and makes each once, never again."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rankedmafia.store import Store, connect

from .helpers import Server

SETUP = "name: bots\nplayers: 6\nroles: {mafia1: 1, doctor: 1, civilian: 4}\n"
WAIT = 120.0  # the bots' pauses are 4 to 25 s a turn; a loaded machine may be slow


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data").start()
    yield running
    running.stop()


def wait_for(what: Callable[[], Any]) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = what()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("timed out")


def test_sigkill_between_bot_votes_doubles_none_and_loses_none(server: Server, tmp_path: Path) -> None:
    client = httpx.Client(base_url=server.url, timeout=10)
    r = client.post("/api/games", json={"setup_yaml": SETUP, "night_seconds": 3600, "day_seconds": 3600,
                                        "bots": "heuristic"})
    assert r.status_code == 201, r.text
    game = r.json()
    admin = game["admin_token"]
    token = client.post(f"/api/games/{game['id']}/join", json={"nickname": "Аня"}).json()["token"]
    assert client.post(f"/api/host/{admin}/start").status_code == 200

    def host() -> dict[str, Any]:
        data: dict[str, Any] = client.get(f"/api/host/{admin}").json()
        return data

    bots = [s["name"] for s in host()["seats"] if s["bot"]]
    assert len(bots) == 5
    me = client.get(f"/api/player/{token}").json()["me"]
    if me["actions"]:  # the person acts at once; the bots' night then ends once they have acted
        action = next(a for a in me["actions"] if not a["option"])
        client.post(f"/api/player/{token}/act", json={"action": action["id"], "targets": [action["targets"][0]]})
    wait_for(lambda: host()["game"]["phase"] == "day" or host()["game"]["status"] == "over")
    if host()["game"]["status"] == "over":
        pytest.fail("a game of one night cannot end here: the setup keeps the mafia and four others alive")
    voted = wait_for(lambda: [v for v in host()["votes"] if v in bots])
    server.kill()
    server.start()  # a new process: nothing but the log
    living = [s["name"] for s in host()["seats"] if s["bot"] and s["alive"]]
    assert set(voted) <= set(living)
    client.post(f"/api/player/{token}/vote", json={"choice": "blue"})
    wait_for(lambda: host()["game"]["phase"] != "day" or host()["game"]["status"] == "over")
    server.stop()

    async def read() -> list[Any]:
        store = Store(await asyncio.to_thread(connect, tmp_path / "data", None))
        try:
            return await store.log(game["id"])
        finally:
            await asyncio.to_thread(store.close)

    entries = asyncio.run(read())
    day_votes = [e for e in entries if e.type == "vote" and e.body["voter"] in bots]
    assert sorted(e.body["voter"] for e in day_votes) == sorted(living)  # each living bot voted once
    night_acts = [e.body["actor"] for e in entries if e.type == "act" and e.body["actor"] in bots]
    assert len(night_acts) == len(set(night_acts))
