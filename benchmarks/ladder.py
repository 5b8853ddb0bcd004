"""The ladder's one pass: synthetic 12-player games (the town against one mafia clan and a maniac) among
a pool of accounts, rated with OpenSkill's Plackett–Luce; prints games rated per second (CPU time).

    .venv/bin/python benchmarks/ladder.py --games 5000 --accounts 300
"""

from __future__ import annotations

import argparse
import random
import time

from rankedmafia.ladder.outcome import GameOutcome, SeatOutcome
from rankedmafia.ladder.ratings import RatingSettings, rate

TEAMS = ["town"] * 8 + ["mafia"] * 3 + ["maniac"]


def synthetic(games: int, accounts: int, seed: int = 0) -> list[GameOutcome]:
    rng = random.Random(seed)
    result = []
    for i in range(games):
        players = rng.sample(range(1, accounts + 1), len(TEAMS))
        winner = rng.choice(["town", "mafia", "maniac"])
        seats = [SeatOutcome(f"p{k}", "civilian", "civilian", team, team, team == winner, True, {}, user)
                 for k, (team, user) in enumerate(zip(TEAMS, players, strict=True))]
        result.append(GameOutcome(f"g{i}", "classic-12", {}, 12, 1_790_000_000.0 + i, "victory", winner, 3, seats))
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--accounts", type=int, default=300)
    args = parser.parse_args()
    games = synthetic(args.games, args.accounts)
    start = time.process_time()
    ladder = rate(games, RatingSettings())
    spent = time.process_time() - start
    players = sum(len(t) for t in ladder.seasons.values())
    print(f"{args.games} games, {players} rated players: {spent:.2f} s CPU, {args.games / spent:,.0f} games/s")


if __name__ == "__main__":
    main()
