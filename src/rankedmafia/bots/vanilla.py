"""The vanilla random policy: a distribution simple enough to be computed exactly (rankedmafia.sim.exact).

By day every living player votes red for a player drawn uniformly among the living (himself included): no
blue vote, no abstention. At night the mafia boss kills one player drawn uniformly among the living
players outside his clan; nobody else acts. In a vanilla setup (civilians against ranked mafia only) this
makes the game a Markov chain over (town alive, mafia alive, phase).

It reads only what its player may know: his view's clan and boss (a mafioso knows his clan), his choices
(`Game.choices`: the boss kills one of the players his kill offers) and who is alive.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act

KILL = "kill"


class VanillaPolicy:
    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, game: Game, name: str) -> None:
        if not any(action.id == KILL for action in game.actions_of(name)):
            return
        view = game.view(name)
        if view.boss != name:
            return  # only the boss speaks for the clan: one kill a night
        kill = next((c for c in game.choices(name) if c.action == KILL and 1 in c.counts), None)
        if kill is None:
            return  # elsewhere than in a vanilla game a kill may not be offered: the boss then waits
        pool = [p for p in kill.slots[0] if p not in view.clan]
        if pool:
            game.submit(Act(name, KILL, (pool[self.rng.randrange(len(pool))],)))

    def revive(self, game: Game, name: str, deaths: Sequence[str]) -> None:
        """Nobody: a vanilla game has no reanimator (and the exact chain knows none)."""

    def vote(self, game: Game, name: str) -> None:
        living = game.alive()
        game.vote(name, living[self.rng.randrange(len(living))])
