"""What a player may name in an option (the doctor's heal_from), from what he can know: the setup's roles
are public in a forum game, so the choices are the mafia and the killing roles dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rankedmafia.rules.game import Game


def heal_from_choices(game: Game, name: str) -> list[str]:
    from rankedmafia.rules.roles import ROLES

    roles = set(game.setup_roles())
    killers = {r for r in roles if ROLES[r].killer and ROLES[r].side.value != "mafia"}
    clans = {p.clan for p in game.players() if p.clan is not None}  # the clans are announced with the setup
    return sorted(killers | clans)
