"""The setups' real balance: for each preset, how often each side won its real ranked games (95% Wilson
intervals), beside the simulator's prediction for the same preset. A game counts for a preset only when
its setup is exactly the preset's (a custom setup that borrows a preset's name does not)."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field

from rankedmafia.ladder.record import Recorded
from rankedmafia.setup import preset, preset_names
from rankedmafia.sim.runner import sides_of, simulate
from rankedmafia.sim.stats import wilson

SIM_POLICY = "heuristic"
SIM_SEED = "balance"


@dataclass(slots=True)
class SideRate:
    side: str
    wins: int
    games: int
    ci: tuple[float, float]
    predicted: float | None = None
    predicted_ci: tuple[float, float] | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(slots=True)
class PresetBalance:
    preset: str
    games: int
    sides: list[SideRate] = field(default_factory=list)
    simulated: int = 0


Prediction = tuple[int, dict[str, tuple[int, tuple[float, float]]]]
_predictions: dict[tuple[str, int], Prediction] = {}  # a run is deterministic by its seed: kept for good
_predicting = threading.Lock()


def prediction(name: str, games: int) -> Prediction:
    """The simulator's win counts by side for a preset (computed once per process)."""
    known = _predictions.get((name, games))
    if known is not None:
        return known
    report = simulate(preset(name), games, SIM_POLICY, SIM_SEED).report()
    found = report["games"], {side: (v["wins"], (v["ci95"][0], v["ci95"][1])) for side, v in report["sides"].items()}
    _predictions[(name, games)] = found
    return found


def predictions_ready(games: int) -> bool:
    """Whether every preset's prediction is known, so that a page may show them without waiting."""
    return games <= 0 or all((name, games) in _predictions for name in preset_names())


def predict_all(games: int) -> None:
    """Computes every preset's prediction (seconds of simulation: a page starts it in the background and
    shows the real games meanwhile). Runs once at a time."""
    with _predicting:
        for name in preset_names():
            prediction(name, games)


def balance(games: list[Recorded], sim_games: int, wait: bool = True) -> list[PresetBalance]:
    """`wait=False`: the predictions not yet computed are left out rather than computed now."""
    result = []
    for name in preset_names():
        model = preset(name)
        won: Counter[str] = Counter()
        total = 0
        for game in games:
            o = game.outcome
            if game.rated and o.preset == name:
                total += 1
                won[str(o.winner)] += 1
        known = _predictions.get((name, sim_games))
        if known is None and sim_games > 0 and wait:
            known = prediction(name, sim_games)
        simulated, predicted = known if known is not None else (0, {})
        sides = [*sides_of(model)]
        sides += sorted(set(won) - set(sides))
        rows = []
        for side in sides:
            wins, ci = predicted.get(side, (0, (0.0, 1.0)))
            rows.append(SideRate(side, won[side], total, wilson(won[side], total),
                                 wins / simulated if simulated else None, ci if simulated else None))
        result.append(PresetBalance(name, total, rows, simulated))
    return result
