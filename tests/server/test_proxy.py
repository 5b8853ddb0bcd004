"""Two server processes on one PostgreSQL behind a real nginx (Debian's package), configured as
docs/web.md says: a live stream passes through unbuffered, whichever process takes the command; the
client's address comes from the proxy's X-Forwarded-For only when the request comes from the proxy.

nginx connects to the servers from 127.0.0.2 (`proxy_bind`), the one address they trust (`--proxy`); the
test's client connects from 127.0.0.5."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .helpers import Server, free_port, started_game

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PROXY = "127.0.0.2"
CLIENT = "127.0.0.5"

CONFIG = """
worker_processes 1;
daemon off;
{user}
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    upstream rankedmafia {{
        server 127.0.0.1:{a};
        server 127.0.0.1:{b};
        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{port};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_bind {proxy};
        location / {{
            proxy_pass http://rankedmafia;
        }}
        location ~ /events$ {{
            proxy_pass http://rankedmafia;
            proxy_buffering off;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


class Nginx:
    def __init__(self, prefix: Path, a: int, b: int) -> None:
        self.prefix = prefix
        self.port = free_port()
        prefix.mkdir(parents=True, exist_ok=True)
        user = "user root;" if os.geteuid() == 0 else ""  # the workers write to the test's own folder
        (prefix / "nginx.conf").write_text(CONFIG.format(user=user, prefix=prefix, a=a, b=b, port=self.port,
                                                         proxy=PROXY))
        self.process = subprocess.Popen([NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/api/ping", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError((prefix / "error.log").read_text())

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def site(tmp_path: Path, pg_url: str) -> Iterator[tuple[Nginx, Server, Server]]:
    extra = ("--proxy", PROXY)
    a = Server(tmp_path / "a", pg_url, extra=extra).start()
    b = Server(tmp_path / "b", pg_url, extra=extra).start()
    proxy = Nginx(tmp_path / "nginx", a.port, b.port)
    try:
        yield proxy, a, b
    finally:
        proxy.stop()
        a.stop()
        b.stop()


def _client(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=10, transport=httpx.HTTPTransport(local_address=CLIENT))


def _seen_address(servers: tuple[Server, ...], probe: str) -> str:
    """The client address a server logged for the request that carried `probe` (uvicorn's access log)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        for server in servers:
            for line in (server.data.parent / f"server-{server.port}.log").read_text(errors="replace").splitlines():
                if probe in line:
                    return line.split(" - ", 1)[0].split()[-1].rsplit(":", 1)[0]
        time.sleep(0.05)
    raise AssertionError(f"{probe} not logged")


def test_through_nginx_streams_flow_and_addresses_come_from_the_proxy_only(
        site: tuple[Nginx, Server, Server]) -> None:
    proxy, a, b = site
    forged = {"X-Forwarded-For": "198.51.100.9"}
    through = _client(proxy.url)
    probe = uuid.uuid4().hex
    assert through.get("/api/ping", params={"probe": probe}, headers=forged).status_code == 200
    assert _seen_address((a, b), probe) == CLIENT  # nginx's own header, the forged one overwritten
    probe = uuid.uuid4().hex
    assert _client(a.url).get("/api/ping", params={"probe": probe}, headers=forged).status_code == 200
    assert _seen_address((a, b), probe) == CLIENT  # straight to a server: the header is not believed

    game, _tokens = started_game(through)
    # two pages behind nginx (its round robin puts one on each process); a command on process A reaches both
    received: list[list[tuple[float, dict[str, object]]]] = [[], []]
    ready = [threading.Event(), threading.Event()]

    def watch(index: int) -> None:
        with httpx.stream("GET", f"{proxy.url}/api/games/{game['id']}/events", timeout=20) as response:
            assert response.headers["content-type"].startswith("text/event-stream")
            for line in response.iter_lines():
                if line.startswith("data:"):
                    received[index].append((time.monotonic(), json.loads(line[5:])))
                    ready[index].set()
                    if len(received[index]) == 2:
                        return

    watchers = [threading.Thread(target=watch, args=(i,)) for i in range(2)]
    for watcher in watchers:
        watcher.start()
    assert all(event.wait(10) for event in ready)  # the first events came through at once: no buffer held them
    sent = time.monotonic()
    assert httpx.post(f"{a.url}/api/host/{game['admin_token']}/resolve", timeout=10).json()["phase"] == "day"
    for watcher in watchers:
        watcher.join(10)
    for events in received:
        assert len(events) == 2 and events[1][1]["phase"] == "day"
        assert events[1][0] - sent < 2.0  # tens of milliseconds on a quiet machine
