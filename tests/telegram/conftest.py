"""Fixtures: the fake Bot API server (a thread on loopback) and the bot in a subprocess pointed at it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .fakeapi import FakeTelegram
from .harness import BotProcess


@pytest.fixture(scope="session")
def fake() -> Iterator[FakeTelegram]:
    server = FakeTelegram().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def bot(fake: FakeTelegram, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotProcess]:
    """One bot for the tests that need no settings of their own (each plays in a group of its own): aiogram
    takes seconds to import, so the bot is started as few times as possible."""
    process = BotProcess(fake, tmp_path_factory.mktemp("bot") / "data").start()
    yield process
    process.stop()


@pytest.fixture
def solo_fake() -> Iterator[FakeTelegram]:
    """A fake server of its own, for a test that runs a bot of its own (two bots polling one server would
    take each other's updates)."""
    server = FakeTelegram().start()
    yield server
    server.stop()
