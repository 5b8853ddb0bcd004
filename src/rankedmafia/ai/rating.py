"""Agents rated with OpenSkill overall and by side, with bootstrapped confidence intervals.

The model is the ladder's (Plackett–Luce, μ = 25, σ = 25/3: `ladder/ratings.py`'s settings). A game's
teams are its sides (the town, each clan, the maniac's, each loner); a team's members are the agents of
its seats, each agent once, weighted by its share of the team's seats (OpenSkill's partial play). The
winners rank first, everyone else second; a draw ties every team; an unfinished game is not rated. An
agent on two sides of one game takes both steps (its σ² shrinks by both factors). By side, an agent has
one rating as the town, one as the mafia and one as the rest (maniac, loners), rated in a pass of their
own. The 95% intervals come from `rounds` bootstrap
resamples of the games (drawn with replacement, rated again in their order), the 2.5th and 97.5th
percentiles of μ.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

MU, SIGMA = 25.0, 25.0 / 3  # the ladder's RatingSettings
SIDES = ("town", "mafia", "other")


def side_kind(team: str, clan: str | None) -> str:
    if team == "town":
        return "town"
    return "mafia" if clan is not None else "other"


def rate(games: Sequence[Mapping[str, Any]], by_side: bool = False) -> dict[str, tuple[float, float]]:
    """μ and σ of each agent (or of each "agent/side" with `by_side`) after these games in order."""
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    table: dict[str, tuple[float, float]] = {}
    for game in games:
        if game.get("winner") is None:
            continue
        teams: dict[str, Counter[str]] = defaultdict(Counter)
        winners: set[str] = set()
        for seat in game["seats"]:
            key = f"{seat['agent']}/{side_kind(seat['team'], seat.get('clan'))}" if by_side else seat["agent"]
            teams[seat["team"]][key] += 1
            if seat["won"]:
                winners.add(seat["team"])
        if len(teams) < 2:
            continue
        names = list(teams)
        members = [list(teams[t]) for t in names]
        ratings = [[model.rating(*table.get(k, (MU, SIGMA))) for k in keys] for keys in members]
        weights = [[teams[t][k] / sum(teams[t].values()) for k in keys] for t, keys in zip(names, members, strict=True)]
        ranks = [1.0 if (t in winners or not winners) else 2.0 for t in names]
        new = model.rate(ratings, ranks=ranks, weights=weights)
        moved: dict[str, list[float]] = {}
        for keys, rated in zip(members, new, strict=True):
            for key, r in zip(keys, rated, strict=True):
                mu, sigma = table.get(key, (MU, SIGMA))
                acc = moved.setdefault(key, [mu, sigma * sigma])
                acc[0] += r.mu - mu  # an agent on two sides of one game takes both steps
                acc[1] *= (r.sigma * r.sigma) / (sigma * sigma)
        for key, (mu, variance) in moved.items():
            table[key] = (mu, variance ** 0.5)
    return table


def ratings(games: Sequence[Mapping[str, Any]], rounds: int = 200, seed: str = "bootstrap") -> dict[str, Any]:
    """Each agent's rating overall and by side, with 95% bootstrap intervals of μ."""
    ordered = sorted(games, key=lambda g: g["index"])
    overall, sides = rate(ordered), rate(ordered, by_side=True)
    samples: dict[str, list[float]] = defaultdict(list)
    rng = random.Random(seed)
    for _ in range(rounds if ordered else 0):
        drawn = sorted((ordered[int(rng.random() * len(ordered))] for _ in ordered), key=lambda g: g["index"])
        for key, (mu, _) in rate(drawn).items():
            samples[key].append(mu)
        for key, (mu, _) in rate(drawn, by_side=True).items():
            samples["side:" + key].append(mu)
    out: dict[str, Any] = {}
    for agent, (mu, sigma) in sorted(overall.items()):
        entry: dict[str, Any] = {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma,
                                 "ci95": interval(samples.get(agent, []), mu), "sides": {}}
        for side in SIDES:
            rated = sides.get(f"{agent}/{side}")
            if rated is not None:
                entry["sides"][side] = {"mu": rated[0], "sigma": rated[1],
                                        "ci95": interval(samples.get(f"side:{agent}/{side}", []), rated[0])}
        out[agent] = entry
    return out


def interval(values: Sequence[float], fallback: float) -> list[float]:
    """The 2.5th and 97.5th percentiles (nearest rank) of the bootstrap's values."""
    if not values:
        return [fallback, fallback]
    ordered = sorted(values)
    low = ordered[max(0, int(0.025 * len(ordered)))]
    high = ordered[min(len(ordered) - 1, int(0.975 * len(ordered)))]
    return [low, high]
