"""Absent players replaced (live/absence.py): a person who could vote and sent nothing for two phases in a
row is replaced by a bot, which then plays his seat; the thread says so in words; a ranked game rates him as
a loss; a game created without the option keeps him."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rankedmafia.ladder.outcome import ABSENT, GameOutcome, SeatOutcome, outcome_of, teams_and_ranks
from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.absence import drive_absence
from rankedmafia.live.bot_driver import drive_bots
from rankedmafia.live.hub import Hub
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.model import BLUE, Act
from rankedmafia.setup import Setup
from rankedmafia.store import Store, connect

SEVEN = Setup.from_mapping({"name": "seven", "players": 7, "roles": {"mafia1": 1, "civilian": 6}, "start": "night"},
                           "seven")
PEOPLE = ["Аня", "Борис", "Вера", "Глеб", "Даша", "Егор", "Жанна"]
LENGTH = 600


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _night(one: svc.GameService, game_id: str, mafia: str, spare: str) -> None:
    live = await one.get(game_id)
    assert live.game is not None
    action = live.game.choices(mafia)[0]
    victim = next(n for n in action.slots[0] if n not in (mafia, spare))
    await one.execute(game_id, cmd.act_build(Act(mafia, action.action, (victim,))))  # the night ends itself


async def _day(one: svc.GameService, clock: Clock, game_id: str, silent: str) -> None:
    live = await one.get(game_id)
    assert live.game is not None
    for name in live.game.voters():
        if name != silent and name not in live.bots:
            await one.execute(game_id, cmd.vote_build(name, BLUE))
    clock.now = (live.deadline or clock.now) + 1
    await one.tick()


def _play(tmp_path: Path, house: dict[str, Any]) -> tuple[LiveGame, str, dict[str, str], Any]:
    """Night one the mafia kills; by day everyone votes but one woman, twice; then a night and a day more."""
    clock = Clock()

    async def main() -> tuple[LiveGame, str, dict[str, str], Any]:
        store = Store(await asyncio.to_thread(connect, tmp_path / "data", None))
        one = drive_absence(drive_bots(svc.GameService(store, Hub(), clock=clock, bot_pause=(1.0, 5.0))))
        game_id, _ = await one.create("партия", SEVEN, LENGTH, LENGTH, house=house)
        tokens = {}
        for nickname in PEOPLE:
            _, tokens[nickname] = await one.join(game_id, nickname, "f" if nickname in ("Даша", "Жанна") else "m")
        await one.execute(game_id, cmd.start_build)
        live = await one.get(game_id)
        assert live.game is not None
        mafia = next(p.name for p in live.game.players() if p.role == "mafia1")
        silent = "Даша" if mafia != "Даша" else "Жанна"
        await _night(one, game_id, mafia, silent)
        await _day(one, clock, game_id, silent)  # his first phase without a move
        live = await one.get(game_id)
        assert live.missed.get(silent) == 1 and not live.absent
        await _night(one, game_id, mafia, silent)  # a civilian's night: nothing to send, nothing counted
        await _day(one, clock, game_id, silent)  # the second: the tick after it hands his seat to a bot
        live = await one.get(game_id)
        posts = await store.posts(game_id, ["thread"])
        if live.absent:  # the game goes on: by day the bot votes once its pause is over
            await _night(one, game_id, mafia, silent)
            start = clock.now
            while clock.now < start + 10:
                clock.now += 1
                await one.tick()
        live = await one.get(game_id)
        return live, silent, tokens, (posts, one, await store.log(game_id, 0))

    return asyncio.run(main())


def test_a_player_who_vanished_is_replaced_by_a_bot_and_the_game_goes_on(tmp_path: Path) -> None:
    """Ruling: in a site game with the house option «replace absent players» (on by default, always on in a
    ranked game), a person who could act or vote in a phase and sent nothing has missed it; one who sent
    something starts again from none; a phase in which he had nothing to send counts neither way. After two
    missed phases in a row a heuristic bot plays his seat for the rest of the game (the thread says so), and a
    ranked game rates him as a loss whatever his side did."""
    live, silent, _, (posts, _, entries) = _play(tmp_path, {"replace_absent": True})
    assert live.absent == [silent] and live.bots[silent] == "heuristic"
    assert live.game is not None and silent in live.game.alive()
    assert silent in live.game.votes(), "the bot voted in his seat"
    lines = [p.text for p in posts if p.author == ""]
    assert f"{silent} не сделала ни одного хода две фазы подряд: до конца игры за неё играет бот." in lines
    outcome = outcome_of(LiveGame(live.row, dict(live.seats)), entries)
    seat = next(s for s in outcome.seats if s.name == silent)
    assert seat.rating_team == ABSENT + silent and not seat.won


def test_without_the_option_the_silent_player_keeps_his_seat(tmp_path: Path) -> None:
    live, *_ = _play(tmp_path, {"replace_absent": False})
    assert not live.absent and not live.bots


def test_an_absent_player_is_rated_as_a_loss_even_when_his_side_won() -> None:
    seats = [SeatOutcome("А", "civilian", "civilian", "town", "town", True, True, account=1),
             SeatOutcome("Б", "civilian", "civilian", "town", ABSENT + "Б", False, True, account=2),
             SeatOutcome("В", "mafia1", "mafia1", "mafia", "mafia", False, False, account=3)]
    outcome = GameOutcome("g", "seven", {}, 3, 0.0, "victory", "town", 2, seats, absent=["Б"])
    teams, ranks = teams_and_ranks(outcome)
    assert dict(zip([tuple(t) for t in teams], ranks, strict=True)) == {(2,): 2, (3,): 2, (1,): 1}
    draw = GameOutcome("g", "seven", {}, 3, 0.0, "victory", "draw", 2, seats, absent=["Б"])
    assert dict(zip([tuple(t) for t in teams_and_ranks(draw)[0]], teams_and_ranks(draw)[1], strict=True))[(2,)] == 2


def test_on_the_site_the_vanished_player_is_replaced_and_the_thread_says_so(sqlite_client: Any) -> None:
    import time

    from .community_helpers import kill_one, listed_game

    client = sqlite_client
    game, tokens = listed_game(client)  # through the API: the option is on by default
    admin = game["admin_token"]
    _, killer = kill_one(client, game, tokens)
    alive = [s["name"] for s in client.get(f"/api/games/{game['id']}").json()["seats"] if s["alive"]]
    vanished = next(n for n in alive if n != killer)
    for day in (1, 2):
        for name in alive:
            if name != vanished:
                client.post(f"/api/player/{tokens[name]}/vote", json={"choice": "blue"})
        client.post(f"/api/host/{admin}/resolve")
        if day == 1:
            kill_one(client, game, tokens, spare=vanished)
            alive = [s["name"] for s in client.get(f"/api/games/{game['id']}").json()["seats"] if s["alive"]]
    line = f"{vanished} не сделал ни одного хода две фазы подряд: до конца игры за него играет бот."
    deadline = time.monotonic() + 5
    seats: dict[str, Any] = {}
    thread: list[str] = []
    while time.monotonic() < deadline:  # the seat and the thread's line are written by the service's tick
        seats = {s["name"]: s for s in client.get(f"/api/games/{game['id']}").json()["seats"]}
        thread = [p["text"] for p in client.get(f"/api/player/{tokens[killer]}/posts").json()]
        if seats[vanished]["bot"] and line in thread:
            break
        time.sleep(0.05)
    assert seats[vanished]["bot"], "a bot plays the vanished player's seat"
    assert line in thread
    assert client.get(f"/api/games/{game['id']}").json()["game"]["status"] == "running"  # the game goes on
    assert "Ваше место занял бот" in client.get(f"/p/{tokens[vanished]}").text  # his page tells him
    assert "Ваше место занял бот" not in client.get(f"/p/{tokens[killer]}").text
