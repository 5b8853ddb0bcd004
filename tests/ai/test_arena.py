"""The arena: the same seeds give the same games and ratings whatever the processes; every record is
verified; a run resumes after an interruption; the CLI rates three agents."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rankedmafia.ai.arena import (
    ArenaError,
    Settings,
    Table,
    load_results,
    preflight,
    run,
    run_games,
    seat_prompts,
    summarize,
)
from rankedmafia.ai.cli import print_report
from rankedmafia.ai.config import AgentConfig, parse_agents
from rankedmafia.ai.fake_server import FakeModel, Step, serve
from rankedmafia.ai.player import Turn
from rankedmafia.ai.prompt import PromptBuilder
from rankedmafia.ai.seats import seat_agents, seat_names
from rankedmafia.ai.talk import Conversation
from rankedmafia.cli import app
from rankedmafia.setup import new_game, preset
from rankedmafia.verify import verify

from .test_prompt_words import ids_in

AGENTS = {"agents": [{"name": "scripted", "kind": "ai", "base_url": "fake:legal", "model": "m", "posts_per_day": 1},
                     {"name": "heuristic", "kind": "heuristic"}, {"name": "random", "kind": "random"}]}


def settings(games: int, seed: str = "t") -> Settings:
    return Settings(parse_agents(AGENTS), preset("classic-12"), games, seed, bootstrap=30)


def ratings_of(report: dict[str, object]) -> dict[str, object]:
    return {name: entry["rating"] for name, entry in report["agents"].items()}  # type: ignore[attr-defined]


def test_same_seeds_same_ratings_whatever_the_jobs(tmp_path: Path) -> None:
    one = run(settings(6), tmp_path / "one", jobs=1)
    two = run(settings(6), tmp_path / "two", jobs=2, chunk=2)
    assert ratings_of(one) == ratings_of(two)
    assert one["verified"] == 6 and one["games"] == 6
    lines = [load_results(tmp_path / d) for d in ("one", "two")]
    for results in lines:  # the time taken is the one thing a run does not repeat
        for result in results.values():
            for seat in result["seats"]:
                assert seat.pop("seconds") >= 0
            assert result["usage"].pop("seconds") >= 0
    assert lines[0] == lines[1]
    other = run(settings(6, seed="u"), tmp_path / "three", jobs=1)
    assert ratings_of(other) != ratings_of(one)


def test_records_verify_and_keep_every_prompt(tmp_path: Path) -> None:
    run(settings(2), tmp_path, jobs=1)
    results = load_results(tmp_path)
    for index, result in results.items():
        rec = json.loads((tmp_path / "records" / f"{index}.json").read_text(encoding="utf-8"))
        assert verify(rec, result["seed"]) == []
        scripted = [s["name"] for s in result["seats"] if s["agent"] == "scripted"]
        prompts = seat_prompts(tmp_path, index, scripted[0])
        assert prompts and all(p["seat"] == scripted[0] for p in prompts)
        assert all(p["messages"][0]["content"].startswith("Вы играете") for p in prompts)
        assert sum(s["decisions"] for s in result["seats"] if s["agent"] == "scripted") > 0
        assert all(s["decisions"] == 0 for s in result["seats"] if s["agent"] != "scripted")


def test_resume_after_an_interruption(tmp_path: Path) -> None:
    full = run(settings(5), tmp_path / "full", jobs=1)
    out = tmp_path / "cut"
    run(settings(2), out, jobs=1)  # as if killed after two games ...
    (out / "arena.json").write_text(json.dumps(settings(5).as_json()), encoding="utf-8")
    with (out / "results.jsonl").open("a", encoding="utf-8") as sink:
        sink.write('{"index": 2, "seed": "t:2", "se')  # ... while writing the third
    ticks: list[int] = []
    resumed = run(settings(5), out, jobs=1, progress=ticks.append)
    assert ticks[0] == 2 and sum(ticks) == 5
    assert ratings_of(resumed) == ratings_of(full)
    with pytest.raises(ArenaError):
        run(settings(7, seed="other"), out, jobs=1)  # the directory holds another run


def test_a_server_that_is_down_is_said_before_the_run(tmp_path: Path) -> None:
    from .helpers import free_port

    down = {"agents": [{"name": "down", "kind": "ai", "base_url": f"http://127.0.0.1:{free_port()}/v1",
                        "model": "m", "timeout": 1, "deadline": 1}, {"name": "random", "kind": "random"}]}
    with pytest.raises(ArenaError, match=r"'down': no answer from http://127\.0\.0\.1"):
        run(Settings(parse_agents(down), preset("classic-12"), 2, "down"), tmp_path, jobs=1)
    assert load_results(tmp_path) == {}


def test_the_start_check_waits_for_a_slow_first_answer_within_the_deadline() -> None:
    """A local server loading its model answers the first request late: the check asks again after the
    agent's `timeout`, within its `deadline`, and the run starts; past the deadline it is said in words."""

    def agent(port: int, timeout: float, deadline: float) -> AgentConfig:
        return AgentConfig(name="slow", kind="ai", base_url=f"http://127.0.0.1:{port}/v1", model="m",
                           timeout=timeout, deadline=deadline)

    async def main() -> None:
        model = FakeModel()
        server, port = await serve(model)
        try:
            model.queue(Step("slow", seconds=2.0))  # the first answer comes after the request's time-out
            started = time.monotonic()
            await preflight([agent(port, timeout=0.3, deadline=4.0)])
            assert len(model.requests) == 2 and time.monotonic() - started < 2.0  # asked again, not waited out
            model.queue(*[Step("slow", seconds=2.0)] * 4)
            with pytest.raises(ArenaError, match=r"'slow': no answer from http://127\.0\.0\.1:\d+/v1 \(deadline: "):
                await preflight([agent(port, timeout=0.2, deadline=0.6)])
        finally:
            await server.cleanup()

    asyncio.run(main())


