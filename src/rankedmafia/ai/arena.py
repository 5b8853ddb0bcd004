"""The arena: configured agents (AI models, heuristic and random bots) seated at random in many games,
each played to its end, recorded, verified and rated (docs/ai.md).

Game i of a run with seed S is dealt from the seed f"{S}:{i}", its seats' agents drawn from it too
(`seats.seat_agents`), and every bot's generator seeded by it: with a deterministic model (the fake
server) a run gives the same games and ratings whatever `jobs`. The arena is the host: it reads each
finished game's true roles to tally it; the seats read only their prompts.

A run's directory holds `arena.json` (its settings), `results.jsonl` (one line per finished game,
appended as each ends: a run killed at any moment resumes from it), `records/<i>.json` (the game's
record, which `rankedmafia verify` accepts) and `records/<i>.prompts.jsonl` (every prompt and answer).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import multiprocessing
import os
import queue
import random
import traceback
from collections import defaultdict
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from rankedmafia.ai.client import ChatClient, HttpPool, NoAnswer
from rankedmafia.ai.config import LANES, AgentConfig
from rankedmafia.ai.fake_server import FakeModel
from rankedmafia.ai.player import AIPlayer, Turn
from rankedmafia.ai.prompt import CLAN, NIGHT, POST, REVIVE, VOTE, PromptBuilder
from rankedmafia.ai.rating import ratings, side_kind
from rankedmafia.ai.seats import seat_agents, seat_names
from rankedmafia.ai.talk import Conversation, Floor, clan_order
from rankedmafia.bots import MAX_PHASES, Policy, make_policy
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import PhaseKind
from rankedmafia.script import record
from rankedmafia.setup import Setup, new_game
from rankedmafia.text.names import refusal
from rankedmafia.verify import verify

T = TypeVar("T")
BACKENDS = ("process", "ray")
FAKE = "fake:"  # base_url "fake:legal": the project's fake model, in process (docs, tests, benchmarks)
NO_WINNER = "stalemate"  # a game that ended with no winner: the report counts it apart
UNFINISHED = "unfinished"  # a game still going at the phase cap


class ArenaError(Exception):
    """A run that cannot start, with the reason in words."""


@dataclass(slots=True)
class Settings:
    agents: list[AgentConfig]
    setup: Setup
    games: int
    seed: str = "arena"
    max_phases: int = MAX_PHASES
    bootstrap: int = 200

    def as_json(self) -> dict[str, Any]:
        setup = self.setup
        return {"agents": [a.as_mapping() for a in self.agents], "games": self.games, "seed": self.seed,
                "max_phases": self.max_phases, "bootstrap": self.bootstrap,
                "setup": {"name": setup.name, "players": setup.players, "roles": setup.roles, "title": setup.title,
                          "rules": setup.rules, "start": setup.start, "clans": setup.clans}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        return cls([AgentConfig.from_mapping(a, i) for i, a in enumerate(data["agents"])],
                   Setup.from_mapping(data["setup"]), int(data["games"]), str(data["seed"]),
                   int(data["max_phases"]), int(data.get("bootstrap", 200)))


def make_client(config: AgentConfig, pool: HttpPool | None = None) -> ChatClient:
    """The agent's client, on the process's shared `pool` if given; `fake:<mode>` is the fake model, in
    process."""
    if config.base_url.startswith(FAKE):
        model = FakeModel(default=config.base_url[len(FAKE):] or "legal", record=False)
        return ChatClient(AgentConfig(**{**config.as_mapping(), "base_url": "http://fake.invalid/v1"}),
                          transport=model)
    return ChatClient(config, transport=pool)


@dataclass(slots=True)
class Table:
    """One game being played: its seats' agents, the AI players and bots, the talk, every turn."""

    game: Game
    agents: dict[str, str]  # seat -> agent name
    players: dict[str, AIPlayer]  # seat -> its AI player (AI seats only)
    policies: dict[str, Policy]  # seat -> its bot (bot seats only)
    talk: Conversation
    builder: PromptBuilder
    turns: list[Turn] = field(default_factory=list)
    conflicts: int = 0

    def apply(self, turn: Turn) -> None:
        self.turns.append(turn)
        if turn.command is None:
            return
        try:
            self.game.apply(turn.command)
        except RuleViolation as error:  # another seat's command since the prompt made this one moot
            player = self.players.get(turn.seat)  # the engine's reason in words, as a refusal is told
            turn.refusals.append(refusal(error, player.config.lang if player is not None else "ru"))
            turn.command, turn.passed = None, True
            self.conflicts += 1

    async def night(self) -> None:
        game = self.game
        await self.clan_chat()
        asked = [n for n in game.alive() if n in self.players and game.choices(n)]
        turns = await asyncio.gather(*(self.players[n].decide(self.builder, n, NIGHT, self.talk) for n in asked))
        decided = dict(zip(asked, turns, strict=True))
        for name in game.alive():
            if name in decided:
                self.apply(decided[name])
            elif name in self.policies:
                self.policies[name].act(game, name)
        step = game.begin_follow_up()
        while step is not None:
            if step.player in self.players:
                self.apply(await self.players[step.player].decide(self.builder, step.player, REVIVE, self.talk))
            else:
                self.policies[step.player].revive(game, step.player, list(step.told))
            if game.follow_up_step() == step:
                game.decline(step.player)
            step = game.follow_up_step()

    async def clan_chat(self) -> None:
        """Each clan's AI members write a line, the boss last (`talk.clan_order`)."""
        game = self.game
        clans: dict[str, list[str]] = defaultdict(list)
        bosses: dict[str, str | None] = {}
        living = set(game.alive())
        for name in game.alive():
            if name not in self.players or self.players[name].config.posts_per_day == 0:
                continue
            view = game.view(name)
            if sum(1 for n in view.clan if n in living) < 2:
                continue  # nobody to talk to
            for clan in view.clans:
                clans[clan].append(name)
                bosses[clan] = view.bosses.get(clan)
        for clan, members in sorted(clans.items()):
            for name in clan_order(members, bosses[clan]):
                turn = await self.players[name].decide(self.builder, name, CLAN, self.talk, clan=clan)
                self.turns.append(turn)
                if turn.post:
                    self.talk.add(name, turn.post, game.phase.number, f"clan:{clan}", turn.bid)

    async def day(self) -> None:
        game = self.game
        talkers = [n for n in game.alive() if n in self.players and self.players[n].config.posts_per_day > 0]
        quota = {n: self.players[n].config.posts_per_day for n in talkers}
        floor = Floor(talkers, game.phase.number, quota, per_day=sum(quota.values()))
        while (speaker := floor.next_speaker(self.talk)) is not None:
            turn = await self.players[speaker].decide(self.builder, speaker, POST, self.talk,
                                                      tuple(floor.addressed(self.talk, speaker)))
            self.turns.append(turn)
            if turn.post:
                self.talk.add(speaker, turn.post, game.phase.number, bid=turn.bid)
            else:
                floor.passed.add(speaker)
        voters = [n for n in game.voters() if n in self.players]  # those offered a vote today
        turns = await asyncio.gather(*(self.players[n].decide(self.builder, n, VOTE, self.talk) for n in voters))
        decided = dict(zip(voters, turns, strict=True))
        for name in game.alive():
            if name in decided:
                self.apply(decided[name])
            elif name in self.policies:
                self.policies[name].vote(game, name)

    async def play(self, max_phases: int) -> None:
        for _ in range(max_phases):
            if self.game.over:
                break
            if self.game.phase.kind is PhaseKind.NIGHT:
                await self.night()
            else:
                await self.day()
            self.game.resolve()


