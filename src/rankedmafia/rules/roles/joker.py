"""Джокер, who plays alone: each night he copies a role that is in the setup and uses one of its actions,
with all its limits and consequences ("копирую маньяка, Васю убиваю кроваво"). His action is weaker than
the original: he cannot block a girl or a cop who sent an action, and in a conflict the real role wins.
He must change the role, the action and the target every night."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import COPY, Act, Player, Side
from rankedmafia.rules.role import Action, Role

if TYPE_CHECKING:
    from rankedmafia.rules.state import GameState


def _copy_check(state: GameState, player: Player, act: Act) -> None:
    """What he copies: a role of the setup (not his own) and one of its actions, not last night's role
    nor last night's action. The copied action's own limits hold as well, as for its role
    (rules/limits.py reads them from `RoleBook.original`); a target of last night is refused by his
    `no_repeat`, whatever the copied action."""
    role, use = act.chosen, act.copy.use if act.copy is not None else None
    if role == "joker" or role not in state.setup_roles():
        raise RuleViolation("joker_role", role=role or "")
    if state.roles.original(role or "", use or "") is None:
        raise RuleViolation("no_such_action", name=player.name, role=role or "", action=use or "")
    memory = state.memory.get(player.name)
    if memory is not None and memory.night == state.phase.number - 1 and memory.action == COPY:
        if memory.option == role:
            raise RuleViolation("joker_same_role", role=role or "")
        if memory.detail == use:
            raise RuleViolation("joker_same_action", action=use or "")


def _copy_roles(state: GameState) -> list[str]:
    """The roles he may copy: those in the setup (public), himself aside."""
    return sorted(state.setup_roles() - {"joker"})


JOKER = Role(
    id="joker", side=Side.LONERS, killer=True,
    names={"ru": ("джокер", "джокера"), "en": ("joker", "joker")},
    # a target of last night is refused whatever the copied action, even at three alive
    actions=(Action(COPY, targets=(0, 3), option="role", no_repeat=True, repeat_at_three=False,
                    option_check=_copy_check, options=_copy_roles, copies=True),),
)
