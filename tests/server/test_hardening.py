"""Hardening: body limits, one {error, message} shape for every 4xx (and in the OpenAPI spec), the security
headers, setup limits, the seed kept until the end, live versions that never count secret commands, and a
repeated vote that adds nothing to the log."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from rankedmafia.server.settings import Settings

from .helpers import SMALL_SETUP, InProcessServer, started_game


def roles_of(client: Any, admin: str) -> dict[str, str]:
    info = client.get(f"/api/host/{admin}", params={"everything": True}).json()
    return {s["name"]: s["role"] for s in info["seats"]}


def log_length(client: TestClient, game_id: str) -> int:
    store = client.app.state.platform.service.store  # type: ignore[attr-defined]

    async def count() -> int:
        return len(await store.log(game_id, 0))

    return int(client.portal.call(count))  # type: ignore[union-attr]


def test_a_huge_body_is_refused_before_it_is_read(sqlite_client: TestClient) -> None:
    body = b'{"title": "' + b"x" * 2_000_000 + b'"}'
    r = sqlite_client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "too_large" and "байт" in r.json()["message"]

    def chunks() -> Any:
        yield b'{"title": "'
        for _ in range(40):
            yield b"y" * 10_000
        yield b'"}'

    r = sqlite_client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_every_4xx_has_one_shape(sqlite_client: TestClient) -> None:
    answers = [
        sqlite_client.get("/api/no/such/thing"),
        sqlite_client.delete("/api/games"),
        sqlite_client.get("/api/player/AAAAAAAAAAAAAAAA"),
        sqlite_client.post("/api/games", json={"night_seconds": "soon"}),
        sqlite_client.post("/api/games", json={"setup_yaml": "players: 10000\nroles: {mafia1: 1, civilian: 9999}"}),
        sqlite_client.get("/api/games/nosuchgame?lang=en"),
    ]
    assert [r.status_code for r in answers] == [404, 405, 404, 422, 422, 404]
    for r in answers:
        body = r.json()
        assert set(body) == {"error", "message"} and body["message"] and body["error"] not in body["message"]
    assert answers[4].json()["error"] == "too_many_players"
    assert answers[5].json()["message"].startswith("not found")
    spec = sqlite_client.get("/openapi.json").json()
    act = spec["paths"]["/api/player/{token}/act"]["post"]["responses"]
    for status in ("404", "409", "413", "422", "429"):
        assert act[status]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    assert set(spec["components"]["schemas"]["Error"]["properties"]) == {"error", "message"}


def test_security_headers(sqlite_client: TestClient) -> None:
    for path in ("/", "/api/presets"):
        headers = sqlite_client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "no-referrer"


def test_the_seed_stays_secret_until_the_end(sqlite_client: TestClient) -> None:
    game, _ = started_game(sqlite_client)
    admin = game["admin_token"]
    assert sqlite_client.get(f"/api/host/{admin}/record").json()["seed"] is None
    assert sqlite_client.post(f"/api/host/{admin}/end").status_code == 200
    seed = sqlite_client.get(f"/api/host/{admin}/record").json()["seed"]
    assert seed and seed == sqlite_client.get(f"/api/host/{admin}").json()["seed"]


def test_no_version_counts_the_nights_actions(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = started_game(client)
    roles = roles_of(client, game["admin_token"])
    mafia = next(n for n, r in roles.items() if r == "mafia1")
    victim = next(n for n, r in roles.items() if r == "civilian")
    civilian = [n for n, r in roles.items() if r == "civilian"][1]
    public = client.get(f"/api/games/{game['id']}").json()["game"]["version"]
    watcher = client.get(f"/api/player/{tokens[civilian]}").json()["game"]["version"]
    ack = client.post(f"/api/player/{tokens[mafia]}/act", json={"action": "kill", "targets": [victim]}).json()
    assert ack["version"] == public  # even the sender learns nothing of the others' commands
    assert client.get(f"/api/games/{game['id']}").json()["game"]["version"] == public
    assert client.get(f"/api/player/{tokens[civilian]}").json()["game"]["version"] == watcher


def test_an_identical_vote_adds_nothing(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = started_game(client, setup_yaml=SMALL_SETUP)
    client.post(f"/api/host/{game['admin_token']}/resolve")
    voter, candidate = list(tokens)[:2]
    assert client.post(f"/api/player/{tokens[voter]}/vote", json={"choice": candidate}).status_code == 200
    before = log_length(client, game["id"])
    for _ in range(3):
        assert client.post(f"/api/player/{tokens[voter]}/vote", json={"choice": candidate}).status_code == 200
    assert log_length(client, game["id"]) == before
    assert client.post(f"/api/player/{tokens[voter]}/vote", json={"choice": "blue"}).status_code == 200
    assert log_length(client, game["id"]) == before + 1


def test_the_public_stream_says_nothing_of_a_night_action(tmp_path: Path) -> None:
    """A watcher of the public stream gets no event for a secret command: its next event is the morning."""
    server = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.1)).start()
    try:
        api = httpx.Client(base_url=server.url, timeout=10)
        game, tokens = started_game(api)
        roles = roles_of(api, game["admin_token"])
        mafia = next(n for n, r in roles.items() if r == "mafia1")
        victim = next(n for n, r in roles.items() if r == "civilian")
        events: list[dict[str, Any]] = []
        ready = threading.Event()

        def watch() -> None:
            with httpx.stream("GET", f"{server.url}/api/games/{game['id']}/events", timeout=20) as response:
                for line in response.iter_lines():
                    if line.startswith("data:"):
                        events.append(json.loads(line[5:]))
                        ready.set()
                        if len(events) == 2:
                            return

        watcher = threading.Thread(target=watch)
        watcher.start()
        assert ready.wait(10)
        kill = {"action": "kill", "targets": [victim]}
        assert api.post(f"/api/player/{tokens[mafia]}/act", json=kill).status_code == 200
        assert api.post(f"/api/host/{game['admin_token']}/resolve").status_code == 200
        watcher.join(15)
        assert [e["phase"] for e in events] == ["night", "day"], [e["version"] for e in events]
    finally:
        server.stop()
