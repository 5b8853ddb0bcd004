"""A long chaos sweep: random legal and illegal moves over every preset, looking for a crash.

    python benchmarks/chaos.py --games 100000 [--seed 0] [--jobs 2] [--presets classic-12,full-35]

Game i of the sweep plays preset i mod the number of presets with seed `seed + i`, so a crash is found
again by `play_chaos_game(preset, seed)` (src/rankedmafia/sim/chaos.py), and belongs in the fixed sweep
of tests/sim/test_chaos.py. Prints the games played, the rate, and each crash with its preset and seed; exits
with status 1 if any game crashed.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor

from rankedmafia.setup import preset_names
from rankedmafia.sim.chaos import play_chaos_game

CHUNK = 200


def run_chunk(presets: list[str], seed: int, start: int, stop: int) -> list[tuple[str, int, str]]:
    crashes = []
    for i in range(start, stop):
        name = presets[i % len(presets)]
        try:
            play_chaos_game(name, seed + i)
        except Exception:  # a sweep reports every crash, whatever it is
            crashes.append((name, seed + i, traceback.format_exc(limit=4)))
    return crashes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--presets", default=",".join(preset_names()))
    args = parser.parse_args()
    presets = args.presets.split(",")
    started = time.perf_counter()
    crashes: list[tuple[str, int, str]] = []
    chunks = [(s, min(s + CHUNK, args.games)) for s in range(0, args.games, CHUNK)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_chunk, presets, args.seed, a, b) for a, b in chunks]
        for future in futures:
            crashes.extend(future.result())
    seconds = time.perf_counter() - started
    print(f"chaos: {args.games} games over {', '.join(presets)} from seed {args.seed}, "
          f"{args.jobs} job(s): {seconds:.1f} s, {args.games / seconds:.0f} games/s, {len(crashes)} crashed")
    for name, seed, trace in crashes[:20]:
        print(f"\n--- {name} seed {seed}\n{trace}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
