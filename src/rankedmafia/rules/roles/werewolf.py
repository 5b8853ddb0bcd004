"""Оборотень: plays for the town, believing himself a civilian, until the maniac dies; then he becomes the
maniac and is told so privately. The serum shows "civilian" before, "maniac" after."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Promote, Role

if TYPE_CHECKING:
    from rankedmafia.rules.state import GameState

AT_DEATH_ORDER = 20  # after the sergeant


def _becomes_the_maniac(state: GameState, dead: list[str], promote: Promote) -> None:
    maniac_died = any(state.players[name].role == "maniac" for name in dead)
    if not maniac_died or state.living_holder("maniac") is not None:
        return
    werewolf = state.living_holder("werewolf")
    if werewolf is not None:
        promote(werewolf, "maniac", "maniac")


WEREWOLF = Role(
    id="werewolf", side=Side.TOWN, appears_as="civilian", serum_shows="civilian",
    names={"ru": ("оборотень", "оборотня"), "en": ("werewolf", "werewolf")},
    at_death=(AT_DEATH_ORDER, _becomes_the_maniac), may_become=("maniac",),
)
