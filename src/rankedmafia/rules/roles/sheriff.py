"""Шериф: "Фактически, убийца, играющий за город." He shoots; he cannot check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage
from rankedmafia.rules.roles.common import kill_source

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _kill(night: NightContext, act: Act) -> None:
    night.attack(act.actor, act.targets[0], source=kill_source(night, act.actor))


SHERIFF = Role(
    id="sheriff", side=Side.TOWN, killer=True,
    names={"ru": ("шериф", "шерифа"), "en": ("sheriff", "sheriff")},
    actions=(Action("kill", effects=((Stage.KILL, _kill),)),),
)
