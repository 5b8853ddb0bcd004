"""The random policy: uniform over the actions a player has and the living players as targets.

It knows only what its player knows: his own actions (`Game.actions_of`) and who is alive (public). An
attempt the rules refuse (a repeat, a threshold) is simply replaced by another, as a player would.
The Council question is left aside; the doctor's heal_from names a source among the setup's (public)
roles; the joker copies a random action of a random role of the setup (bots/copying.py). The
reanimator acts last: told tonight's dead by the host, he revives one of them drawn uniformly (not himself),
or nobody if nobody else died.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rankedmafia.bots.base import follow_up
from rankedmafia.bots.copying import COPY, random_copy
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Phase, PhaseKind

ATTEMPTS = 4
HEAL_FROM = "heal_from"  # an action with an option it fills (from the setup's public roles)
OPTIONS = (HEAL_FROM, COPY)  # the actions with an option it fills: heal_from's source, the joker's copy
REVIVE = "revive"  # the reanimator's, sent once he is told tonight's dead (`revive`)


class RandomPolicy:
    """Uniform over legal actions and votes; `idle` is how often a player sends nothing at night."""

    __slots__ = ("_game", "_living", "_phase", "idle", "rng")

    def __init__(self, rng: random.Random, idle: float = 0.1) -> None:
        self.rng = rng
        self.idle = idle
        self._game: Game | None = None
        self._phase: Phase | None = None
        self._living: list[str] = []

    def living(self, game: Game) -> list[str]:
        """The living players, read once per phase (nobody dies between two calls of one phase)."""
        phase = game.phase
        if game is not self._game or phase is not self._phase:
            self._game, self._phase = game, phase
            self._living = game.alive()
        return self._living

    def act(self, game: Game, name: str) -> None:
        actions = [a for a in game.actions_of(name) if (a.option is None or a.id in OPTIONS) and a.id != REVIVE]
        rng = self.rng
        if not actions or rng.random() < self.idle:
            return
        living = self.living(game)
        if actions[0].id == COPY:
            random_copy(rng, game, name, living)
            return
        for _ in range(ATTEMPTS):
            action = actions[_below(rng, len(actions))]
            least, most = action.targets
            count = (least if least == most else rng.randint(least, most)) if most else 0
            if count == 1:  # the common case, without building the pool
                target = living[_below(rng, len(living))]
                while target == name and not action.self_target and len(living) > 1:
                    target = living[_below(rng, len(living))]
                targets = [] if target == name and not action.self_target else [target]
                if not targets:
                    continue
            else:
                pool = living if action.self_target else [p for p in living if p != name]
                if count > len(pool):
                    continue
                targets = rng.sample(pool, count)
            option = None
            if action.option is not None:
                choices = game.option_choices(name, HEAL_FROM)
                if not choices:
                    continue
                option = choices[_below(rng, len(choices))]
            try:
                game.submit(name, action.id, targets, option)
                return
            except RuleViolation:
                continue

    def revive(self, game: Game, name: str, deaths: Sequence[str]) -> None:
        """One of tonight's dead drawn uniformly (not himself); another if the rules refuse it."""
        pool = [d for d in deaths if d != name]
        self.rng.shuffle(pool)
        for target in pool[:ATTEMPTS]:
            try:
                game.submit(name, REVIVE, [target])
                return
            except RuleViolation:
                continue

    def vote(self, game: Game, name: str) -> None:
        living = self.living(game)
        index = _below(self.rng, len(living) + 1)
        game.vote(name, living[index] if index < len(living) else BLUE)


def _below(rng: random.Random, n: int) -> int:
    """A uniform index below n (to 2**-53), cheaper than randrange in the hot loop."""
    return int(rng.random() * n)


def play_random_game(game: Game, rng: random.Random, max_phases: int = 200) -> Game:
    """Plays a game to its end with every seat on the random policy."""
    policy = RandomPolicy(rng)
    for _ in range(max_phases):
        if game.over:
            break
        living = game.alive()
        if game.phase.kind is PhaseKind.NIGHT:
            for name in living:
                policy.act(game, name)
            follow_up(game, policy)
        else:
            for name in living:
                policy.vote(game, name)
        game.resolve()
    return game
