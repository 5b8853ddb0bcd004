"""Engine benchmark: full random legal games per preset, on one core.

    python benchmarks/engine.py [--games N]

Prints full games per second (dealing, every night's actions by the random policy, every vote, every
resolution) and the microseconds one night's resolution takes, both in CPU time of this one process, so
that other work on the machine does not skew them.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from rankedmafia.bots.random_policy import RandomPolicy
from rankedmafia.rules.model import PhaseKind
from rankedmafia.setup import new_game, preset, preset_names


def bench(name: str, games: int) -> tuple[float, float, float]:
    setup = preset(name)
    names = [f"P{i}" for i in range(setup.players)]
    night_time = 0.0
    nights = 0
    phases = 0
    start = time.process_time()
    for seed in range(games):
        game = new_game(setup, names, seed)
        policy = RandomPolicy(random.Random(seed))
        while not game.over:
            if game.phase.kind is PhaseKind.NIGHT:
                for player in game.alive():
                    policy.act(game, player)
                t = time.process_time()
                game.resolve()
                night_time += time.process_time() - t
                nights += 1
            else:
                for player in game.alive():
                    policy.vote(game, player)
                game.resolve()
            phases += 1
    elapsed = time.process_time() - start
    return games / elapsed, night_time / nights * 1e6, phases / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.games} games per preset")
    print(f"{'preset':<14}{'games/s':>10}{'µs/night':>10}{'phases/game':>13}")
    for name in preset_names():
        per_second, per_night, length = bench(name, args.games)
        print(f"{name:<14}{per_second:>10.0f}{per_night:>10.1f}{length:>13.1f}")


if __name__ == "__main__":
    main()
