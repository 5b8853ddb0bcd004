"""What a player may name in an option (the doctor's heal_from), from what he can know: the setup's roles
are public in a forum game, so the choices are the mafia and the killing roles dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.roles.doctor import heal_from_sources

if TYPE_CHECKING:
    from rankedmafia.rules.game import Game


def heal_from_choices(game: Game, name: str) -> list[str]:
    return sorted(heal_from_sources(game.state))
