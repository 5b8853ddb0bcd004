"""Real server processes: a SIGKILL in the middle of a night loses no acknowledged command; two processes
on one PostgreSQL stay consistent and push live updates whichever of them took the command."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .helpers import Server, started_game


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data").start()
    yield running
    running.stop()


def test_sigkill_mid_night_loses_no_acknowledged_action(server: Server) -> None:
    client = httpx.Client(base_url=server.url, timeout=10)
    game, tokens = started_game(
        client,
        players=12,
        setup_yaml="name: big\nplayers: 12\nroles: {mafia1: 1, "
        "mafia2: 1, commissar: 1, doctor: 1, girl: 1, maniac: 1}\n",
    )
    admin = game["admin_token"]
    deadline = client.get(f"/api/host/{admin}").json()["game"]["deadline"]
    acknowledged = {}
    for name, token in tokens.items():
        me = client.get(f"/api/player/{token}").json()["me"]
        if not me["actions"] or me["role"] == "mafia2":
            continue
        action = next(a for a in me["actions"] if a["least"] == 1 and not a["option"])
        body = {"action": action["id"], "targets": [action["targets"][0]]}
        r = client.post(f"/api/player/{token}/act", json=body)
        if r.status_code == 200:
            acknowledged[name] = body
        if len(acknowledged) == 3:
            break
    assert len(acknowledged) == 3
    server.kill()
    server.start()
    host = client.get(f"/api/host/{admin}", params={"everything": True}).json()
    assert host["game"]["phase"] == "night" and host["game"]["deadline"] == deadline
    got = {a["actor"]: {"action": a["action"], "targets": a["targets"]} for a in host["acts"]}
    assert got == acknowledged
    for name, body in acknowledged.items():
        assert client.get(f"/api/player/{tokens[name]}").json()["me"]["sent"]["action"] == body["action"]


def _first_event(url: str, found: list[dict[str, object]], ready: threading.Event) -> None:
    with httpx.stream("GET", url, timeout=20) as response:
        events = 0
        for line in response.iter_lines():
            if line.startswith("data:"):
                events += 1
                if events == 1:
                    ready.set()
                else:
                    found.append(json.loads(line[5:]))
                    return


def test_two_processes_on_postgresql(tmp_path: Path, pg_url: str) -> None:
    a = Server(tmp_path / "a", pg_url).start()
    b = Server(tmp_path / "b", pg_url).start()
    try:
        ca = httpx.Client(base_url=a.url, timeout=10)
        cb = httpx.Client(base_url=b.url, timeout=10)
        game, tokens = started_game(ca)
        names = list(tokens)
        cb.get(f"/api/games/{game['id']}")  # process B caches the game
        found: list[dict[str, object]] = []
        ready = threading.Event()
        watcher = threading.Thread(target=_first_event, args=(f"{b.url}/api/games/{game['id']}/events", found, ready))
        watcher.start()
        assert ready.wait(10)
        assert ca.post(f"/api/host/{game['admin_token']}/resolve").json()["phase"] == "day"
        watcher.join(10)
        assert found and found[0]["phase"] == "day"  # B's page heard of A's command
        # Alternate processes: each builds on the other's commands (optimistic appends, LISTEN/NOTIFY).
        for i, name in enumerate(names[:2]):
            client = ca if i % 2 else cb
            assert client.post(f"/api/player/{tokens[name]}/vote", json={"choice": names[4]}).status_code == 200
        time.sleep(0.3)
        for client in (ca, cb):
            assert client.get(f"/api/games/{game['id']}").json()["counts"] == {names[4]: 2}
        # Both processes take a vote for the same game at once: neither is lost.
        barrier = threading.Barrier(2)
        codes: list[int] = []

        def vote(client: httpx.Client, voter: str) -> None:
            barrier.wait()
            codes.append(client.post(f"/api/player/{tokens[voter]}/vote", json={"choice": "blue"}).status_code)

        threads = [threading.Thread(target=vote, args=(c, v)) for c, v in ((ca, names[2]), (cb, names[3]))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert codes == [200, 200]
        time.sleep(0.3)
        for client in (ca, cb):
            assert client.get(f"/api/games/{game['id']}").json()["counts"] == {names[4]: 2, "blue": 2}
    finally:
        a.stop()
        b.stop()
