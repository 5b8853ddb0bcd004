"""Джокер, who plays alone: each night he copies a role that is in the setup and uses one of its actions,
with all its limits and consequences ("копирую маньяка, Васю убиваю кроваво"). His action is weaker than
the original: he cannot block a girl or a cop who sent an action, and in a conflict the real role wins.
He must change the role, the action and the target every night."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Player, Side
from rankedmafia.rules.role import Action, Role

if TYPE_CHECKING:
    from rankedmafia.rules.state import GameState


def _copy_limits(state: GameState, player: Player, act: Act) -> None:
    """The copy's limits, whoever its targets are (a target of last night is refused by `no_repeat`):
    a role of the setup, one of its actions with its option and number of targets, not last night's
    role or action."""
    if act.option == "joker" or act.option not in state.setup_roles():
        raise RuleViolation("joker_role", role=act.option or "")
    spec = state.roles.copied_spec(act)
    if spec is None:
        raise RuleViolation("no_such_action", name=player.name, role=act.option or "", action=act.detail or "")
    if spec.option is not None and act.copied_option is None:
        raise RuleViolation("missing_option", action=spec.id, option=spec.option)
    if spec.option is None and act.copied_option is not None:
        raise RuleViolation("unexpected_option", action=spec.id)
    least, most = spec.targets
    if not least <= len(act.targets) <= most:
        raise RuleViolation("target_count", action=spec.id, least=least, most=most, got=len(act.targets))
    original = _original(state, act)
    if original is not None and original.limits is not None:
        original.limits(state, player, state.roles.resolved_act(act))
    memory = state.memory.get(player.name)
    if memory is not None and memory.night == state.phase.number - 1 and memory.action == "copy":
        if memory.option == act.option:
            raise RuleViolation("joker_same_role", role=act.option or "")
        if memory.detail == act.detail:
            raise RuleViolation("joker_same_action", action=act.detail or "")


def _copied_check(state: GameState, player: Player, act: Act) -> None:
    """The copied action's own check, the one limit of a copy that may weigh who its targets are."""
    original = _original(state, act)
    if original is not None and original.check is not None:
        original.check(state, player, state.roles.resolved_act(act))


def _original(state: GameState, act: Act) -> Action | None:
    return state.roles.original(act.option or "", act.detail or "")


def _copy_roles(state: GameState) -> list[str]:
    """The roles he may copy: those in the setup (public), himself aside."""
    return sorted(state.setup_roles() - {"joker"})


JOKER = Role(
    id="joker", side=Side.LONERS, killer=True,
    names={"ru": ("джокер", "джокера"), "en": ("joker", "joker")},
    # a target of last night is refused whatever the copied action, even at three alive
    actions=(Action("copy", targets=(0, 3), option="role", no_repeat=True, repeat_at_three=False,
                    limits=_copy_limits, check=_copied_check, options=_copy_roles, copies=True),),
)
