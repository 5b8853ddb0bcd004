"""Which actions a player has tonight, and who speaks for the mafia."""

from __future__ import annotations

from rankedmafia.rules.model import Act, Player
from rankedmafia.rules.role import Action
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS, VOTE_KILL
from rankedmafia.rules.state import GameState

BOSS_ACTIONS_BY_ID = {action.id: action for action in BOSS_ACTIONS}


def available_actions(state: GameState, player: Player) -> tuple[Action, ...]:
    """His role's own actions (unless becoming boss took them) and, for a ranked mafioso or the boss,
    the boss's; in a game with a double agent every clan member votes for the clan's kill instead."""
    role = ROLES[player.role]
    if role.succession is None and not state.agent_ranks:  # the common case: no rank, no boss to be
        return role.actions
    boss = state.is_boss(player.name)
    own = () if boss and role.loses_actions_as_boss else role.actions
    if state.vote_kills:
        return (*own, VOTE_KILL) if state.clans_of(player.name) else own
    if role.ranked or boss:
        return own + BOSS_ACTIONS
    return own


def action_spec(state: GameState, player: Player, action_id: str) -> Action | None:
    """His action of this id tonight, if he has it: the first of `available_actions` by that id."""
    role = ROLES[player.role]
    if role.succession is None and not state.agent_ranks:  # the common case: his role's own actions
        return role.action(action_id)
    boss = state.is_boss(player.name)
    if not (boss and role.loses_actions_as_boss):
        own = role.action(action_id)
        if own is not None:
            return own
    if state.vote_kills:
        return VOTE_KILL if action_id == VOTE_KILL.id and state.clans_of(player.name) else None
    return BOSS_ACTIONS_BY_ID.get(action_id) if role.ranked or boss else None


def boss_rank(state: GameState, name: str) -> int:
    """The order in which the mafia's senders are heard: the boss first, then by rank."""
    if state.is_boss(name):
        return 0
    return ROLES[state.players[name].role].succession or 99


def next_boss(state: GameState, clan: str) -> str | None:
    """Rule book: mafia1 -> mafia2 -> mafia3 -> journalist -> ... -> the lawyer, the last of them; a double
    agent stands in each chain at the rank the deal gave him."""
    chain = clan_chain(state, clan)
    return chain[0] if chain else None


def clan_chain(state: GameState, clan: str) -> list[str]:
    """The clan's living members who can lead it, in the order they would."""
    def key(player: Player) -> tuple[int, int, int]:
        # the ranks first, the agent at his (RULINGS.md: one sequence counts him at his place), then the
        # clan's other roles by the rule book's order
        ranks = state.agent_ranks.get(player.name)
        if ranks is not None:
            return (0, ranks[clan], player.seat)
        role = ROLES[player.role]
        return (0 if role.ranked else 1, role.succession or 99, player.seat)

    heirs = [p for p in state.clan_members(clan)
             if ROLES[p.role].succession is not None or p.name in state.agent_ranks]
    return [p.name for p in sorted(heirs, key=key)]


def copyable_actions(role_id: str) -> tuple[Action, ...]:
    """The actions a joker may use when he copies this role (RoleBook.copyable)."""
    return ROLES.copyable(role_id)


def copied_spec(state: GameState, act: Act) -> Action | None:
    """The joker's copy, weaker than the original (RoleBook.copied_spec)."""
    return state.roles.copied_spec(act)


def resolved_spec(state: GameState, player: Player, act: Act) -> Action | None:
    spec = action_spec(state, player, act.action)
    if spec is not None and spec.copies:
        return copied_spec(state, act)
    return spec


def delayed_spec(state: GameState, act: Act) -> Action | None:
    """Last night's deed of the alcoholic's victim, carried out tonight whatever he sends."""
    player = state.players[act.actor]
    spec = resolved_spec(state, player, act)
    if spec is None:  # a rank lost or a role changed since: the deed is what he sent, by his old role
        spec = next((a for a in BOSS_ACTIONS if a.id == act.action), None)
    return spec
