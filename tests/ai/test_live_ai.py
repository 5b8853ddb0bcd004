"""AI seats played by the live service itself (ai/live.py), on SQLite and a clock of the test's own, with
the fake model in process: seven people, AI seats and bots play classic-12 to its end; every AI decision
is applied through the service and kept; AI posts come in the talk's turns, clan lines only in the clan's
chat; a person who addresses an AI seat by name gets its answer next; a second service on the same store
after a "kill -9" asks again what is awaited and posts or sends nothing twice; a malformed, an illegal and
a slow answer make the seat pass, counted; no prompt holds another seat's hidden role or action."""

from __future__ import annotations

import asyncio
import json
import pickle
import random
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import httpx2
import pytest

from rankedmafia.ai.arena import Table
from rankedmafia.ai.client import ChatClient
from rankedmafia.ai.config import AgentConfig
from rankedmafia.ai.fake_server import FakeModel, Step
from rankedmafia.ai.live import AIDriver, drive_ai, driver_of
from rankedmafia.ai.live_counts import ai_counts
from rankedmafia.ai.live_talk import conversation, phase_number, post_bids
from rankedmafia.ai.talk import Conversation, Floor
from rankedmafia.bots import make_policy
from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.ai_seats import MEN, WOMEN
from rankedmafia.live.bot_driver import command_build, drive_bots
from rankedmafia.live.errors import Refusal
from rankedmafia.live.hub import Hub
from rankedmafia.live.live_game import LiveGame, apply_entry
from rankedmafia.live.posts import add_post
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.script import record
from rankedmafia.setup import preset
from rankedmafia.store import LogEntry, Store, connect
from rankedmafia.text.refusals import refusal_text
from rankedmafia.verify import verify
from server.helpers import pin_seed

from .test_leak import leaks

NIGHT = DAY = 300
PAUSE = (5.0, 20.0)
PEOPLE = [f"Игрок{i}" for i in range(1, 8)]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def agent(name: str = "fake", **fields: Any) -> AgentConfig:
    return AgentConfig(name=name, kind="ai", base_url="http://fake.invalid/v1", model="fake", **fields)


class Models:
    """One fake model per agent, in process, every request recorded; a fresh client per service."""

    def __init__(self, agents: Sequence[AgentConfig]) -> None:
        self.agents = list(agents)
        self.models = {a.name: FakeModel() for a in agents}

    def clients(self) -> dict[str, ChatClient]:
        return {a.name: ChatClient(a, httpx2.AsyncClient(transport=self.models[a.name].transport(),
                                                         base_url=a.base_url)) for a in self.agents}


