"""Bots filling a live game's empty seats (live/bot_driver.py), on SQLite and PostgreSQL, on a clock of the
test's own: seven people and five bots play classic-12 to its end; every bot move is one the Game offered
its seat when it was made, none came before the least pause or twice in a turn, and the record verifies.
A service that dies mid-day (its cache and memory lost, as after a kill -9) leaves the pending bot moves
to the next one, which makes each once, and two services ticking the same game never double one."""

from __future__ import annotations

import logging
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.bots import make_policy
from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.bot_driver import command_build, drive_bots
from rankedmafia.live.bot_seats import PREFIX, bot_nicknames
from rankedmafia.live.errors import Refusal
from rankedmafia.live.hub import Hub
from rankedmafia.live.live_game import LiveGame, apply_entry
from rankedmafia.live.nicknames import NICK_MAX
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.script import record
from rankedmafia.setup import preset
from rankedmafia.store import LogEntry, Store
from rankedmafia.verify import verify

from .helpers import pin_seed
from .helpers import run_on_store as run

LEAST, MOST = 5.0, 20.0
NIGHT = DAY = 300
PEOPLE = [f"Игрок{i}" for i in range(1, 8)]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now




def service(store: Store, clock: Clock) -> svc.GameService:
    """A fresh service, as a process starting: nothing cached, nothing remembered."""
    return drive_bots(svc.GameService(store, Hub(), clock=clock, bot_pause=(LEAST, MOST)))


async def new_game(store: Store, clock: Clock, bots: str = "heuristic") -> str:
    game_id, _ = await service(store, clock).create("с ботами", preset("classic-12"), NIGHT, DAY, bots=bots)
    await pin_seed(store, game_id, "live-bots")  # one deal every run: bots dealt roles that act at night
    joiner = service(store, clock)
    for nickname in PEOPLE:
        await joiner.join(game_id, nickname)
    await joiner.execute(game_id, cmd.start_build)
    return game_id


def human_move(live: LiveGame, name: str) -> cmd.Build | None:
    """A person's move, as a random player would choose it from his own choices (sent like any command)."""
    game = live.game
    assert game is not None
    sandbox: Game = pickle.loads(pickle.dumps(game))
    before = len(sandbox.commands)
    policy = make_policy("random", random.Random(f"{name}{live.head}"))
    if live.following:
        return None  # a person asked by the follow-up step lets the pause run out
    if game.phase.kind is PhaseKind.NIGHT:
        policy.act(sandbox, name)
    else:
        policy.vote(sandbox, name)
    sent = sandbox.commands[before:]
    if not sent:
        return None
    return command_build(name, sent[-1], following=False)  # as a bot's move goes


async def people_move(one: svc.GameService, game_id: str) -> None:
    live = await one.get(game_id)
    waiting = set(live.game.awaiting()) if live.game is not None and live.status == "running" else set()
    for name in PEOPLE:
        live = await one.get(game_id)
        if name in waiting and live.status == "running":
            build = human_move(live, name)
            if build is not None:
                await one.execute(game_id, build)


async def play_turn(services: list[svc.GameService], clock: Clock, game_id: str) -> None:
    """The people move at once; then the clock runs a second at a time past the longest pause, each
    service ticking in turn; then, if the turn is still open, to its deadline."""
    first = services[0]
    await people_move(first, game_id)
    live = await first.get(game_id)
    start = live.turn_started or clock.now
    while clock.now < start + MOST + 1:
        clock.now += 1
        for one in services:
            await one.tick()
        live = await first.get(game_id)
        if live.status != "running" or live.turn_started != start:
            return
    if live.status == "running" and live.turn_started == start:
        clock.now = max(clock.now, live.deadline or clock.now)
        for one in services:
            await one.tick()


def check_log(entries: list[LogEntry], live: LiveGame) -> dict[str, int]:
    """Every bot move checked against the game as it stood just before it: offered by the Game to that seat,
    no sooner than the least pause after its turn opened, and one per seat and turn. Returns counts."""
    bots = live.bots
    assert len(bots) == 5
    replayed = LiveGame(live.row, dict(live.seats))
    seen: set[tuple[str, str]] = set()
    counts = {"act": 0, "vote": 0, "decline": 0}
    for entry in entries:
        actor = entry.body.get("actor") or entry.body.get("voter")
        if actor in bots and entry.type in counts:
            game = replayed.game
            assert game is not None and replayed.turn_started is not None
            assert entry.at - replayed.turn_started >= LEAST, entry
            assert replayed.deadline is None or entry.at <= replayed.deadline
            turn = f"{game.phase.kind.value}{game.phase.number}{replayed.following}"
            assert (actor, turn) not in seen, f"{actor} moved twice in {turn}"
            seen.add((actor, turn))
            if entry.type == "act":
                body = entry.body
                assert game.check(Act.from_fields({**body, "actor": actor})) is None
            elif entry.type == "vote":
                assert game.vote_choice(actor) is not None
                assert game.vote_refusal(actor, entry.body["choice"]) is None
            else:
                step = replayed.asked()
                assert step is not None and step.player == actor
            counts[entry.type] += 1
        apply_entry(replayed, entry.type, entry.body, entry.at)
    return counts


