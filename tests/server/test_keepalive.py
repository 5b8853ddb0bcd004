"""Live streams never go quiet: a keep-alive goes out on its own clock, even while the stream is nudged
all the time by changes that show its viewer nothing new (the clan's night chat, seen from the public
page)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import httpx
import pytest

from rankedmafia.server.settings import Settings

from .helpers import InProcessServer, started_game


@pytest.fixture
def site(tmp_path: Path) -> Iterator[InProcessServer]:
    running = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.1, submit_burst=10_000,
                                       submit_rate=10_000, keepalive_seconds=0.5)).start()
    yield running
    running.stop()


def test_a_nudged_stream_still_sends_its_keep_alive(site: InProcessServer) -> None:
    client = httpx.Client(base_url=site.url, timeout=10)
    game, tokens = started_game(client)
    seats = client.get(f"/api/host/{game['admin_token']}", params={"everything": True}).json()["seats"]
    mafia = next(s["name"] for s in seats if s["role"] == "mafia1")
    lines: list[tuple[float, str]] = []
    opened = threading.Event()

    def read() -> None:
        with httpx.stream("GET", f"{site.url}/api/games/{game['id']}/events", timeout=10) as response:
            assert response.headers["x-accel-buffering"] == "no"
            opened.set()
            started = time.monotonic()
            for line in response.iter_lines():
                lines.append((time.monotonic(), line))
                if time.monotonic() - started > 2.2:
                    return

    reader = threading.Thread(target=read)
    reader.start()
    assert opened.wait(10)
    begun = time.monotonic()
    while time.monotonic() - begun < 2.0:  # a clan post every 0.1 s: the public page changes not
        assert client.post(f"/api/player/{tokens[mafia]}/post",
                           json={"text": "тихо", "channel": "clan"}).status_code == 201
        time.sleep(0.1)
    reader.join(10)
    pings = [at for at, line in lines if line.startswith(": ping")]
    assert sum(line.startswith("event: state") for _, line in lines) == 1  # the first state only
    assert len(pings) >= 3
    assert max(b - a for a, b in pairwise(pings)) < 0.9
