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
    in_setup = {p.initial_role for p in state.players.values()} | {p.role for p in state.players.values()}
    if act.option not in in_setup or act.option == "joker":
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
    if not spec.self_target and act.actor in act.targets:
        raise RuleViolation("self_target", action=spec.id)
    original = next((a for a in state.roles.copyable(act.option or "") if a.id == spec.id), None)
    if original is not None and original.check is not None:
        original.check(state, player, state.roles.resolved_act(act))
    memory = state.memory.get(player.name)
    if memory is not None and memory.night == state.phase.number - 1 and memory.action == "copy":
        if memory.option == act.option:
            raise RuleViolation("joker_same_role", role=act.option or "")
        if memory.detail == act.detail:
            raise RuleViolation("joker_same_action", action=act.detail or "")
        if set(memory.targets) & set(act.targets):
            raise RuleViolation("repeat_target", action=act.detail or "", name=act.targets[0])


def _copy_roles(state: GameState) -> list[str]:
    """The roles he may copy: those in the setup (public), himself aside."""
    dealt = {p.initial_role for p in state.players.values()} | {p.role for p in state.players.values()}
    return sorted(dealt - {"joker"})


JOKER = Role(
    id="joker", side=Side.LONERS, killer=True,
    names={"ru": ("джокер", "джокера"), "en": ("joker", "joker")},
    actions=(Action("copy", targets=(0, 3), option="role", check=_copy_limits, options=_copy_roles, copies=True),),
)
