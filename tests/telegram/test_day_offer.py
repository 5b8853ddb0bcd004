"""The day as the core offers it (RULINGS.md, "Live play"): a player whose silence was announced is offered
no vote, so the vote message counts only those offered one, and the day's reminder names only those the core
still awaits (`Game.voters`, `Game.awaiting`)."""

from __future__ import annotations

import asyncio
from typing import cast

from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.game import Game, Seat
from rankedmafia.rules.model import Act
from rankedmafia.store import GameRow
from rankedmafia.telegram.changes import Changes
from rankedmafia.telegram.common import Context
from rankedmafia.telegram.night import NightKeyboards
from rankedmafia.telegram.signup import SignUp
from rankedmafia.telegram.store import Batch, TgGame, TgSeat
from rankedmafia.telegram.vote import DayVote

TABLE = [("Вася", "mafia1"), ("Петя", "mafia2"), ("Маша", "commissar"), ("Коля", "civilian"),
         ("Оля", "civilian"), ("Дима", "civilian")]
NOW = 1000.0


def silenced_day() -> LiveGame:
    """Day 1, Коля intimidated by night: five of the six living are offered a vote."""
    game = Game([Seat(name, role) for name, role in TABLE], seed=7, chance="never", start="night")
    game.submit(Act("Вася", "intimidate", ("Коля",)))
    game.submit(Act("Маша", "check", ("Дима",)))
    assert game.resolve().silenced == ["Коля"]
    row = GameRow("g1", "", "Игра", {}, {"night_seconds": 120, "day_seconds": 300}, "", "", 0.0)
    return LiveGame(row, {}, game=game, status="running", deadline=NOW + 30)


class FakeContext:
    """The little of the conductor that a reminder uses; the batches it would commit are kept."""

    def __init__(self, live: LiveGame, game: TgGame) -> None:
        self.live, self.tg_game = live, game
        self.service, self.tg = self, self
        self.batches: list[Batch] = []

    async def get(self, game_id: str) -> LiveGame:
        return self.live

    async def lang(self, chat_id: int) -> str:
        return "ru"

    async def seats_of(self, game_id: str, fixed: bool) -> list[TgSeat]:
        return [TgSeat(game_id, name, i + 1, None) for i, (name, _role) in enumerate(TABLE)]

    async def game(self, game_id: str) -> TgGame:
        return self.tg_game

    def lock(self, game_id: str) -> asyncio.Lock:
        return asyncio.Lock()

    async def commit(self, batch: Batch) -> None:
        self.batches.append(batch)


def test_the_vote_counts_those_offered_a_vote() -> None:
    live = silenced_day()
    vote = DayVote(cast(Context, None))
    assert "Проголосовали 0 из 5" in vote.vote_text(live, "ru")
    assert live.game is not None
    live.game.vote("Маша", "Вася")
    assert "Проголосовали 1 из 5" in vote.vote_text(live, "ru")


def test_the_day_reminder_names_only_those_awaited() -> None:
    live = silenced_day()
    assert live.game is not None
    live.game.vote("Маша", "Вася")
    tg_game = TgGame("g1", -100, 1, "running", None, None, {"results": 1}, 0.0)
    context = FakeContext(live, tg_game)
    changes = Changes(cast(Context, context), cast(SignUp, None), cast(NightKeyboards, None), cast(DayVote, None))
    asyncio.run(changes.remind(tg_game, NOW))
    [batch] = context.batches
    [intent] = batch.intents
    assert intent.chat_id == -100
    assert "Не проголосовали: Вася, Петя, Оля, Дима." in intent.text  # not Коля (silenced), not Маша (voted)
    assert batch.game == {"progress": {"results": 1, "reminded": "day-1"}}
