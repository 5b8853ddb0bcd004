"""Plays many games of one setup under a policy, on one process or many, and counts what happened.

Game i of a run with seed S is dealt and played from the seed f"{S}:{i}" (the engine's seed, and the
policy's random generator): a run is reproducible whatever the number of processes or the chunking.
The simulator is the host: unlike the bots it may read each finished game's true roles.
"""

from __future__ import annotations

import importlib
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from rankedmafia.bots import MAX_PHASES, make_policy, play_game
from rankedmafia.rules.game import Game
from rankedmafia.setup import Setup, new_game
from rankedmafia.sim.stats import Z95, wilson

UNFINISHED = "unfinished"  # a game still going after MAX_PHASES phases
NO_WINNER = "stalemate"  # a game that ended with no winner: nothing changed for the house rule's count
BACKENDS = ("process", "ray")


class SimulationError(Exception):
    """A run that cannot start (an unknown backend, ray missing, a bad count)."""


@dataclass(slots=True)
class Tally:
    """What a set of games did; tallies of disjoint sets of games merge by addition."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)  # days -> games
    seats: Counter[str] = field(default_factory=Counter)  # initial role -> seats dealt
    survivors: Counter[str] = field(default_factory=Counter)  # initial role -> alive at the end

    def add_game(self, game: Game) -> None:
        self.games += 1
        self.wins[game.winner or (NO_WINNER if game.ended else UNFINISHED)] += 1
        self.lengths[game.results[-1].phase.number if game.results else 0] += 1
        for player in game.players():
            self.seats[player.initial_role] += 1
            if player.alive:
                self.survivors[player.initial_role] += 1

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.wins.update(other.wins)
        self.lengths.update(other.lengths)
        self.seats.update(other.seats)
        self.survivors.update(other.survivors)


def seat_names(setup: Setup) -> list[str]:
    return [f"p{i + 1}" for i in range(setup.players)]


def game_seed(seed: str, index: int) -> str:
    return f"{seed}:{index}"


def play_one(setup: Setup, policy: str, seed: str, index: int, max_phases: int = MAX_PHASES) -> Game:
    """Game `index` of a run: dealt and played from its own seed."""
    own = game_seed(seed, index)
    game = new_game(setup, seat_names(setup), own)
    return play_game(game, make_policy(policy, random.Random(own)), max_phases)


def run_chunk(setup: Setup, policy: str, seed: str, start: int, stop: int,
              max_phases: int = MAX_PHASES) -> Tally:
    """Games start..stop-1 of a run (the unit of work sent to a process)."""
    tally = Tally()
    for index in range(start, stop):
        tally.add_game(play_one(setup, policy, seed, index, max_phases))
    return tally


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def default_chunk(games: int, jobs: int) -> int:
    """Small enough to balance the processes and move the progress bar, large enough to cost nothing."""
    return max(1, min(500, math.ceil(games / (max(1, jobs) * 8))))


def sides_of(setup: Setup) -> list[str]:
    """Every outcome a game of this setup can have: the town, each hostile team, a draw (nobody alive),
    and no winner (a stalemate, counted apart: RULINGS.md, "Stalemate")."""
    game = new_game(setup, seat_names(setup), "sides")
    teams = {player.team for player in game.players()} - {"town"}
    return ["town", *sorted(teams), "draw", NO_WINNER]


@dataclass(slots=True)
class Simulation:
    """A finished run and its statistics."""

    setup: Setup
    policy: str
    seed: str
    tally: Tally

    def report(self, z: float = Z95) -> dict[str, Any]:
        tally = self.tally
        outcomes = sides_of(self.setup)
        outcomes += sorted(set(tally.wins) - set(outcomes))
        sides = {}
        for side in outcomes:
            wins = tally.wins.get(side, 0)
            low, high = wilson(wins, tally.games, z)
            sides[side] = {"wins": wins, "rate": wins / tally.games if tally.games else 0.0,
                           "ci95": [low, high]}
        days = sum(length * count for length, count in tally.lengths.items())
        survival = {}
        for role in sorted(tally.seats, key=lambda r: (-tally.seats[r], r)):
            seats, alive = tally.seats[role], tally.survivors.get(role, 0)
            survival[role] = {"seats": seats, "survived": alive, "rate": alive / seats,
                              "ci95": list(wilson(alive, seats, z))}
        return {
            "setup": self.setup.name, "players": self.setup.players, "policy": self.policy, "seed": self.seed,
            "games": tally.games, "sides": sides,
            "average_days": days / tally.games if tally.games else 0.0,
            "lengths": {str(k): tally.lengths[k] for k in sorted(tally.lengths)},
            "survival": survival,
        }


Progress = Callable[[int], None]


def simulate(setup: Setup, games: int, policy: str = "random", seed: str = "0", jobs: int = 1,
             backend: str = "process", chunk: int | None = None, progress: Progress | None = None,
             max_phases: int = MAX_PHASES) -> Simulation:
    """Plays `games` games of `setup`; `progress` is told how many games each finished chunk held."""
    if games < 1:
        raise SimulationError("at least one game")
    if jobs < 1:
        raise SimulationError("at least one job")
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    make_policy(policy, random.Random(0))  # an unknown policy fails here, before any process starts
    size = chunk or default_chunk(games, jobs)
    work = list(chunks(games, size))
    total = Tally()
    done = progress or (lambda _n: None)
    if backend == "ray":
        _run_ray(setup, policy, seed, work, jobs, max_phases, total, done)
    elif jobs == 1:
        for start, stop in work:
            total.merge(run_chunk(setup, policy, seed, start, stop, max_phases))
            done(stop - start)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(run_chunk, setup, policy, seed, start, stop, max_phases): stop - start
                       for start, stop in work}
            for future in as_completed(futures):
                total.merge(future.result())
                done(futures[future])
    return Simulation(setup, policy, seed, total)


def _run_ray(setup: Setup, policy: str, seed: str, work: list[tuple[int, int]], jobs: int, max_phases: int,
             total: Tally, done: Progress) -> None:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise SimulationError(
            "the ray backend needs ray, which is not installed: pip install 'rankedmafia[ray]'") from None
    if not ray.is_initialized():
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(run_chunk)
    pending = {remote.remote(setup, policy, seed, start, stop, max_phases): stop - start
               for start, stop in work}
    while pending:
        finished, _ = ray.wait(list(pending), num_returns=1)
        for ref in finished:
            total.merge(ray.get(ref))
            done(pending.pop(ref))
