"""`rankedmafia serve` as a host starts it: it says where the site is once it listens, then logs a line for
each request; `make serve` passes PORT and HOST on."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

import httpx

ROOT = Path(__file__).parents[2]


def _lines(stream: IO[str], out: queue.Queue[str]) -> None:
    for line in iter(stream.readline, ""):
        out.put(line.rstrip("\n"))


def _wait_for(lines: queue.Queue[str], pattern: str, seen: list[str], seconds: float = 60) -> re.Match[str]:
    """The first printed line matching `pattern`, waiting for each line as it comes (never a fixed sleep)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        seen.append(line)
        found = re.search(pattern, line)
        if found is not None:
            return found
    raise AssertionError(f"no line matching {pattern!r} in {seen!r}")


def test_serve_says_where_it_is_and_logs_each_request(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "rankedmafia", "serve", "--port", "0", "--data", str(tmp_path / "data")]
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8")
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_lines, args=(process.stdout, lines), daemon=True).start()
    seen: list[str] = []
    try:
        ready = _wait_for(lines, r"^Сайт работает: (http://127\.0\.0\.1:(\d+))$", seen)
        url = ready.group(1)
        assert int(ready.group(2)) > 0  # the port it really got for --port 0
        assert httpx.get(url + "/api/ping", timeout=10).status_code == 200
        _wait_for(lines, r'"GET /api/ping HTTP/1\.1" 200', seen)
        assert httpx.get(url + "/no-such-page", timeout=10).status_code == 404
        _wait_for(lines, r'"GET /no-such-page HTTP/1\.1" 404', seen)
        assert not any("Uvicorn running" in line for line in seen)  # one line says where, in words
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def test_make_serve_passes_the_port_and_the_host() -> None:
    result = subprocess.run(["make", "-n", "-o", ".venv/.installed", "serve", "PORT=8080", "HOST=0.0.0.0"],
                            cwd=ROOT, capture_output=True, text=True, check=True)
    assert "rankedmafia serve --host 0.0.0.0 --port 8080" in result.stdout
    default = subprocess.run(["make", "-n", "-o", ".venv/.installed", "serve"], cwd=ROOT, capture_output=True,
                             text=True, check=True)
    assert "rankedmafia serve --host 127.0.0.1 --port 8000" in default.stdout
    environment = subprocess.run(["make", "-n", "-o", ".venv/.installed", "serve"], cwd=ROOT, capture_output=True,
                                 text=True, check=True, env={**os.environ, "HOST": "some-machine"})
    assert "--host 127.0.0.1" in environment.stdout  # a shell's HOST (the machine's name) is not an address
