"""Журналист (городской): names two players and learns whether they play for one side — of three: mafia,
town, loners. Never himself nor a dead player; the same player any night; valid if one dies that night."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage
from rankedmafia.rules.roles.common import comparison_side

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _compare(night: NightContext, act: Act) -> None:
    a, b = act.targets
    same = comparison_side(night.state, a) is comparison_side(night.state, b)
    night.inform(act.actor, "compare", "same" if same else "different", targets=[a, b])


TOWN_JOURNALIST = Role(
    id="town_journalist", side=Side.TOWN,
    names={"ru": ("городской журналист", "городского журналиста"), "en": ("town journalist", "town journalist")},
    actions=(Action("compare", targets=(2, 2), effects=((Stage.INFO, _compare),)),),
)
