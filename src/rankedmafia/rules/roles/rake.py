"""Повеса: "Указывает на человека ночью и, если повесу вешают на голосовании, то жертва повесы вешается
вместе с ним (но если повеса или жертва повесы отмазаны, отмазанный человек не вешается)." Not the same
player two nights running (lifted when three are alive). The hanging itself is in day.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _mark(night: NightContext, act: Act) -> None:
    night.marks[act.actor] = act.targets[0]


RAKE = Role(
    id="rake", side=Side.TOWN,
    names={"ru": ("повеса", "повесы"), "en": ("rake", "rake")},
    actions=(Action("mark", no_repeat=True, effects=((Stage.EFFECT, _mark),)),),
)
