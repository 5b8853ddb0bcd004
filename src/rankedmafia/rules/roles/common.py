"""Small pieces several roles share: what a check shows, and the limits of actions against thresholds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Side

if TYPE_CHECKING:
    from rankedmafia.rules.night import Night
    from rankedmafia.rules.state import GameState


def check_result(state: GameState, name: str) -> str:
    """The commissar's answer: mafia or not mafia, never the rank; a sniper shows as a sniper."""
    from rankedmafia.rules.roles import ROLES

    player = state.players[name]
    role = ROLES[player.role]
    if role.checks_as is not None:
        return role.checks_as
    return "mafia" if player.clan is not None else "not_mafia"


def comparison_side(state: GameState, name: str) -> Side:
    """The town journalist's three sides: mafia, town, loners."""
    from rankedmafia.rules.roles import ROLES

    player = state.players[name]
    if player.clan is not None:
        return Side.MAFIA
    if name in state.detective:  # "При проверке журом, указывается та сторона на которой играет"
        return {"town": Side.TOWN, "mafia": Side.MAFIA}.get(state.detective[name][0], Side.LONERS)
    return ROLES[player.role].side


def boss_of(night: Night, actor: str) -> str:
    """Whom the mafia's action falls on: the clan's boss (a joker copying a mafioso: himself)."""
    clan = night.player(actor).clan
    if clan is None:
        return actor
    return night.state.bosses.get(clan, actor)


def kill_source(night: Night, actor: str) -> str:
    """What the doctor's heal_from names: the clan for the mafia, the role id for everyone else."""
    player = night.player(actor)
    return player.clan or player.role


def is_killing(state: GameState, name: str) -> bool:
    """A role able to kill ("боеспособная роль"): the commissar, the maniac, the sniper, the mafia's ranks
    and its boss...; the courtesan is not one."""
    from rankedmafia.rules.roles import ROLES

    return ROLES[state.players[name].role].killer or state.is_boss(name)
