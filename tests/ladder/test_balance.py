"""The setups' real balance: ranked games of a preset counted by winning side with Wilson intervals, beside
the simulator's prediction for the same preset; unranked, voided and look-alike games do not count."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from rankedmafia.cli import app as cli
from rankedmafia.ladder.balance import balance, predict_all, prediction
from rankedmafia.ladder.outcome import GameOutcome
from rankedmafia.ladder.record import Recorded
from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings
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


def test_the_balance_page_does_not_wait_for_the_simulator(tmp_path: Path) -> None:
    """The first view shows the real games at once and says the prediction is coming; once the
    simulator (started in the background by that view) is done, the page shows its figures."""
    games = 5  # a run no other test makes: nothing is computed yet in this process
    with TestClient(create_app(Settings(data=tmp_path / "data", balance_sim_games=games))) as client:
        first = client.get("/balance")
        assert first.status_code == 200
        assert "Симулятор ещё считает свой прогноз" in first.text
        assert f"Симулятор ({games})" not in first.text
        predict_all(games)  # waits for the background run, then finds every preset computed
        second = client.get("/balance")
        assert "Симулятор ещё считает" not in second.text
        assert f"Симулятор ({games})" in second.text