def run(tmp_path: Path, body: Callable[[Store], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        store = Store(await asyncio.to_thread(connect, tmp_path / "data", None))
        try:
            return await body(store)
        finally:
            await asyncio.to_thread(store.close)

    return asyncio.run(main())


def service(store: Store, clock: Clock, models: Models) -> svc.GameService:
    """A fresh service, as a process starting: nothing cached, nothing remembered."""
    one = drive_bots(svc.GameService(store, Hub(), clock=clock, bot_pause=PAUSE))
    return drive_ai(one, models.agents, models.clients())


def driver(one: svc.GameService) -> AIDriver:
    found = driver_of(one)
    assert found is not None
    return found


async def new_game(one: svc.GameService, ai: Sequence[str], bots: str = "heuristic",
                   people: Sequence[str] = PEOPLE, night: int = NIGHT, day: int = DAY, seed: str = "live-ai") -> str:
    game_id, _ = await one.create("с ИИ", preset("classic-12"), night, day, bots=bots, ai=ai)
    await pin_seed(one.store, game_id, seed)
    for nickname in people:
        await one.join(game_id, nickname)
    await one.execute(game_id, cmd.start_build)
    assert (await one.get(game_id)).row.seed == seed
    return game_id


def human_build(live: LiveGame, name: str) -> cmd.Build | None:
    game = live.game
    assert game is not None
    if live.following:
        return None
    sandbox: Game = pickle.loads(pickle.dumps(game))
    before = len(sandbox.commands)
    policy = make_policy("random", random.Random(f"{name}{live.head}"))
    if game.phase.kind is PhaseKind.NIGHT:
        policy.act(sandbox, name)
    else:
        policy.vote(sandbox, name)
    sent = sandbox.commands[before:]
    if not sent:
        return None
    return command_build(name, sent[-1], following=False)  # as a bot's move goes


async def people_move(one: svc.GameService, game_id: str, people: Sequence[str]) -> None:
    live = await one.get(game_id)
    waiting = set(live.game.awaiting()) if live.game is not None and live.status == "running" else set()
    for name in people:
        live = await one.get(game_id)
        if name in waiting and live.status == "running":
            build = human_build(live, name)
            if build is not None:
                await one.execute(game_id, build)


async def tick(one: svc.GameService) -> None:
    """One tick, then every decision it started is let finish (the model answers at once)."""
    await one.tick()
    await driver(one).idle()


async def play_turn(one: svc.GameService, clock: Clock, game_id: str, people: Sequence[str] = PEOPLE,
                    people_first: bool = True) -> None:
    """The people move; the clock runs a second a tick past the bots' longest pause; then, if the turn is
    still open, to its deadline."""
    if people_first:
        await people_move(one, game_id, people)
    live = await one.get(game_id)
    start = live.turn_started or clock.now
    while clock.now < start + PAUSE[1] + 5:
        clock.now += 1
        await tick(one)
        live = await one.get(game_id)
        if live.status != "running" or live.turn_started != start:
            return
    if live.status == "running" and live.turn_started == start:
        clock.now = max(clock.now, live.deadline or clock.now)
        await tick(one)


def check_ai_log(entries: list[LogEntry], live: LiveGame) -> int:
    """Every AI seat's command was offered by the Game to that seat when it was made, one per seat and turn."""
    ai = live.ai_seats()
    replayed = LiveGame(live.row, dict(live.seats))
    seen: set[tuple[str, str]] = set()
    made = 0
    for entry in entries:
        actor = entry.body.get("actor") or entry.body.get("voter")
        if actor in ai and entry.type in ("act", "vote", "decline"):
            game = replayed.game
            assert game is not None
            turn = f"{game.phase.kind.value}{game.phase.number}{replayed.following}"
            assert (actor, turn) not in seen, f"{actor} moved twice in {turn}"
            seen.add((actor, turn))
            if entry.type == "act":
                body = entry.body
                assert game.check(Act.from_fields({**body, "actor": actor})) is None
            elif entry.type == "vote":
                assert game.vote_refusal(actor, entry.body["choice"]) is None
            made += 1
        apply_entry(replayed, entry.type, entry.body, entry.at)
    return made


async def check_posts(store: Store, live: LiveGame, turns: list[dict[str, Any]]) -> None:
    """AI posts: in the thread by day only, each in its agent's quota; clan lines once a night per seat and
    clan, in the clans the seat shares; every applied post turn is a post, and every AI post a turn's."""
    game = live.game
    assert game is not None
    ai = live.ai_seats()
    channels = sorted({f"clan:{c}" for n in live.names() for c in game.state.clans_of(n)})
    posts = await store.posts(live.id, ["thread", *channels])
    thread = Counter((p.author, p.phase) for p in posts if p.channel == "thread" and p.author in ai)
    assert all(phase.startswith("day ") and count <= 2 for (_a, phase), count in thread.items()), thread
    lines = Counter((p.author, p.channel, p.phase) for p in posts if p.channel != "thread" and p.author in ai)
    assert all(count == 1 for count in lines.values()), lines
    for (author, channel, phase) in lines:
        assert phase.startswith("night ") and channel[5:] in game.state.clans_of(author)
    applied = Counter((t["seat"], t["post"]) for t in turns if t.get("post") and t.get("applied"))
    written = Counter((p.author, p.text) for p in posts if p.author in ai)
    assert applied == written


def check_turns_of_talk(entries: list[LogEntry], live: LiveGame, posts: Sequence[Any],
                        turns: list[dict[str, Any]], quota: int) -> int:
    """Every AI post of a day came when the talk's floor gave that seat the word, the talk so far being the
    day's posts before it (people's among them). Returns how many were checked."""
    replayed = LiveGame(live.row, dict(live.seats))
    talkers: dict[int, list[str]] = {}
    for entry in entries:
        apply_entry(replayed, entry.type, entry.body, entry.at)
        game = replayed.game
        if game is not None and game.phase.kind is PhaseKind.DAY and game.phase.number not in talkers:
            talkers[game.phase.number] = [n for n in replayed.names() if n in live.ai_seats() and n in game.alive()]
    bids = post_bids(posts, turns)
    talk = Conversation(tuple(live.names()))
    checked = 0
    for post in posts:
        number = phase_number(post.phase, "day")
        if post.channel != "thread" or number is None:
            continue
        if post.author in live.ai_seats():
            people = sum(1 for p in talk.day(number) if p.author not in talkers[number])
            floor = Floor(talkers[number], number, quota, per_day=quota * len(talkers[number]) + people)
            assert floor.next_speaker(talk) == post.author, (post, talk.day(number))
            checked += 1
        talk.add(post.author, post.text, number, bid=bids.get(post.id, 1))
    return checked


async def play_to_end(one: svc.GameService, clock: Clock, game_id: str, people: Sequence[str] = PEOPLE,
                      restart: Callable[[int], svc.GameService | None] | None = None) -> svc.GameService:
    live = await one.get(game_id)
    for index in range(80):
        if live.status == "over":
            break
        if restart is not None and (fresh := restart(index)) is not None:
            one = fresh
        await play_turn(one, clock, game_id, people)
        live = await one.get(game_id)
    assert live.status == "over" and live.ended_by == "victory"
    return one


def test_seven_people_ai_seats_and_bots_play_classic_12_to_the_end(tmp_path: Path) -> None:
    """The issue's "Done when", and no prompt of the game holds another seat's hidden role or action."""
    clock = Clock()
    models = Models([agent()])

    async def body(store: Store) -> None:
        one = service(store, clock, models)
        game_id = await new_game(one, ("fake",) * 3)
        live = await one.get(game_id)
        ai = live.ai_seats()
        assert len(ai) == 3 and set(ai.values()) == {"fake"} and len(live.bots) == 5
        assert all(name.split()[0] in (*MEN, *WOMEN) for name in ai)
        assert [live.seats[n].idx for n in ai] == [7, 8, 9]  # the AI seats first, then the bots
        assert live.game is not None and all(live.game.sexes()[n] in ("m", "f") for n in ai)
        one = await play_to_end(one, clock, game_id)
        live = await one.get(game_id)
        assert live.game is not None
        assert verify(record(live.game), live.row.seed) == []
        entries = await store.log(game_id)
        made = check_ai_log(entries, live)
        turns = await store.ai_turns(game_id)
        applied = [t for t in turns if t["kind"] in ("night", "vote", "revive") and t["applied"]]
        assert made == len(applied) > 0  # every AI command in the log is a kept turn's, and back
        assert all(t["invalid"] == 0 and not t["timed_out"] for t in turns)
        await check_posts(store, live, turns)
        thread = await store.posts(game_id, ["thread"])
        assert check_turns_of_talk(entries, live, thread, turns, 2) == len([p for p in thread if p.author in ai]) > 0
        seats, total = ai_counts(turns)
        assert set(seats) <= set(ai) and total.decisions == len(turns) and total.prompt_tokens > 0
        # the prompts the model received are the kept turns', and none leaks
        requests = {(r["messages"][0]["content"], r["messages"][1]["content"])
                    for r in models.models["fake"].requests}
        posts = await store.posts(game_id, ["thread", *{f"clan:{c}" for n in ai for c in live.game.state.clans_of(n)}])
        table = cast(Table, SimpleNamespace(game=live.game, talk=conversation(live.names(), posts, turns)))
        for turn in turns:
            pair = (turn["messages"][0]["content"], turn["messages"][1]["content"])
            assert pair in requests
            assert leaks(table, turn["seat"], turn["phase"], turn["number"], "\n".join(pair), "ru") == []

    run(tmp_path, body)


def test_a_person_who_addresses_an_ai_seat_gets_its_answer_next(tmp_path: Path) -> None:
    clock = Clock()
    models = Models([agent(posts_per_day=2)])

    async def body(store: Store) -> None:
        one = service(store, clock, models)
        game_id = await new_game(one, ("fake",) * 3)
        live = await one.get(game_id)
        while live.game is not None and live.game.phase.kind is not PhaseKind.DAY:
            await play_turn(one, clock, game_id)
            live = await one.get(game_id)
        assert live.game is not None and live.status == "running"
        alive = set(live.game.alive())
        ai = [n for n in live.ai_seats() if n in alive]
        person = next(n for n in PEOPLE if n in alive)
        assert len(ai) >= 2
        await tick(one)  # the first AI post of the day
        posts = await store.posts(game_id, ["thread"])
        first = posts[-1].author
        asked = next(n for n in ai if n != first)
        await add_post(one, await one.get(game_id), person, "thread", f"{asked}, а ты что думаешь?")
        await tick(one)
        posts = await store.posts(game_id, ["thread"])
        assert posts[-1].author == asked
        turns = await store.ai_turns(game_id, asked)
        assert person in turns[-1]["messages"][1]["content"].split("\n")[-2]  # he is told who asked him

    run(tmp_path, body)


def test_a_restarted_service_asks_again_and_repeats_nothing(tmp_path: Path) -> None:
    """Two services in turn on one SQLite file: the first dies (its decisions in flight cancelled, its
    memory lost) in the middle of every other turn; the next finds what is awaited and does it once."""
    clock = Clock()
    models = Models([agent()])

    async def body(store: Store) -> None:
        services = [service(store, clock, models)]
        game_id = await new_game(services[0], ("fake",) * 4, bots="random")

        def restart(index: int) -> svc.GameService | None:
            if index % 2:
                return None
            dying = services[-1]
            dying.on_tick.clear()
            for task in driver(dying).tasks.values():
                task.cancel()
            services.append(service(store, clock, models))
            return services[-1]

        async def half_turn_then_die(index: int) -> None:
            one = services[-1]
            await people_move(one, game_id, PEOPLE)
            clock.now += 1
            await one.tick()  # decisions start, and some end, when the process dies
            await asyncio.sleep(0)

        live = await services[0].get(game_id)
        for index in range(80):
            if live.status == "over":
                break
            if index % 2 == 0:
                await half_turn_then_die(index)
                restart(index)
            await play_turn(services[-1], clock, game_id, PEOPLE, people_first=index % 2 == 1)
            live = await services[-1].get(game_id)
        assert live.status == "over" and len(services) > 3
        assert live.game is not None and verify(record(live.game), live.row.seed) == []
        check_ai_log(await store.log(game_id), live)
        turns = await store.ai_turns(game_id)
        await check_posts(store, live, turns)
        for one in services:
            await driver(one).close()

    run(tmp_path, body)


def move_requests(steps: list[Step]) -> Callable[[dict[str, Any]], Step | None]:
    """The scripted steps, for requests that ask for a move (not a post): then the fake's legal answers."""

    def choose(request: dict[str, Any]) -> Step | None:
        schema = json.dumps(request.get("response_format") or {})
        return steps.pop(0) if steps and '"post"' not in schema else None

    return choose


def test_malformed_illegal_and_slow_answers_make_the_seat_pass_counted(tmp_path: Path) -> None:
    clock = Clock()
    models = Models([agent("flaky", deadline=1.0, timeout=1.0, posts_per_day=0)])
    steps = [Step("malformed"), Step("illegal"), Step("slow", seconds=5.0)]
    models.models["flaky"].by_prompt = move_requests(steps)

    async def body(store: Store) -> None:
        one = service(store, clock, models)
        game_id = await new_game(one, ("flaky",))
        flaky = next(iter((await one.get(game_id)).ai_seats()))
        live = await one.get(game_id)
        for _ in range(80):
            if live.status == "over" or (steps == [] and len(await store.ai_turns(game_id)) >= 3):
                break
            await play_turn(one, clock, game_id)
            live = await one.get(game_id)
        turns = await store.ai_turns(game_id, flaky)
        assert len(turns) >= 2
        first, second = turns[0], turns[1]
        assert first["invalid"] == 2 and first["passed"] and first["command"] is None
        assert len(first["refusals"]) == 2 and all(first["refusals"])
        assert second["timed_out"] and second["passed"] and second["command"] is None
        seats, total = ai_counts(turns)
        assert seats[flaky].invalid >= 2 and seats[flaky].timeouts >= 1 and seats[flaky].passes >= 2
        assert total.invalid == seats[flaky].invalid
        # the seat's passes are nothing in the log: no command of his in those turns
        entries = await store.log(game_id)
        assert not any((e.body.get("actor") or e.body.get("voter")) == flaky and e.at <= second["at"]
                       for e in entries if e.type in ("act", "vote"))

    run(tmp_path, body)


def test_an_engine_refusal_of_the_command_is_an_invalid_answer(tmp_path: Path) -> None:
    """An answer the live game refuses when it is applied (here a vote for nobody at the table): the seat
    passes, the refusal counted and worded, nothing logged, nothing crashes."""
    from rankedmafia.ai.live import turn as live_turn
    from rankedmafia.ai.player import Turn

    clock = Clock()
    models = Models([agent()])

    async def body(store: Store) -> None:
        one = service(store, clock, models)
        game_id = await new_game(one, ("fake",) * 3)
        live = await one.get(game_id)
        while live.game is not None and live.game.phase.kind is not PhaseKind.DAY:
            await play_turn(one, clock, game_id)
            live = await one.get(game_id)
        assert live.game is not None
        name = next(n for n in live.ai_seats() if n in live.game.awaiting())
        head = live.head
        bad = Turn(name, "fake", "vote", "day", live.game.phase.number, [],
                   command={"type": "vote", "voter": name, "choice": "Никто"})
        await driver(one)._apply(game_id, name, live_turn(live), bad, bad.as_json() | {"kind": "vote"}, "ru")
        assert (await one.get(game_id)).head == head
        kept = (await store.ai_turns(game_id, name))[-1]
        assert kept["invalid"] == 1 and kept["passed"] and not kept["applied"] and kept["command"] is None
        assert kept["refusals"] and all(c.isascii() is False for c in kept["refusals"])
        await driver(one).close()

    run(tmp_path, body)


def test_create_refuses_unknown_agents_too_many_ai_seats_and_ranked_games(tmp_path: Path) -> None:
    clock = Clock()
    models = Models([agent()])

    async def body(store: Store) -> None:
        one = service(store, clock, models)
        setup = preset("classic-12")
        for kwargs, rule in [({"ai": ["other"]}, "unknown_agent"), ({"ai": ["fake"] * 12}, "too_many_ai"),
                             ({"ai": ["fake"], "ranked": True}, "ranked_ai")]:
            with pytest.raises(Refusal) as refused:
                await one.create("x", setup, NIGHT, DAY, **kwargs)
            assert refused.value.rule == rule
            words = refusal_text(refused.value, "ru")
            assert words != refusal_text(Refusal("unknown"), "ru") and rule not in words  # a sentence, no id
        plain = svc.GameService(store, Hub(), clock=clock)  # no agents configured: none offered
        with pytest.raises(Refusal):
            await plain.create("x", setup, NIGHT, DAY, ai=["fake"])
        game_id, _ = await one.create("x", setup, NIGHT, DAY, ai=["fake"] * 11)
        row = await store.game(game_id)
        assert row is not None and row.options["ai"] == ["fake"] * 11
        plain_id, _ = await one.create("x", setup, NIGHT, DAY)
        row = await store.game(plain_id)
        assert row is not None and "ai" not in row.options
        await driver(one).close()

    run(tmp_path, body)


def test_more_ai_seats_than_empty_seats_fill_only_the_empty_ones(tmp_path: Path) -> None:
    clock = Clock()
    models = Models([agent()])

    async def body(store: Store) -> None:
        one = service(store, clock, models)
        game_id = await new_game(one, ("fake",) * 11, bots="heuristic", people=PEOPLE[:3])
        live = await one.get(game_id)
        assert len(live.ai_seats()) == 9 and not [n for n in live.bots if live.ai_agent(n) is None]
        assert all(live.is_bot(n) for n in live.ai_seats())
        await driver(one).close()

    run(tmp_path, body)


def test_the_follow_up_step_asks_an_ai_reanimator_once(tmp_path: Path) -> None:
    """A setup with a reanimator, dealt from a pinned seed that gives him to an AI seat: each night's
    follow-up step asks him (kind revive), his answer or his decline is logged once, and the step ends."""
    from sqlalchemy import update

    from rankedmafia.rules.chance import commitment
    from rankedmafia.setup import Setup
    from rankedmafia.store.schema import games

    clock = Clock()
    models = Models([agent(), agent("still")])
    models.models["still"].default = "pass"  # the others send nothing: the reanimator lives to be asked
    setup = Setup.from_mapping({"name": "re", "players": 5,
                                "roles": {"mafia1": 1, "reanimator": 1, "commissar": 1, "civilian": 2}}, "re")

    async def body(store: Store) -> None:
        one = service(store, clock, models)
        game_id, _ = await one.create("re", setup, NIGHT, DAY, ai=["still", "fake", "still", "still"])
        seed = "revive-3"  # this deal makes the person the mafia and gives the reanimator to the "fake" seat
        await store.writer.run(lambda c: c.execute(
            update(games).where(games.c.id == game_id).values(seed=seed, commitment=commitment(seed))))
        one = service(store, clock, models)
        await one.join(game_id, PEOPLE[0])
        await one.execute(game_id, cmd.start_build)
        live = await one.get(game_id)
        assert live.game is not None
        reanimator = next(p.name for p in live.game.players() if p.role == "reanimator")
        assert live.ai_agent(reanimator) == "fake" and live.game.view(PEOPLE[0]).role == "mafia1"
        for _ in range(60):
            live = await one.get(game_id)
            if live.status == "over":
                break
            game = live.game
            assert game is not None
            if game.phase.kind is PhaseKind.NIGHT and not live.following and PEOPLE[0] in game.awaiting():
                victim = next(n for n in game.alive() if n not in (PEOPLE[0], reanimator))
                await one.execute(game_id, cmd.act_build(Act(PEOPLE[0], "kill", (victim,))))  # someone to revive
            await play_turn(one, clock, game_id, PEOPLE[:1])
        turns = [t for t in await store.ai_turns(game_id, reanimator) if t["kind"] == "revive"]
        assert turns and all(t["applied"] for t in turns)  # asked, and his answer (or his decline) logged
        entries = await store.log(game_id)
        answers = [e for e in entries if e.type in ("act", "decline") and e.body.get("actor") == reanimator]
        assert len(answers) == len(turns)
        check_ai_log(entries, await one.get(game_id))  # once per step

    run(tmp_path, body)
