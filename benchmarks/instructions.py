"""Instructions per game, counted by valgrind's callgrind: the same count on a busy machine and a quiet one.

    python benchmarks/instructions.py [--games N] [--preset NAME ...] [--env]

Plays the games of benchmarks/engine.py (the random policy, every phase to the end) under
`valgrind --tool=callgrind` twice, with no game and with N, and prints the difference per game; the same
for the floor (the 12-player vanilla game in a list), so that a ratio can be read beside the timed ones.
`--env` counts the PettingZoo environment's random masked classic-12 games (benchmarks/env.py) too.
A count is steadier than a time but not the same thing: the floor's tight loop runs more instructions a
cycle than the engine does, so its ratio in instructions is smaller than in seconds.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUN = """
import random, sys
sys.path.insert(0, {here!r})
kind, name, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
if kind == "floor":
    from engine import floor
    floor(games) if games else None
elif kind == "env":
    from env import env_games
    env_games(name, games) if games else None
else:
    from engine import bench
    bench(name, games) if games else None
"""


def collected(kind: str, name: str, games: int) -> int:
    """The instructions callgrind counts for one run of `games` games (interpreter start included)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
         RUN.format(here=str(HERE)), kind, name, str(games)],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_game(kind: str, name: str, games: int) -> float:
    return (collected(kind, name, games) - collected(kind, name, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--preset", action="append", help="only these presets (repeatable)")
    parser.add_argument("--env", action="store_true", help="the environment's games too")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    floor = per_game("floor", "", 20000)
    print(f"floor (12-player vanilla in a list): {floor:,.0f} instructions/game")
    for name in args.preset or ["classic-12", "full-35"]:
        games = args.games if "35" not in name else max(args.games // 5, 2)
        count = per_game("engine", name, games)
        print(f"{name:<14}{count:>14,.0f} instructions/game   1/{count / floor:.0f} of the floor")
    if args.env:
        count = per_game("env", "classic-12", args.games // 2 or 1)
        print(f"{'environment':<14}{count:>14,.0f} instructions/game   1/{count / floor:.0f} of the floor "
              "(classic-12, random masked games)")


if __name__ == "__main__":
    main()
