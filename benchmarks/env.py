"""Environment benchmark: random masked games through the PettingZoo environment, on one core.

    python benchmarks/env.py [--games N] [--setup NAME]

Each turn the agent observes (its observation and action mask) and plays a random action allowed by the
mask, as a learner's rollout does. Prints games per second in CPU time of this process, beside the
engine's own games per second on the same setup (the random policy, benchmarks/engine.py) and the floor,
measured in the same run, so that the ratios do not depend on how busy the machine is.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from engine import bench, floor  # benchmarks/engine.py, beside this file

from rankedmafia.sim.env import env


def env_games(setup: str, games: int) -> float:
    """Random masked games per second through the environment."""
    rng = random.Random(0)  # the rollout's own draw, cheap beside the environment it measures
    environment = env(setup)
    start = time.process_time()
    for seed in range(games):
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            allowed = np.flatnonzero(observation["action_mask"])
            environment.step(int(allowed[int(rng.random() * len(allowed))]) if len(allowed) else None)
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--setup", default="classic-12")
    args = parser.parse_args()
    before = floor(max(args.games * 100, 20000))
    engine_speed = bench(args.setup, args.games)[0]
    env_speed = env_games(args.setup, args.games)
    floor_speed = (before + floor(max(args.games * 100, 20000))) / 2  # beside both: a shared machine wanders
    print(f"floor {floor_speed:.0f} games/s; {args.setup}: engine {engine_speed:.0f} games/s "
          f"(1/{floor_speed / engine_speed:.0f} of the floor), environment {env_speed:.0f} games/s "
          f"(1/{floor_speed / env_speed:.0f} of the floor, {env_speed / engine_speed:.2f} of the engine)")


if __name__ == "__main__":
    main()
