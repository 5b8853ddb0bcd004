"""Engine benchmark: full random legal games per preset, on one core, against the floor.

    python benchmarks/engine.py [--games N] [--preset NAME ...]

Prints full games per second (dealing, every night's actions by the random policy, the reanimator's
step, every vote, every resolution) and the microseconds one night's resolution takes, both in CPU time
of this one process, so that other work on the machine does not skew them.

Then it plays a tenth as many games again and times `Game.choices` (everything a player may send, as
the bots, the forms and the environment's action mask ask it) for every living player at the start of
every night: the mean per player, and the mean of the slowest role (the joker, where he is dealt).

It also plays the floor: the least plain Python can do to play a 12-player vanilla game to the end (2 mafia
among 12 in a list; each night a random town player dies, each day a random player is hanged; stop at
parity or no mafia), just before and just after each preset, and prints the preset's speed as a fraction
of the floor's mean ("1/20": twenty times slower), a figure that moves much less than games/s with how busy
the machine is (the speed of a shared machine wanders within a minute, so the floor is played beside
each preset, not once for all).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from rankedmafia.bots.base import follow_up
from rankedmafia.bots.random_policy import RandomPolicy
from rankedmafia.rules.model import PhaseKind
from rankedmafia.setup import new_game, preset, preset_names


def floor(games: int, seed: int = 0) -> float:
    """Games per second of the floor: a 12-player vanilla game, dealt at random into a list of booleans
    (True: mafia), then played to the end."""
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(games):
        seats = [True, True] + [False] * 10
        rng.shuffle(seats)
        mafia, town = 2, 10
        night = True
        while mafia and mafia < town:
            if night:  # a random town player dies
                seats.pop(rng.choice([i for i, is_mafia in enumerate(seats) if not is_mafia]))
                town -= 1
            elif seats.pop(rng.randrange(len(seats))):  # a random player is hanged
                mafia -= 1
            else:
                town -= 1
            night = not night
    return games / (time.process_time() - start)


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
                follow_up(game, policy)
                t = time.thread_time()  # cheap here; process_time costs ~10 µs a call on this machine
                game.resolve()
                night_time += time.thread_time() - t
                nights += 1
            else:
                for player in game.alive():
                    policy.vote(game, player)
                game.resolve()
            phases += 1
    elapsed = time.process_time() - start
    return games / elapsed, night_time / nights * 1e6, phases / games


def choices_cost(name: str, games: int) -> tuple[float, float, str]:
    """Microseconds `Game.choices` takes per living player at night: the mean, and the slowest role's
    mean with that role."""
    setup = preset(name)
    names = [f"P{i}" for i in range(setup.players)]
    by_role: dict[str, list[float]] = {}
    for seed in range(games):
        game = new_game(setup, names, seed)
        policy = RandomPolicy(random.Random(seed))
        while not game.over:
            night = game.phase.kind is PhaseKind.NIGHT
            for player in game.alive():
                if night:
                    t = time.thread_time()
                    game.choices(player)
                    by_role.setdefault(game.state.players[player].role, []).append(time.thread_time() - t)
            for player in game.alive():
                if night:
                    policy.act(game, player)
                else:
                    policy.vote(game, player)
            if night:
                follow_up(game, policy)
            game.resolve()
    every = [t for times in by_role.values() for t in times]
    slowest = max(by_role, key=lambda role: sum(by_role[role]) / len(by_role[role]))
    return sum(every) / len(every) * 1e6, sum(by_role[slowest]) / len(by_role[slowest]) * 1e6, slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--preset", action="append", help="only these presets (repeatable)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.games} games per preset")
    floor_games = max(args.games * 20, 20000)
    print(f"{'preset':<14}{'games/s':>10}{'floor':>9}{'of floor':>10}{'µs/night':>10}{'phases/game':>13}"
          f"{'choices µs':>12}  slowest role's choices")
    for name in args.preset or preset_names():
        before = floor(floor_games)
        per_second, per_night, length = bench(name, args.games)
        floor_speed = (before + floor(floor_games)) / 2
        ratio = f"1/{floor_speed / per_second:.0f}"
        mean, slowest, role = choices_cost(name, max(args.games // 10, 10))
        print(f"{name:<14}{per_second:>10.0f}{floor_speed:>9.0f}{ratio:>10}{per_night:>10.1f}{length:>13.1f}"
              f"{mean:>12.1f}  {role} {slowest:.0f} µs")


if __name__ == "__main__":
    main()
