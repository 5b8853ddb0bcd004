"""Оборотень: plays for the town, believing himself a civilian, until the maniac dies; then he becomes the
maniac and is told so privately (consequences.py). The serum shows "civilian" before, "maniac" after."""

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Role

WEREWOLF = Role(
    id="werewolf", side=Side.TOWN, appears_as="civilian", serum_shows="civilian",
    names={"ru": ("оборотень", "оборотня"), "en": ("werewolf", "werewolf")},
)
