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
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MU, SIGMA = 25.0, 25.0 / 3  # the ladder's RatingSettings
SIDES = ("town", "mafia", "other")


def side_kind(team: str, clan: str | None) -> str:
    if team == "town":
        return "town"
    return "mafia" if clan is not None else "other"


@dataclass(frozen=True, slots=True)
class Match:
    """A rated game as OpenSkill takes it: its teams' members, their weights, the teams' ranks."""

    members: tuple[tuple[str, ...], ...]
    weights: tuple[tuple[float, ...], ...]
    ranks: tuple[float, ...]


def match(game: Mapping[str, Any], by_side: bool = False) -> Match | None:
    """The game's teams (None: an unfinished game, or one side only: not rated)."""
    if game.get("winner") is None:
        return None
    teams: dict[str, Counter[str]] = defaultdict(Counter)
    winners: set[str] = set()
    for seat in game["seats"]:
        key = f"{seat['agent']}/{side_kind(seat['team'], seat.get('clan'))}" if by_side else seat["agent"]
        teams[seat["team"]][key] += 1
        if seat["won"]:
            winners.add(seat["team"])
    if len(teams) < 2:
        return None
    names = list(teams)
    members = tuple(tuple(teams[t]) for t in names)
    weights = tuple(tuple(teams[t][k] / sum(teams[t].values()) for k in keys)
                    for t, keys in zip(names, members, strict=True))
    return Match(members, weights, tuple(1.0 if (t in winners or not winners) else 2.0 for t in names))


def rate_matches(matches: Iterable[Match]) -> dict[str, tuple[float, float]]:
    """μ and σ of each key after these games in order."""
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    table: dict[str, tuple[float, float]] = {}
    for m in matches:
        ratings = [[model.rating(*table.get(k, (MU, SIGMA))) for k in keys] for keys in m.members]
        new = model.rate(ratings, ranks=list(m.ranks), weights=[list(w) for w in m.weights])
        moved: dict[str, list[float]] = {}
        for keys, rated in zip(m.members, new, strict=True):
            for key, r in zip(keys, rated, strict=True):
                mu, sigma = table.get(key, (MU, SIGMA))
                acc = moved.setdefault(key, [mu, sigma * sigma])
                acc[0] += r.mu - mu  # an agent on two sides of one game takes both steps
                acc[1] *= (r.sigma * r.sigma) / (sigma * sigma)
        for key, (mu, variance) in moved.items():
            table[key] = (mu, variance ** 0.5)
    return table


def rate(games: Sequence[Mapping[str, Any]], by_side: bool = False) -> dict[str, tuple[float, float]]:
    """μ and σ of each agent (or of each "agent/side" with `by_side`) after these games in order."""
    return rate_matches(m for m in (match(g, by_side) for g in games) if m is not None)


# A bootstrap worker's games (set once per process: the rounds' tasks carry only the drawn positions).
_GAMES: tuple[list[Match | None], list[Match | None]] = ([], [])


def _keep_games(overall: list[Match | None], sides: list[Match | None]) -> None:
    global _GAMES
    _GAMES = (overall, sides)


def _rounds(draws: list[list[int]]) -> list[tuple[dict[str, float], dict[str, float]]]:
    """μ of each agent, overall and by side, for each resample (positions of the games drawn, in order)."""
    out = []
    for positions in draws:
        overall, sides = ([m for m in (games[i] for i in positions) if m is not None] for games in _GAMES)
        out.append(({key: mu for key, (mu, _) in rate_matches(overall).items()},
                    {key: mu for key, (mu, _) in rate_matches(sides).items()}))
    return out


def ratings(games: Sequence[Mapping[str, Any]], rounds: int = 200, seed: str = "bootstrap",
            jobs: int = 1) -> dict[str, Any]:
    """Each agent's rating overall and by side, with 95% bootstrap intervals of μ. The resamples are
    drawn here, in order, and rated on `jobs` processes: the same intervals whatever `jobs`."""
    ordered = sorted(games, key=lambda g: g["index"])
    overall_games = [match(g) for g in ordered]
    side_games = [match(g, by_side=True) for g in ordered]
    overall = rate_matches(m for m in overall_games if m is not None)
    sides = rate_matches(m for m in side_games if m is not None)
    rng = random.Random(seed)
    # a resample's games in their order: the positions drawn, sorted (the games are sorted by index)
    draws = [sorted(int(rng.random() * len(ordered)) for _ in ordered) for _ in range(rounds if ordered else 0)]
    if jobs > 1 and len(draws) > 1:
        share = -(-len(draws) // jobs)
        with ProcessPoolExecutor(jobs, initializer=_keep_games, initargs=(overall_games, side_games)) as pool:
            rated = [r for part in pool.map(_rounds, [draws[i:i + share] for i in range(0, len(draws), share)])
                     for r in part]
    else:
        _keep_games(overall_games, side_games)
        rated = _rounds(draws)
    samples: dict[str, list[float]] = defaultdict(list)
    for by_agent, by_side in rated:
        for key, mu in by_agent.items():
            samples[key].append(mu)
        for key, mu in by_side.items():
            samples["side:" + key].append(mu)
    out: dict[str, Any] = {}
    for agent, (mu, sigma) in sorted(overall.items()):
        entry: dict[str, Any] = {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma,
                                 "ci95": interval(samples.get(agent, []), mu), "sides": {}}
        for side in SIDES:
            rated_side = sides.get(f"{agent}/{side}")
            if rated_side is not None:
                entry["sides"][side] = {"mu": rated_side[0], "sigma": rated_side[1],
                                        "ci95": interval(samples.get(f"side:{agent}/{side}", []), rated_side[0])}
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
