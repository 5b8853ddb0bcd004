"""The policy protocol every bot follows, and the loop that plays a game with bots in the seats.

A policy decides for one player from what that player may know: his view (`Game.view`), his legal actions
(`Game.actions_of`) and who is alive (`Game.alive`), plus what the game tells him: the reanimator, who acts
last, is told tonight's dead by the Game's follow-up step (`Game.begin_follow_up`, opened by the loop, not
by the policy) and answers in `revive`. It never reads `Game.state`, the true state. A web game can fill
an empty seat with any policy:
call `act` for that seat at night, `revive` when the reanimator's step opens, and `vote` by day.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import PhaseKind

MAX_PHASES = 200


@runtime_checkable
class Policy(Protocol):
    """Plays one seat: sends its night action (or nothing) and its day vote (or nothing)."""

    def act(self, game: Game, name: str) -> None:
        """Send this player's action for tonight, if he sends one (the reanimator's `revive` is left to
        `revive`). Never raises a RuleViolation."""

    def revive(self, game: Game, name: str, deaths: Sequence[str]) -> None:
        """The reanimator, asked after everyone else, told `deaths` (tonight's dead so far): revive one of
        them, or nobody. Never raises a RuleViolation."""

    def vote(self, game: Game, name: str) -> None:
        """Cast this player's vote for today, if he votes. Never raises a RuleViolation."""


def play_phase(game: Game, policies: Policy | Mapping[str, Policy]) -> None:
    """Every living player acts (at night) or votes (by day) under his policy; at night the Game's
    follow-up step then asks the reanimators, told tonight's dead. The phase is not resolved."""
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
    if night:
        follow_up(game, policies)


def follow_up(game: Game, policies: Policy | Mapping[str, Policy]) -> None:
    """The night's last round, the Game's own follow-up step: each player it asks (the reanimator) is told
    what the step tells him and answers through his policy; if he sends nothing, he declines."""
    step = game.begin_follow_up()
    while step is not None:
        policy = policies[step.player] if isinstance(policies, Mapping) else policies
        policy.revive(game, step.player, list(step.told))
        if game.follow_up_step() == step:
            game.decline(step.player)
        step = game.follow_up_step()


def play_game(game: Game, policies: Policy | Mapping[str, Policy], max_phases: int = MAX_PHASES) -> Game:
    """Plays the game to its end (or `max_phases` phases) with one policy for all, or one per seat."""
    for _ in range(max_phases):
        if game.over:
            break
        play_phase(game, policies)
        game.resolve()
    return game