async def play_game(settings: Settings, index: int, clients: Mapping[str, ChatClient]) -> tuple[Table, str]:
    """Game `index` of a run, played to its end (or `max_phases`)."""
    seed = f"{settings.seed}:{index}"
    names, sexes = seat_names(settings.setup.players)
    game = new_game(settings.setup, names, seed, sexes=sexes)
    by_name = {a.name: a for a in settings.agents}
    agents = dict(zip(names, seat_agents([a.name for a in settings.agents], len(names), seed), strict=True))
    players: dict[str, AIPlayer] = {}
    policies: dict[str, Policy] = {}
    bots: dict[str, Policy] = {}
    for name, agent in agents.items():
        config = by_name[agent]
        if config.is_ai:
            players[name] = AIPlayer(config, clients[agent])
        else:
            if agent not in bots:
                bots[agent] = make_policy(config.kind, random.Random(f"{seed}:{agent}"))
            policies[name] = bots[agent]
    table = Table(game, agents, players, policies, Conversation(tuple(names)), PromptBuilder(game))
    await table.play(settings.max_phases)
    return table, seed


def game_result(settings: Settings, index: int, table: Table, seed: str, verified: bool) -> dict[str, Any]:
    """The finished game's line of results.jsonl: its seats and the per-game measures."""
    game = table.game
    winners = set(game.winners()) if game.over else set()
    by_seat: dict[str, dict[str, Any]] = {}
    for player in game.players():
        by_seat[player.name] = {
            "name": player.name, "agent": table.agents[player.name], "role": player.initial_role,
            "team": player.team, "clan": player.clan, "won": player.name in winners, "alive": player.alive,
            "decisions": 0, "invalid": 0, "passes": 0, "timeouts": 0, "posts": 0, "words": 0,
            "prompt_tokens": 0, "completion_tokens": 0, "seconds": 0.0,
            "votes": 0, "votes_on_mafia": 0, "finds": 0}
    for turn in table.turns:
        seat = by_seat[turn.seat]
        seat["decisions"] += 1
        seat["invalid"] += turn.invalid
        seat["passes"] += int(turn.passed)
        seat["timeouts"] += int(turn.timed_out)
        seat["prompt_tokens"] += turn.prompt_tokens
        seat["completion_tokens"] += turn.completion_tokens
        seat["seconds"] += turn.seconds
        if turn.post:
            seat["posts"] += 1
            seat["words"] += len(turn.post.split())
    mafia = {p.name for p in game.players() if p.clan is not None}
    for result in game.results:
        for event in result.events:
            if event.get("type") == "votes":
                for voter, choice in event["votes"].items():
                    seat = by_seat[voter]
                    if seat["team"] == "town":
                        seat["votes"] += 1
                        seat["votes_on_mafia"] += int(choice in mafia)
        for entry in result.info:
            checker = by_seat.get(str(entry.get("to")))
            if entry.get("kind") == "check" and entry.get("result") == "mafia" and checker is not None \
                    and checker["role"] == "commissar":
                checker["finds"] += 1
    usage = {key: sum(seat[key] for seat in by_seat.values())
             for key in ("decisions", "invalid", "passes", "timeouts", "prompt_tokens", "completion_tokens", "seconds")}
    return {"index": index, "seed": seed, "setup": settings.setup.name, "winner": game.winner,
            "ended": game.ended,  # "stalemate" when nobody won (RULINGS.md, "Stalemate"), else None
            "phases": len(game.results), "verified": verified, "conflicts": table.conflicts, "usage": usage,
            "posts": len(table.talk.posts), "seats": list(by_seat.values())}


