"""The policy protocol every bot follows, and the loop that plays a game with bots in the seats.

A policy decides for one player from what that player may know: his view (`Game.view`), his legal actions
(`Game.actions_of`) and who is alive (`Game.alive`). It never reads `Game.state`, the true state. A web game
can fill an empty seat with any policy: call `act` for that seat at night and `vote` by day.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import PhaseKind

MAX_PHASES = 200


@runtime_checkable
class Policy(Protocol):
    """Plays one seat: sends its night action (or nothing) and its day vote (or nothing)."""

    def act(self, game: Game, name: str) -> None:
        """Send this player's action for tonight, if he sends one. Never raises a RuleViolation."""

    def vote(self, game: Game, name: str) -> None:
        """Cast this player's vote for today, if he votes. Never raises a RuleViolation."""


def play_phase(game: Game, policies: Policy | Mapping[str, Policy]) -> None:
    """Every living player acts (at night) or votes (by day) under his policy; the phase is not resolved."""
    night = game.phase.kind is PhaseKind.NIGHT
    if isinstance(policies, Mapping):
        for name in game.alive():
            if night:
                policies[name].act(game, name)
            else:
                policies[name].vote(game, name)
    elif night:
        for name in game.alive():
            policies.act(game, name)
    else:
        for name in game.alive():
            policies.vote(game, name)


def play_game(game: Game, policies: Policy | Mapping[str, Policy], max_phases: int = MAX_PHASES) -> Game:
    """Plays the game to its end (or `max_phases` phases) with one policy for all, or one per seat."""
    for _ in range(max_phases):
        if game.over:
            break
        play_phase(game, policies)
        game.resolve()
    return game
