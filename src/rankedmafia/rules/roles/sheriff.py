"""Шериф: "Фактически, убийца, играющий за город." He shoots; he cannot check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.roles.base import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.night import Night


def _kill(night: Night, act: Act) -> None:
    night.attack(act.actor, act.targets[0], source="sheriff")


SHERIFF = Role(
    id="sheriff", side=Side.TOWN, killer=True,
    names={"ru": ("шериф", "шерифа"), "en": ("sheriff", "sheriff")},
    actions=(Action("kill", effects=((Stage.KILL, _kill),)),),
)