async def run_games(settings: Settings, indices: Iterable[int], out: Path,
                    done: Callable[[dict[str, Any]], None] | None = None,
                    lanes: int = LANES, parent: int | None = None) -> list[dict[str, Any]]:
    """Plays these games of a run (one process's share), `lanes` at a time on one event loop and one pool
    of connections, writing each one's record and prompts and handing its result to `done` as it ends.
    While one game waits for its model the others play: the client, the server and the disk overlap. The
    games are independent (each its own seed, table and bots), so the order they end in changes nothing.
    `parent`: the pid of the run's process; a worker whose parent was killed (-9) stops before writing
    anything more, so that it cannot overwrite the records of the run that resumes."""
    pool = HttpPool()
    clients = {a.name: make_client(a, pool) for a in settings.agents if a.is_ai}
    results: dict[int, dict[str, Any]] = {}
    order = list(indices)
    untaken = iter(order)

    async def lane() -> None:
        for index in untaken:  # one iterator for every lane: each game is taken once
            table, seed = await play_game(settings, index, clients)
            if parent is not None and os.getppid() != parent:
                os._exit(1)  # orphaned: nobody reads what it would send, and a resumed run owns the records
            rec = record(table.game)
            verified = not verify(rec, seed)
            write_records(out, index, rec, table.turns)
            results[index] = game_result(settings, index, table, seed, verified)
            if done is not None:
                done(results[index])

    try:
        await asyncio.gather(*(lane() for _ in range(max(1, min(lanes, len(order))))))
    finally:
        for client in clients.values():
            await client.close()
        await pool.close()
    return [results[i] for i in order]


