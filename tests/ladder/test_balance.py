"""The setups' real balance: ranked games of a preset counted by winning side with Wilson intervals, beside
the simulator's prediction for the same preset; unranked, voided and look-alike games do not count."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rankedmafia.cli import app as cli
from rankedmafia.ladder.balance import balance, prediction
from rankedmafia.ladder.outcome import GameOutcome
from rankedmafia.ladder.record import Recorded
from rankedmafia.sim.stats import wilson


def recorded(game_id: str, winner: str, preset: str | None = "classic-12", ranked: bool = True,
             voided: bool = False) -> Recorded:
    outcome = GameOutcome(game_id, "classic-12", {}, 12, 1.0, "victory", winner, 3, [], preset=preset)
    return Recorded(outcome, ranked, voided)


def test_balance_counts_ranked_games_of_the_preset() -> None:
    games = [recorded("a", "town"), recorded("b", "town"), recorded("c", "mafia"), recorded("d", "maniac"),
             recorded("e", "mafia", ranked=False), recorded("f", "mafia", voided=True),
             recorded("g", "mafia", preset=None)]
    rows = {b.preset: b for b in balance(games, 3)}
    classic = rows["classic-12"]
    assert classic.games == 4 and classic.simulated == 3
    sides = {r.side: r for r in classic.sides}
    assert (sides["town"].wins, sides["mafia"].wins, sides["maniac"].wins, sides["draw"].wins) == (2, 1, 1, 0)
    assert sides["town"].ci == wilson(2, 4) and sides["draw"].ci == wilson(0, 4)
    simulated, predicted = prediction("classic-12", 3)
    assert sum(wins for wins, _ in predicted.values()) == simulated == 3
    assert sides["mafia"].predicted == predicted["mafia"][0] / 3
    assert rows["full-35"].games == 0


def test_stats_command(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["stats", "--data", str(tmp_path / "data"), "--sim-games", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = {row["preset"]: row for row in json.loads(result.output)}
    assert report["classic-12"]["games"] == 0 and report["classic-12"]["simulated"] == 2
    assert set(report["classic-12"]["sides"]) >= {"town", "mafia", "draw"}
