"""Журналист (мафский): "Узнает роль выбранного участника. Однако, ведущий сообщает результат проверки
только при объявлении действия ролей" — publicly, without names: "Этой ночью журналист брал интервью у
комиссара." Becoming boss, he loses the interview."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _interview(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    true_role = night.state.role(target)
    role = true_role.appears_as or true_role.id  # the unturned werewolf is, to all, a civilian
    night.inform(None, "interview", role, target=target)
    night.event("interview", role=role)


MAFIA_JOURNALIST = Role(
    id="mafia_journalist", side=Side.MAFIA, succession=4, loses_actions_as_boss=True,
    names={"ru": ("журналист мафии", "журналиста мафии"), "en": ("mafia journalist", "mafia journalist")},
    actions=(Action("interview", effects=((Stage.INFO, _interview),)),),
)
