"""Сержант: "При проверке комиссаром человека, узнает о результате проверки вместе с ним. Если комиссара
убивают, сержант занимает его место." (The check is shared in commissar.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Promote, Role

if TYPE_CHECKING:
    from rankedmafia.rules.state import GameState

AT_DEATH_ORDER = 10  # after the boss chain, before the werewolf


def _takes_the_commissars_place(state: GameState, dead: list[str], promote: Promote) -> None:
    """Wherever the commissar dies, at night or on the gallows, the sergeant becomes the commissar."""
    if state.living_holder("commissar") is not None:
        return
    sergeant = state.living_holder("sergeant")
    if sergeant is not None:
        promote(sergeant, "commissar", None)


SERGEANT = Role(id="sergeant", side=Side.TOWN,
                names={"ru": ("сержант", "сержанта"), "en": ("sergeant", "sergeant")},
                at_death=(AT_DEATH_ORDER, _takes_the_commissars_place), may_become=("commissar",))
