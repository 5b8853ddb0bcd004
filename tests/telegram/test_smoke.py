from __future__ import annotations

from .fakeapi import FakeTelegram
from .harness import BotProcess, Table


def test_classic_game(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12)
    table.sign_up("classic-12")
    table.play()
