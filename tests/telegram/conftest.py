"""Fixtures: the fake Bot API server (a thread on loopback) and the bot in a subprocess pointed at it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .fakeapi import FakeTelegram
from .harness import BotProcess


@pytest.fixture
def fake() -> Iterator[FakeTelegram]:
    server = FakeTelegram().start()
    yield server
    server.stop()


@pytest.fixture
def bot(fake: FakeTelegram, tmp_path: Path) -> Iterator[BotProcess]:
    process = BotProcess(fake, tmp_path / "data").start()
    yield process
    process.stop()
