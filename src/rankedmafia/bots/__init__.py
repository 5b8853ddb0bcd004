"""Players that choose legal actions and votes by a policy, from what their player may know."""

from __future__ import annotations

import random
from collections.abc import Callable

from rankedmafia.bots.base import MAX_PHASES, Policy, follow_up, play_game, play_phase
from rankedmafia.bots.heuristic import HeuristicPolicy, Knowledge
from rankedmafia.bots.random_policy import RandomPolicy, play_random_game
from rankedmafia.bots.vanilla import VanillaPolicy

POLICIES: dict[str, Callable[[random.Random], Policy]] = {
    "random": RandomPolicy,
    "heuristic": HeuristicPolicy,
    "vanilla": VanillaPolicy,
}


def make_policy(name: str, rng: random.Random) -> Policy:
    """A policy by name: random, heuristic or vanilla."""
    try:
        factory = POLICIES[name]
    except KeyError:
        raise ValueError(f"unknown policy {name!r}: choose one of {', '.join(POLICIES)}") from None
    return factory(rng)


__all__ = [
    "MAX_PHASES", "POLICIES", "HeuristicPolicy", "Knowledge", "Policy", "RandomPolicy", "VanillaPolicy",
    "follow_up", "make_policy", "play_game", "play_phase", "play_random_game",
]
