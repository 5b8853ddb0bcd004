"""Почтальон: checks one player and the result goes to another: "называет два имени - одно кого
проверяет, второе кому присылает проверку". Never the same recipient twice; not in the summary; he
himself learns nothing. The result is "mafia / not mafia"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Player, Side
from rankedmafia.rules.role import Action, Bar, Role, Stage
from rankedmafia.rules.roles.common import check_result

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState


def _deliver(night: NightContext, act: Act) -> None:
    checked, recipient = act.targets
    result = check_result(night.state, checked)
    # "При проверке приходит результат мафия/не мафия": only the commissar's eye tells a sniper
    night.inform(recipient, "check", "mafia" if result == "mafia" else "not_mafia", target=checked)


def _new_recipient(state: GameState, player: Player) -> tuple[Bar, ...]:
    """Never the same recipient twice."""
    recipients = state.recall("postman", player.name)
    return (Bar(1, recipients, _old_recipient),) if recipients else ()


def _old_recipient(name: str) -> RuleViolation:
    return RuleViolation("postman_recipient", name=name)


def _remember_recipient(state: GameState, act: Act) -> None:
    state.role_memory("postman").setdefault(act.actor, set()).add(act.targets[1])


POSTMAN = Role(
    id="postman", side=Side.TOWN,
    names={"ru": ("почтальон", "почтальона"), "en": ("postman", "postman")},
    actions=(Action("deliver", targets=(2, 2), places=_new_recipient, on_sent=_remember_recipient,
                    effects=((Stage.INFO, _deliver),)),),
)
