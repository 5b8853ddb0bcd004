"""Which actions a player has tonight, and who speaks for the mafia."""

from __future__ import annotations

from rankedmafia.rules.model import Player
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.base import Action
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS
from rankedmafia.rules.state import GameState


def available_actions(state: GameState, player: Player) -> tuple[Action, ...]:
    """His role's own actions (unless becoming boss took them) and, for a ranked mafioso or the boss,
    the boss's."""
    role = ROLES[player.role]
    boss = state.is_boss(player.name)
    own = () if boss and role.loses_actions_as_boss else role.actions
    if role.ranked or boss:
        return own + BOSS_ACTIONS
    return own


def action_spec(state: GameState, player: Player, action_id: str) -> Action | None:
    for action in available_actions(state, player):
        if action.id == action_id:
            return action
    return None


def boss_rank(state: GameState, name: str) -> int:
    """The order in which the mafia's senders are heard: the boss first, then by rank."""
    if state.is_boss(name):
        return 0
    return ROLES[state.players[name].role].succession or 99


def next_boss(state: GameState, clan: str) -> str | None:
    """Rule book: mafia1 -> mafia2 -> mafia3 -> journalist -> ... -> the lawyer, the last of them."""
    heirs = [p for p in state.clan_members(clan) if ROLES[p.role].succession is not None]
    if not heirs:
        return None
    return min(heirs, key=lambda p: (ROLES[p.role].succession or 99, p.seat)).name
