"""Бомж: "как и комиссар проверяет принадлежность человека к мафии. Однако, не может убивать ночью"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage
from rankedmafia.rules.roles.common import check_result

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _check(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    # RULINGS.md: only the commissar's check shows a sniper; the vagrant's answers mafia or not mafia
    night.inform(act.actor, "check", "mafia" if check_result(night.state, target) == "mafia" else "not_mafia",
                 target=target)


VAGRANT = Role(
    id="vagrant", side=Side.TOWN,
    names={"ru": ("бомж", "бомжа"), "en": ("vagrant", "vagrant")},
    actions=(Action("check", effects=((Stage.INFO, _check),)),),
)
