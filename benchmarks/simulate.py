"""Full random games per second: the 12-player and 20-player presets and the largest one, on one process
and on several (the simulator's own path: dealing, playing to the end, counting).

    .venv/bin/python benchmarks/simulate.py [--seconds 3] [--jobs 2] [--markdown]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from rankedmafia.setup import Setup, preset, preset_names
from rankedmafia.sim.runner import simulate


def setups() -> list[Setup]:
    every = [preset(name) for name in preset_names()]
    chosen = [s for s in every if s.name in ("classic-12", "classic-20")]
    largest = max(every, key=lambda s: (s.players, s.name))
    if largest not in chosen:
        chosen.append(largest)
    return chosen


def rate(setup: Setup, jobs: int, seconds: float) -> tuple[int, float]:
    """Games per second over a run of about `seconds` (a short warm-up sizes it)."""
    warm = simulate(setup, 50 * jobs, "random", seed="warm", jobs=jobs)
    start = time.perf_counter()
    simulate(setup, 100 * jobs, "random", seed="size", jobs=jobs)
    guess = 100 * jobs / (time.perf_counter() - start)
    games = max(100, int(guess * seconds))
    start = time.perf_counter()
    simulate(setup, games, "random", seed="bench", jobs=jobs)
    assert warm.tally.games == 50 * jobs
    return games, games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each measured run")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the parallel figure")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    rows = []
    for setup in setups():
        games1, one = rate(setup, 1, args.seconds)
        games2, many = rate(setup, args.jobs, args.seconds)
        rows.append((setup.name, setup.players, one, many, games1, games2))
    print(f"# {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores")
    if args.markdown:
        print(f"| setup | players | games/s, 1 process | games/s, {args.jobs} processes |")
        print("| --- | ---: | ---: | ---: |")
        for name, players, one, many, _, _ in rows:
            print(f"| {name} | {players} | {one:,.0f} | {many:,.0f} |")
    else:
        for name, players, one, many, games1, games2 in rows:
            print(f"{name:<14} {players:>3} players  {one:>8,.0f} games/s on 1 process ({games1} games)  "
                  f"{many:>8,.0f} games/s on {args.jobs} ({games2} games)")


if __name__ == "__main__":
    main()
