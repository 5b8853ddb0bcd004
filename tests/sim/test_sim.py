"""The simulator: statistics, the exact vanilla recursion against the engine, runs, the command."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from rankedmafia.cli import app
from rankedmafia.rules.game import Game, Seat
from rankedmafia.setup import new_game, preset
from rankedmafia.sim import runner
from rankedmafia.sim.chart import html_page, svg
from rankedmafia.sim.cli import load_setup, print_report
from rankedmafia.sim.exact import exact_vanilla, hang_probability, is_vanilla, vanilla_setup
from rankedmafia.sim.runner import NO_WINNER, Simulation, SimulationError, Tally, play_one, run_chunk, simulate
from rankedmafia.sim.stats import Z99, wilson


# --- Wilson intervals ---------------------------------------------------------------------------------
def test_wilson_known_values() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.27753, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == pytest.approx((0.23659, 0.76341), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(min_value=1, max_value=10_000), st.data())
def test_wilson_contains_the_estimate(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(min_value=0, max_value=trials))
    low, high = wilson(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0
    wide_low, wide_high = wilson(successes, trials, Z99)
    assert wide_low <= low + 1e-12 and high <= wide_high + 1e-12
    mirror = wilson(trials - successes, trials)
    assert mirror == pytest.approx((1 - high, 1 - low))


# --- the exact recursion ------------------------------------------------------------------------------
def brute_hang(voters: int, candidates: int) -> Fraction:
    hanged = 0
    for ballot in itertools.product(range(candidates), repeat=voters):
        counts = Counter(ballot).most_common()
        if len(counts) == 1 or counts[0][1] > counts[1][1]:
            hanged += 1
    return Fraction(hanged, candidates**voters)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=6), st.integers(min_value=1, max_value=6))
def test_hang_probability_matches_enumeration(voters: int, candidates: int) -> None:
    assert hang_probability(voters, candidates) == brute_hang(voters, candidates)
    assert hang_probability(voters, candidates, "random") == 1


def test_exact_small_game_by_hand() -> None:
    # 4 players, 1 mafioso: the night leaves 2 + 1; the day hangs someone with p = 7/9, the mafioso with a
    # third of it; otherwise the mafia wins (2 left, or 1 on 1 after the next night).
    assert exact_vanilla(vanilla_setup(4, 1)) == {"town": Fraction(7, 27), "mafia": Fraction(20, 27),
                                                  "draw": Fraction(0)}
    assert exact_vanilla(vanilla_setup(3, 1))["mafia"] == 1


@pytest.mark.parametrize(("players", "mafia", "tie"), [(5, 1, "nobody"), (7, 1, "nobody"), (9, 2, "nobody"),
                                                       (8, 2, "random")])
def test_simulator_agrees_with_the_exact_probability(players: int, mafia: int, tie: str) -> None:
    setup = vanilla_setup(players, mafia, tie)
    exact = exact_vanilla(setup)
    tally = simulate(setup, 2500, "vanilla", seed=f"exact-{players}").tally
    assert tally.wins["town"] + tally.wins["mafia"] == tally.games == 2500
    for side in ("town", "mafia"):
        low, high = wilson(tally.wins[side], tally.games, Z99)
        assert low <= exact[side] <= high, (side, float(exact[side]), low, high)


def test_vanilla_setups() -> None:
    setup = vanilla_setup(9)
    assert setup.role_list().count("civilian") == 6 and is_vanilla(setup)
    assert not is_vanilla(preset("classic-12"))
    with pytest.raises(ValueError):
        exact_vanilla(preset("classic-12"))
    with pytest.raises(ValueError):
        vanilla_setup(12, 4)
    assert load_setup("vanilla-7-2").roles == {"mafia1": 1, "mafia2": 1}
    assert load_setup("classic-12").players == 12


# --- runs ---------------------------------------------------------------------------------------------
def test_runs_are_reproducible_whatever_the_processes_and_chunks() -> None:
    setup = preset("classic-12")
    one = simulate(setup, 48, "random", seed="r", jobs=1, chunk=7).report()
    two = simulate(setup, 48, "random", seed="r", jobs=2, chunk=5).report()
    assert one == two
    other = simulate(setup, 48, "random", seed="s").report()
    assert other["sides"] != one["sides"] or other["lengths"] != one["lengths"]


def test_game_i_is_played_from_seed_s_i() -> None:
    setup = preset("classic-12")
    game = play_one(setup, "random", "S", 3)
    assert game.seed == "S:3"
    again = new_game(setup, runner.seat_names(setup), "S:3")
    assert [p.role for p in again.players()] == [p.initial_role for p in game.players()]
    whole = run_chunk(setup, "random", "S", 0, 6)
    parts = run_chunk(setup, "random", "S", 0, 3)
    parts.merge(run_chunk(setup, "random", "S", 3, 6))
    assert whole == parts


def test_report_figures() -> None:
    setup = preset("classic-20")
    report = simulate(setup, 40, "heuristic", seed="f").report()
    assert report["games"] == 40
    assert set(report["sides"]) >= {"town", "mafia", "maniac", "draw"}
    assert sum(s["wins"] for s in report["sides"].values()) == 40
    for s in report["sides"].values():
        assert s["ci95"][0] <= s["rate"] <= s["ci95"][1]
    assert report["survival"]["civilian"]["seats"] == 40 * 4
    assert all(r["seats"] == 40 for role, r in report["survival"].items() if role != "civilian")
    assert sum(int(k) * v for k, v in report["lengths"].items()) == pytest.approx(report["average_days"] * 40)
    assert report["average_days"] >= 1


def test_bad_runs() -> None:
    setup = preset("classic-12")
    with pytest.raises(SimulationError):
        simulate(setup, 0)
    with pytest.raises(SimulationError):
        simulate(setup, 5, backend="mpi")
    with pytest.raises(ValueError):
        simulate(setup, 5, policy="clever")


def test_tally_counts_one_game() -> None:
    game = play_one(preset("classic-12"), "random", "t", 0)
    tally = Tally()
    tally.add_game(game)
    assert tally.games == 1 and sum(tally.wins.values()) == 1
    assert sum(tally.seats.values()) == 12
    assert sum(tally.survivors.values()) == len(game.alive())


# --- the command --------------------------------------------------------------------------------------
def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, ["simulate", *args])


def test_command_json() -> None:
    result = invoke("classic-12", "--games", "30", "--seed", "7", "--json", "--jobs", "2")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 30 and report["seed"] == "7" and report["policy"] == "random"
    assert report == simulate(preset("classic-12"), 30, seed="7").report()


def test_command_table_and_exact_column() -> None:
    result = invoke("vanilla-5-1", "--games", "50", "--policy", "vanilla")
    assert result.exit_code == 0, result.output
    assert "Wins by side" in result.stdout and "exact" in result.stdout and "25.22%" in result.stdout


def test_command_charts(tmp_path: Path) -> None:
    png, page, picture = tmp_path / "c.png", tmp_path / "c.html", tmp_path / "c.svg"
    for path in (png, page, picture):
        result = invoke("classic-12", "--games", "20", "--chart", str(path))
        assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<svg" in text and "<script" not in text and "http" not in (
        text.replace('xmlns="http://www.w3.org/2000/svg"', ""))
    assert picture.read_text(encoding="utf-8").startswith("<svg")


def test_command_refusals(tmp_path: Path) -> None:
    assert invoke("nope", "--games", "5").exit_code == 2
    result = invoke("classic-12", "--games", "5", "--chart", str(tmp_path / "c.gif"))
    assert result.exit_code == 2 and "unknown chart format" in result.output
    assert invoke("classic-12", "--games", "0").exit_code == 2


def test_charts_escape_names() -> None:
    report = simulate(preset("classic-12"), 10, seed="e").report()
    report["setup"] = "<b>x</b>"
    assert "<b>" not in html_page(report)
    assert svg(report).count("<rect") == len(report["sides"]) + len(report["survival"])


def test_random_seeds_differ() -> None:
    setup = preset("classic-12")
    seen = {tuple(p.initial_role for p in play_one(setup, "random", "d", i).players()) for i in range(6)}
    assert len(seen) > 1
    assert random.Random("d:0").random() != random.Random("d:1").random()


def test_a_game_with_no_winner_is_counted_apart_and_said_so() -> None:
    # RULINGS.md, "Stalemate": three quiet nights and days end a game with no winner; the simulator counts
    # it apart from the sides' wins, the draws and the games cut at the phase cap
    game = Game([Seat("p1", "mafia1"), Seat("p2", "mafia2"), Seat("p3", "commissar"), Seat("p4", "doctor"),
                 Seat("p5", "civilian"), Seat("p6", "civilian"), Seat("p7", "civilian")], seed=1)
    while not game.over:
        game.resolve()
    tally = Tally()
    tally.add_game(game)
    assert tally.wins == {NO_WINNER: 1}
    report = Simulation(preset("classic-12"), "random", "s", tally).report()
    assert report["sides"][NO_WINNER]["wins"] == 1 and report["sides"]["draw"]["wins"] == 0
    assert report["sides"]["town"]["wins"] == 0
    console = Console(record=True, width=120)
    print_report(report, console)
    assert "no winner (stalemate)" in console.export_text()
