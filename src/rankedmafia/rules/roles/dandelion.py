"""Божий одуванчик: "Погибает при любом воздействии, направленном на него (проверка, блок, отмазывание и
т.п.)." Any night action naming him kills him, and nothing saves him from it: after the kills, every
effective action that names a living dandelion is an attack no heal or guard stops."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Role

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext

STRIKE_ORDER = 20  # after the courtesan's infections (courtesan.py)


def _touched(night: NightContext) -> None:
    fragile = {p.name for p in night.state.living() if night.state.roles[p.role].dies_of_any_action}
    if not fragile:
        return
    for step in night.effective():
        for target in fragile.intersection(step.act.targets):
            night.attack(step.performer, target, source=step.spec.id, kind="dandelion", unstoppable=True)


DANDELION = Role(
    id="dandelion", side=Side.TOWN, dies_of_any_action=True, at_kills=(STRIKE_ORDER, _touched),
    names={"ru": ("божий одуванчик", "божьего одуванчика"), "en": ("dandelion", "dandelion")},
)