def test_seven_people_and_five_bots_play_classic_12_to_the_end(database: tuple[Path, str | None]) -> None:
    clock = Clock()

    async def body(store: Store) -> None:
        game_id = await new_game(store, clock)
        one = service(store, clock)
        live = await one.get(game_id)
        assert live.status == "running" and len(live.seats) == 12
        assert sorted(live.bots) == sorted(s.name for s in live.seats.values() if s.name not in PEOPLE)
        assert all(name.startswith(f"{PREFIX} ") and len(name) <= NICK_MAX for name in live.bots)
        assert set(live.bots.values()) == {"heuristic"}
        assert live.game is not None and all(live.game.sexes()[name] == "m" for name in live.bots)
        for _ in range(60):
            if live.status == "over":
                break
            await play_turn([one], clock, game_id)
            live = await one.get(game_id)
        assert live.status == "over" and live.ended_by == "victory"
        counts = check_log(await store.log(game_id), live)
        assert counts["vote"] > 0 and counts["act"] > 0
        assert live.game is not None
        assert verify(record(live.game), live.row.seed) == []
        # a mafia bot that chose a kill told its clan (from its own view: the victim's nickname)
        mafia_bots = [n for n in live.bots if live.game.view(n).clans]
        posts = await store.posts(game_id, [f"clan:{clan}" for clan in {c for n in mafia_bots
                                                                         for c in live.game.view(n).clans}])
        killed_by_bot = any(e.type == "act" and e.body["actor"] in mafia_bots and e.body["action"] == "kill"
                            for e in await store.log(game_id))
        assert not killed_by_bot or any(p.author in mafia_bots for p in posts)

    run(database, body)


def test_a_game_without_bots_keeps_its_empty_seats_and_waits(tmp_path: Path) -> None:
    """The default: no bots, and a start with a seat empty is refused as before."""
    clock = Clock()

    async def body(store: Store) -> None:
        one = service(store, clock)
        game_id, _ = await one.create("без ботов", preset("classic-12"), NIGHT, DAY)
        for nickname in PEOPLE:
            await one.join(game_id, nickname)
        with pytest.raises(Refusal) as refused:
            await one.execute(game_id, cmd.start_build)
        assert refused.value.rule == "need_players"
        with pytest.raises(Refusal):
            await one.create("x", preset("classic-12"), NIGHT, DAY, bots="chess")

    run((tmp_path / "data", None), body)


def test_a_restart_mid_day_makes_each_pending_bot_move_once(
    database: tuple[Path, str | None], caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()

    async def body(store: Store) -> None:
        game_id = await new_game(store, clock, bots="random")
        first = service(store, clock)
        await play_turn([first], clock, game_id)  # the first night, to its end
        live = await first.get(game_id)
        assert live.game is not None and live.game.phase.kind is PhaseKind.DAY
        await people_move(first, game_id)
        live = await first.get(game_id)
        start = live.turn_started
        assert start is not None
        # the first process ticks until some bot has voted, and dies (its cache and memory with it)
        while not any(e.type == "vote" and e.body["voter"] in live.bots for e in await store.log(game_id)):
            clock.now += 1
            await first.tick()
            assert clock.now < start + MOST + 1
        # two fresh processes take over, both ticking: the log decides who makes each move
        after = [service(store, clock), service(store, clock)]
        for _ in range(int(MOST) + 2):
            clock.now += 1
            for one in after:
                await one.tick()
        live = await after[0].get(game_id)
        if live.game is not None and live.game.phase.kind is PhaseKind.DAY and live.turn_started == start:
            assert [name for name in live.game.awaiting() if name in live.bots] == []  # every bot voted
        check_log(await store.log(game_id), live)
        # and the game goes on to its end with the bots of processes that came after
        for _ in range(60):
            if live.status == "over":
                break
            await play_turn(after, clock, game_id)
            live = await after[0].get(game_id)
        assert live.status == "over"
        check_log(await store.log(game_id), live)
        assert live.game is not None and verify(record(live.game), live.row.seed) == []

    with caplog.at_level(logging.ERROR, logger="rankedmafia"):
        run(database, body)
    # no process tried a move another had made (the engine would have refused it: logged as a failure)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


@settings(max_examples=200)
@given(count=st.integers(0, 40), seed=st.integers(), taken=st.lists(
    st.one_of(st.text(max_size=24), st.sampled_from(["бот аркадий", "БОТ БОРИС", "Бот Фёдор", "Бот 2"])),
    max_size=40))
def test_bot_nicknames_are_distinct_from_the_players_and_each_other(count: int, seed: int, taken: list[str]) -> None:
    names = bot_nicknames(count, taken, random.Random(seed))
    assert len(names) == count and len({n.casefold() for n in names}) == count
    assert not {n.casefold() for n in names} & {t.casefold() for t in taken}
    assert all(n.startswith(f"{PREFIX} ") and len(n) <= NICK_MAX and n == " ".join(n.split()) for n in names)


def test_a_bot_replaced_by_a_person_no_longer_plays(tmp_path: Path) -> None:
    """The host may give a bot's seat to a person; from then on the seat is his (the list no longer marks it),
    and the bot sends nothing more.

    Ruling: a bot that fills an empty seat (docs/web.md) is a player in every rule: dealt a role like any
    other, waited for like any other (a night ends early only once it has acted, a day once it has voted),
    its moves checked as a person's. That a seat is a bot is public (the list says «бот»); its role is not.
    The host may give a bot's seat to a person, who then holds it as any replacement does, and the bot sends
    nothing more (`tests/server/test_live_bots.py`)."""
    clock = Clock()

    async def body(store: Store) -> None:
        game_id = await new_game(store, clock)
        one = service(store, clock)
        live = await one.get(game_id)
        seat = sorted(live.bots)[0]
        await one.execute(game_id, cmd.replace_build(seat, "Маша", "token-of-masha"))
        for _ in range(int(MOST) + 2):
            clock.now += 1
            await one.tick()
        live = await service(store, clock).get(game_id)  # as rebuilt from the log
        assert seat not in live.bots and len(live.bots) == 4 and not live.is_bot(seat)
        assert all(seat not in (e.body.get("actor"), e.body.get("voter")) for e in await store.log(game_id))

    run((tmp_path / "data", None), body)
