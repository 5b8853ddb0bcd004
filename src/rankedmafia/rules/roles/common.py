"""Small pieces several roles share: what a check shows, and the limits of actions against thresholds."""

from __future__ import annotations

from rankedmafia.rules.context import NightContext
from rankedmafia.rules.state import GameState, comparison_side

__all__ = ["DEFAULT_CLAN", "boss_of", "check_result", "comparison_side", "is_killing", "kill_source"]

DEFAULT_CLAN = "mafia"  # the clan of a mafia seat that names none


def check_result(state: GameState, name: str) -> str:
    """The commissar's answer: mafia or not mafia, never the rank; a sniper shows as a sniper."""
    player = state.players[name]
    role = state.roles[player.role]
    if role.checks_as is not None:
        return role.checks_as
    return "mafia" if player.clan is not None else "not_mafia"


def boss_of(night: NightContext, actor: str) -> str:
    """Whom the mafia's action falls on: the clan's boss (a joker copying a mafioso: himself)."""
    clan = night.player(actor).clan
    if clan is None:
        return actor
    return night.state.bosses.get(clan, actor)


def kill_source(night: NightContext, actor: str) -> str:
    """What the doctor's heal_from names: the clan for the mafia, the role id for everyone else."""
    player = night.player(actor)
    return player.clan or player.role


def is_killing(state: GameState, name: str) -> bool:
    """A role able to kill ("боеспособная роль"): the commissar, the maniac, the sniper, the mafia's ranks
    and its boss...; the courtesan is not one."""
    return state.role(name).killer or state.is_boss(name)
