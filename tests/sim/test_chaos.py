"""Random legal and illegal moves over the whole roster never crash the engine: every refusal is a
RuleViolation and leaves the game as it was; every phase resolves and the record renders.

A fixed sweep of seeded chaos games over every preset (the same games on every machine, CI or not),
plus every game that ever crashed. `benchmarks/chaos.py --games N` runs a long sweep; a crash it finds
is added to FOUND below with its preset and seed.
"""

from __future__ import annotations

import pytest

from rankedmafia.setup import preset_names
from rankedmafia.sim.chaos import play_chaos_game

SWEEP = 100  # games per preset in every run of the suite

# Games that once crashed the engine, kept so that they never do again: (preset, seed, what it was).
FOUND: list[tuple[str, int, str]] = [
    ("full-35", 6, "a joker's copy of the detective's investigation: KeyError in roles/detective.py"),
    ("full-35", 11, "a joker's copy of the detective's investigation: KeyError in roles/detective.py"),
]


@pytest.mark.parametrize("name", preset_names())
def test_a_fixed_sweep_of_chaos_games_never_crashes(name: str) -> None:
    finished = 0
    for seed in range(SWEEP):
        game = play_chaos_game(name, seed)
        finished += game.over
    assert finished > 0  # the sweep plays games to their end, not only their first nights


@pytest.mark.parametrize(("name", "seed", "what"), FOUND, ids=[f"{n}-{s}" for n, s, _ in FOUND])
def test_games_that_once_crashed(name: str, seed: int, what: str) -> None:
    game = play_chaos_game(name, seed)
    assert game.results, what
