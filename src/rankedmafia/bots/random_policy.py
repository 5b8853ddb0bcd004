"""The random policy: uniform over what the engine says a player may send now (`Game.choices`).

It knows only what its player knows: his own choices and who is alive (public). Each night it draws one
of his actions, asks the core for that action's choice alone (`Game.choice`; another is drawn if it is
not offered now), then a count of targets and a name for each place among those offered, the option among
those offered (heal_from's source, the Council's template and its blanks), and for the joker a role and
one of its uses; the core's list is exact, so nothing it sends is refused. The reanimator acts last:
told tonight's dead by the Game's follow-up step, he revives one of those his choices offer, drawn
uniformly, or nobody if it offers none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rankedmafia.bots.base import follow_up
from rankedmafia.bots.choosing import draw, send_choice
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Phase, PhaseKind


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
        actions = game.actions_of(name)
        if not actions or self.rng.random() < self.idle:
            return
        # an action first, then only its choice: uniform over the actions he may send (one the Game does
        # not offer now, such as the revive before its step, is set aside and another drawn)
        left = list(actions)
        while left:
            action = left.pop(_below(self.rng, len(left)))
            choice = self._copy(game, name, action.id) if action.copies else game.choice(name, action.id)
            if choice is not None:
                send_choice(self.rng, game, name, choice)
                return

    def _copy(self, game: Game, name: str, action: str) -> Choice | None:
        """The joker's copy drawn as its choice would be (a role among those with a use he may send, then
        one of its uses), asking the core only for the use drawn: one use's choice, not the whole setup's."""
        roles = game.option_choices(name, action)
        while roles:
            role = roles.pop(_below(self.rng, len(roles)))
            uses = game.copy_actions(role)
            while uses:
                choice = game.choice(name, action, (role, uses.pop(_below(self.rng, len(uses)))))
                if choice is not None:
                    return choice
        return None

    def revive(self, game: Game, name: str, deaths: Sequence[str]) -> None:
        """One of those his choices offer (tonight's dead, as he was told), drawn uniformly."""
        choices = game.choices(name)  # asked, the revive is all he may send
        if choices:
            send_choice(self.rng, game, name, draw(self.rng, choices))

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