def test_a_command_made_moot_is_kept_with_the_engines_reason_in_words() -> None:
    names, sexes = seat_names(12)
    game = new_game(preset("classic-12"), names, "moot", sexes=sexes)
    table = Table(game, {}, {}, {}, Conversation(tuple(names)), PromptBuilder(game))
    kind = game.phase.kind.value
    turn = Turn(names[0], "a", kind, kind, game.phase.number, [])
    wrong = "night" if kind == "day" else "day"  # a command of the other phase: the engine refuses it
    turn.command = ({"type": "vote", "voter": names[0], "choice": names[1]} if wrong == "day"
                    else {"type": "act", "actor": names[0], "action": "kill", "targets": [names[1]]})
    table.apply(turn)
    assert turn.passed and turn.command is None and table.conflicts == 1
    assert turn.refusals and ids_in(turn.refusals[-1]) == [] and "_" not in turn.refusals[-1], turn.refusals


def test_seating_is_balanced_and_drawn_from_the_seed() -> None:
    seats = seat_agents(["a", "b", "c"], 12, "s:1")
    assert sorted(seats.count(x) for x in "abc") == [4, 4, 4]
    assert seats == seat_agents(["a", "b", "c"], 12, "s:1") and seats != seat_agents(["a", "b", "c"], 12, "s:2")


