"""Прокурор: "Ночью указывает на человека, с которого хочет снять 'отмазу' адвоката." If he guesses, the
defended player can be hanged. His red vote weighs two (day.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _prosecute(night: NightContext, act: Act) -> None:
    night.prosecuted.add(act.targets[0])


PROSECUTOR = Role(
    id="prosecutor", side=Side.TOWN, red_vote=2,
    names={"ru": ("прокурор", "прокурора"), "en": ("prosecutor", "prosecutor")},
    actions=(Action("prosecute", effects=((Stage.EFFECT, _prosecute),)),),
)
