"""The random policy: uniform over the actions a player has and the living players as targets.

It knows only what its player knows: his own actions (`Game.actions_of`) and who is alive (public). An
attempt the rules refuse (a repeat, a threshold) is simply replaced by another, as a player would.
"""

from __future__ import annotations

import random

from rankedmafia.rules.doctor_sources import heal_from_choices
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, PhaseKind

ATTEMPTS = 4


class RandomPolicy:
    def __init__(self, rng: random.Random, idle: float = 0.1) -> None:
        self.rng = rng
        self.idle = idle  # how often a player sends nothing at night

    def act(self, game: Game, name: str) -> None:
        actions = game.actions_of(name)
        if not actions or self.rng.random() < self.idle:
            return
        living = game.alive()
        for _ in range(ATTEMPTS):
            action = self.rng.choice(actions)
            least, most = action.targets
            count = self.rng.randint(least, most) if most else 0
            pool = living if action.self_target else [p for p in living if p != name]
            if count > len(pool):
                continue
            targets = self.rng.sample(pool, count)
            option = None
            if action.option is not None:
                choices = heal_from_choices(game, name)
                if not choices:
                    continue
                option = self.rng.choice(choices)
            try:
                game.submit(name, action.id, targets, option)
                return
            except RuleViolation:
                continue

    def vote(self, game: Game, name: str) -> None:
        living = game.alive()
        choice = self.rng.choice([*living, BLUE])
        game.vote(name, choice)


def play_random_game(game: Game, rng: random.Random, max_phases: int = 200) -> Game:
    """Plays a game to its end with every seat on the random policy."""
    policy = RandomPolicy(rng)
    for _ in range(max_phases):
        if game.over:
            break
        if game.phase.kind is PhaseKind.NIGHT:
            for name in game.alive():
                policy.act(game, name)
        else:
            for name in game.alive():
                policy.vote(game, name)
        game.resolve()
    return game