def test_cli_rates_three_agents_and_resumes(tmp_path: Path) -> None:
    agents = tmp_path / "agents.yaml"
    agents.write_text(json.dumps(AGENTS), encoding="utf-8")
    runner = CliRunner()
    out = tmp_path / "run"
    result = runner.invoke(app, ["arena", str(agents), "--setup", "classic-12", "--games", "3", "--out", str(out),
                                 "--json", "--bootstrap", "20"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout[result.stdout.index("{"):])
    assert set(report["agents"]) == {"scripted", "heuristic", "random"} and report["verified"] == 3
    for entry in report["agents"].values():
        low, high = entry["rating"]["ci95"]
        assert low <= high
    again = runner.invoke(app, ["arena", "--resume", str(out), "--json"])
    assert again.exit_code == 0 and json.loads(again.stdout[again.stdout.index("{"):])["games"] == 3
    missing = runner.invoke(app, ["arena", "--resume", str(tmp_path / "nothing")])
    assert missing.exit_code == 2 and "no arena run" in " ".join(missing.output.split())
    bad = tmp_path / "bad.yaml"
    bad.write_text("agents:\n  - {name: x, kind: oracle}\n", encoding="utf-8")
    refused = runner.invoke(app, ["arena", str(bad)])
    assert refused.exit_code == 2 and "kind must be one of" in " ".join(refused.output.split())


def test_games_played_together_on_shared_clients_count_per_seat(tmp_path: Path) -> None:
    """Eight games at once on one client per agent give the games played one at a time, and each seat's
    tokens and decisions are its own turns' (nothing mixed between the games that share a client)."""
    together = asyncio.run(run_games(settings(8), range(8), tmp_path / "together", lanes=8))
    alone = asyncio.run(run_games(settings(8), range(8), tmp_path / "alone", lanes=1))
    for results in (together, alone):
        for result in results:
            result["usage"].pop("seconds")
            for seat in result["seats"]:
                seat.pop("seconds")
    assert together == alone
    for result in together:
        turns = [json.loads(line) for line in (tmp_path / "together" / "records" / f"{result['index']}.prompts.jsonl")
                 .read_text(encoding="utf-8").splitlines()]
        for seat in result["seats"]:
            mine = [t for t in turns if t["seat"] == seat["name"]]
            assert seat["decisions"] == len(mine)
            assert seat["prompt_tokens"] == sum(t["prompt_tokens"] for t in mine)
        assert sum(s["prompt_tokens"] for s in result["seats"]) > 0


def test_a_failing_worker_is_said_and_nothing_is_counted(tmp_path: Path) -> None:
    (tmp_path / "records").write_text("not a folder", encoding="utf-8")  # a worker cannot write a record
    with pytest.raises(ArenaError, match="a worker process failed"):
        run(settings(3), tmp_path, jobs=2)
    assert load_results(tmp_path) == {}


def test_workers_stop_when_the_run_is_killed_and_the_run_resumes(tmp_path: Path) -> None:
    """kill -9 of the run's process: its workers write nothing more (a resumed run owns the records), and
    `--resume` finishes with the ratings of an uninterrupted run."""
    agents = tmp_path / "agents.yaml"
    agents.write_text(json.dumps(AGENTS), encoding="utf-8")
    out = tmp_path / "cut"
    command = [sys.executable, "-m", "rankedmafia", "arena", str(agents), "--games", "60", "--jobs", "2",
               "--out", str(out), "--bootstrap", "30", "--seed", "t"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = out / "results.jsonl"
    end = time.monotonic() + 120
    while not (results.exists() and results.read_text(encoding="utf-8").count("\n") >= 3):
        assert time.monotonic() < end and process.poll() is None, "no game ended"
        time.sleep(0.05)  # polling the run's output, not timing it
    children = (Path("/proc") / str(process.pid) / "task" / str(process.pid) / "children").read_text().split()
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert len(children) == 2
    for pid in children:
        while running(int(pid)):
            assert time.monotonic() < end, "an orphaned worker kept playing"
            time.sleep(0.05)
    finished = len(load_results(out))
    assert finished < 60
    resumed = run(settings(60), out, jobs=2)
    assert resumed["games"] == 60 and resumed["verified"] == 60
    assert ratings_of(resumed) == ratings_of(run(settings(60), tmp_path / "whole", jobs=1))


def running(pid: int) -> bool:
    try:
        return "zombie" not in (Path("/proc") / str(pid) / "status").read_text()
    except FileNotFoundError:
        return False


def test_the_report_counts_games_with_no_winner_apart(capsys: pytest.CaptureFixture[str]) -> None:
    # RULINGS.md, "Stalemate": a game that ended with no winner is neither a side's win nor a draw, nor a
    # game cut at the phase cap; the report counts it apart and the command says so
    games = [{"index": i, "winner": winner, "ended": ended, "verified": True, "seats": []}
             for i, (winner, ended) in enumerate([("town", None), (None, "stalemate"), (None, None)])]
    report = summarize(settings(3), games)
    assert report["winners"] == {"stalemate": 1, "town": 1, "unfinished": 1}
    assert report["no_winner"] == 1
    print_report(report)
    assert "no winner (stalemate) 1" in capsys.readouterr().out
