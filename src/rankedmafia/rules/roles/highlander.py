"""Горец, who plays for himself: "Убивает обычным убийством, практически бессмертен, уничтожается
кровавым убийством, при убийстве хохла или повешением." Only the maniac's bloody kill, the avenger's
revenge and the gallows can kill him."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage
from rankedmafia.rules.roles.common import kill_source

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _kill(night: NightContext, act: Act) -> None:
    night.attack(act.actor, act.targets[0], source=kill_source(night, act.actor))


HIGHLANDER = Role(
    id="highlander", side=Side.LONERS, immune=True, killer=True, mortal_to=("bloody", "revenge"),
    names={"ru": ("горец", "горца"), "en": ("highlander", "highlander")},
    actions=(Action("kill", effects=((Stage.KILL, _kill),)),),
)