def _event_loop(main: Coroutine[Any, Any, T]) -> T:
    """Runs `main` on uvloop where it is installed (a worker's requests cost a third less), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def run_chunk(settings_json: dict[str, Any], indices: list[int], out: str, lanes: int = LANES) -> list[dict[str, Any]]:
    """A share of a run (plain arguments: they cross process boundaries; the ray backend's task)."""
    return _event_loop(run_games(Settings.from_json(settings_json), indices, Path(out), lanes=lanes))


def _worker(settings_json: dict[str, Any], indices: list[int], out: str, lanes: int, sink: Any, parent: int) -> None:
    """A worker process: its share of the games, each result put on `sink` as the game ends; then None.
    An error is put as its text, for the parent to say."""
    try:
        _event_loop(run_games(Settings.from_json(settings_json), indices, Path(out), sink.put, lanes, parent))
    except BaseException:  # the parent is told, whatever it was
        sink.put(traceback.format_exc())
        raise
    if os.getppid() != parent:
        os._exit(1)  # orphaned: a full pipe nobody reads would hold its exit forever
    sink.put(None)


def write_records(out: Path, index: int, rec: Mapping[str, Any], turns: Iterable[Turn]) -> None:
    folder = out / "records"
    folder.mkdir(parents=True, exist_ok=True)
    _write_atomic(folder / f"{index}.json", json.dumps(rec, ensure_ascii=False, indent=1))
    _write_atomic(folder / f"{index}.prompts.jsonl",
                  "".join(json.dumps(t.as_json(), ensure_ascii=False) + "\n" for t in turns))


def _write_atomic(path: Path, text: str) -> None:
    temporary = path.with_suffix(path.suffix + ".part")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def seat_prompts(out: str | Path, index: int, seat: str) -> list[dict[str, Any]]:
    """Every prompt one seat of a recorded game got, with its answers, in order (for a replay page)."""
    path = Path(out) / "records" / f"{index}.prompts.jsonl"
    turns = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [t for t in turns if t["seat"] == seat]


# --- a run ----------------------------------------------------------------------------------------
def load_results(out: Path) -> dict[int, dict[str, Any]]:
    """The games already finished (a torn last line, from a run killed while writing, is ignored)."""
    path = out / "results.jsonl"
    done: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            done[int(entry["index"])] = entry
    return done


def start(settings: Settings, out: Path) -> None:
    """A new run's directory (refused if it holds another run)."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / "arena.json"
    if path.exists() and json.loads(path.read_text(encoding="utf-8")) != settings.as_json():
        raise ArenaError(f"{out} holds another run: resume it with --resume or choose another --out")
    path.write_text(json.dumps(settings.as_json(), ensure_ascii=False, indent=1), encoding="utf-8")


def resume_settings(out: Path) -> Settings:
    path = out / "arena.json"
    if not path.exists():
        raise ArenaError(f"{out} holds no arena run (no arena.json)")
    return Settings.from_json(json.loads(path.read_text(encoding="utf-8")))


async def preflight(agents: Sequence[AgentConfig]) -> None:
    """One short request to each AI agent's server before a run: a server that is down or a model that is
    missing is said at once, not after every seat of every game has waited out its deadline. The check
    waits as a seat's decision does: a first answer slower than the agent's `timeout` (a local server
    loading its model) is asked again, time-outs and 429s retried, until the agent's `deadline`. The
    agents' servers are asked together."""
    ai = [config for config in agents if config.is_ai]
    failures = await asyncio.gather(*(_check(config) for config in ai))
    for failure in failures:
        if failure is not None:
            raise ArenaError(failure)


async def _check(config: AgentConfig) -> str | None:
    """The reason in words why this agent's server cannot play, or None."""
    client = make_client(config)
    try:
        await client.complete([{"role": "user", "content": "ok"}], None, client.clock() + config.deadline)
    except NoAnswer as error:
        waited = f"{error.seconds:.0f} s, {error.retries} retries" if error.reason == "deadline" else ""
        return (f"agent {config.name!r}: no answer from {config.base_url} ({error.reason}"
                + (f": {waited})" if waited else ")"))
    finally:
        await client.close()
    return None


def run(settings: Settings, out: Path, jobs: int = 1, backend: str = "process", chunk: int = 1,
        progress: Callable[[int], None] | None = None, lanes: int = LANES) -> dict[str, Any]:
    """Plays the run's games not yet finished, appending each to results.jsonl as it ends (the ones that
    ended together are made durable with one fsync), then rates everything. The process backend starts
    `jobs` worker processes once, each playing its share `lanes` games at a time; ray's tasks are chunks
    of `chunk` games."""
    if jobs < 1 or settings.games < 1:
        raise ArenaError("at least one game and one job")
    if backend not in BACKENDS:
        raise ArenaError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    start(settings, out)
    done = load_results(out)
    left = [i for i in range(settings.games) if i not in done]
    if left:
        asyncio.run(preflight(settings.agents))
    tick = progress or (lambda _n: None)
    tick(len(done))
    work = [left[i:i + chunk] for i in range(0, len(left), chunk)]
    with (out / "results.jsonl").open("a", encoding="utf-8") as sink:
        def keep(results: list[dict[str, Any]]) -> None:
            sink.write("".join(json.dumps(result, ensure_ascii=False) + "\n" for result in results))
            sink.flush()
            os.fsync(sink.fileno())
            for result in results:
                done[result["index"]] = result
            tick(len(results))

        if backend == "ray":
            _run_ray(settings, work, out, jobs, lanes, keep)
        else:
            _run_processes(settings, left, out, jobs, lanes, keep)
    report = summarize(settings, [done[i] for i in sorted(done)], jobs)
    (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    return report


def _run_processes(settings: Settings, left: list[int], out: Path, jobs: int, lanes: int,
                   keep: Callable[[list[dict[str, Any]]], None]) -> None:
    """`jobs` worker processes, started once, each with every jobs-th game of those left (the games are
    dealt from their own seeds, so the share changes nothing but the speed). The parent writes the results
    as they come, all those waiting at once."""
    context = multiprocessing.get_context()
    sink: Any = context.Queue()
    shares = [left[k::jobs] for k in range(min(jobs, len(left)))]
    workers = [context.Process(target=_worker, args=(settings.as_json(), share, str(out), lanes, sink, os.getpid()),
                               daemon=True)
               for share in shares]
    for worker in workers:
        worker.start()
    running = len(workers)
    try:
        while running:
            try:
                batch = [sink.get(timeout=1.0)]
            except queue.Empty:
                if any(w.exitcode not in (None, 0) for w in workers):
                    raise ArenaError("a worker process died (exit status "
                                     + ", ".join(str(w.exitcode) for w in workers if w.exitcode) + ")") from None
                if all(w.exitcode is not None for w in workers):  # what they sent was in before they ended
                    raise ArenaError("the worker processes ended before sending every result") from None
                continue
            while True:
                try:
                    batch.append(sink.get_nowait())
                except queue.Empty:
                    break
            failure = next((item for item in batch if isinstance(item, str)), None)
            results = [item for item in batch if isinstance(item, dict)]
            if results:
                keep(results)
            if failure is not None:
                raise ArenaError(f"a worker process failed:\n{failure}")
            running -= sum(1 for item in batch if item is None)
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
            worker.join()


def _run_ray(settings: Settings, work: list[list[int]], out: Path, jobs: int, lanes: int,
             keep: Callable[[list[dict[str, Any]]], None]) -> None:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise ArenaError("the ray backend needs ray, which is not installed: pip install 'rankedmafia[ray]'") from None
    if not ray.is_initialized():
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(run_chunk)
    pending = [remote.remote(settings.as_json(), indices, str(out), lanes) for indices in work]
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        for ref in finished:
            keep(ray.get(ref))


def summarize(settings: Settings, games: Sequence[dict[str, Any]], jobs: int = 1) -> dict[str, Any]:
    """The ratings beside each agent's measures over the games (the bootstrap on `jobs` processes)."""
    rated = ratings(games, settings.bootstrap, f"{settings.seed}:bootstrap", jobs)
    agents: dict[str, dict[str, Any]] = {}
    for config in settings.agents:
        agents[config.name] = {"kind": config.kind, "seats": 0, "wins": 0, "by_side": {},
                               "decisions": 0, "invalid": 0, "passes": 0, "timeouts": 0,
                               "prompt_tokens": 0, "completion_tokens": 0, "seconds": 0.0,
                               "town_votes": 0, "town_votes_on_mafia": 0, "commissar_seats": 0, "finds": 0,
                               "posts": {}, "words": {}}
    for game in games:
        for seat in game["seats"]:
            entry = agents[seat["agent"]]
            side = side_kind(seat["team"], seat.get("clan"))
            entry["seats"] += 1
            entry["wins"] += int(seat["won"])
            played = entry["by_side"].setdefault(side, {"seats": 0, "wins": 0})
            played["seats"] += 1
            played["wins"] += int(seat["won"])
            for key in ("decisions", "invalid", "passes", "timeouts", "prompt_tokens", "completion_tokens",
                        "seconds"):
                entry[key] += seat[key]
            entry["town_votes"] += seat["votes"]
            entry["town_votes_on_mafia"] += seat["votes_on_mafia"]
            if seat["role"] == "commissar":
                entry["commissar_seats"] += 1
                entry["finds"] += seat["finds"]
            entry["posts"][side] = entry["posts"].get(side, 0) + seat["posts"]
            entry["words"][side] = entry["words"].get(side, 0) + seat["words"]
    for name, entry in agents.items():
        entry["rating"] = rated.get(name)
        entry["town_vote_share_on_mafia"] = (entry["town_votes_on_mafia"] / entry["town_votes"]
                                             if entry["town_votes"] else None)
        entry["finds_per_commissar"] = entry["finds"] / entry["commissar_seats"] if entry["commissar_seats"] else None
        entry["invalid_rate"] = entry["invalid"] / entry["decisions"] if entry["decisions"] else None
        entry["words_per_post"] = {side: entry["words"][side] / entry["posts"][side]
                                   for side in entry["posts"] if entry["posts"][side]}
    wins: dict[str, int] = defaultdict(int)
    for game in games:  # a game with no winner is counted apart: a stalemate, or one cut at the phase cap
        wins[str(game["winner"] or (NO_WINNER if game.get("ended") else UNFINISHED))] += 1
    return {"setup": settings.setup.name, "games": len(games), "seed": settings.seed,
            "verified": sum(1 for g in games if g["verified"]), "winners": dict(sorted(wins.items())),
            "no_winner": wins.get(NO_WINNER, 0), "agents": agents}
