"""Божий одуванчик: "Погибает при любом воздействии, направленном на него (проверка, блок, отмазывание и
т.п.)." Any night action naming him kills him, and nothing saves him from it (night.py)."""

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Role

DANDELION = Role(
    id="dandelion", side=Side.TOWN, dies_of_any_action=True,
    names={"ru": ("божий одуванчик", "божьего одуванчика"), "en": ("dandelion", "dandelion")},
)
