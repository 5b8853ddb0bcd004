"""Комиссар: checks a player (mafia or not, never the rank) or kills him (50% evidence; at 10 alive or
fewer, 50% that the victim's role is revealed: `trace_chance`, asked by consequences.py). The sergeant
learns every check with him."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.chance import HALF
from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage
from rankedmafia.rules.roles.common import check_result, kill_source

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _check(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    result = check_result(night.state, target)
    night.inform(act.actor, "check", result, target=target)
    if night.player(act.actor).role != "commissar":
        return  # a joker's copied check is his alone
    for sergeant in night.state.holders("sergeant"):
        if sergeant.alive:
            night.inform(sergeant.name, "check", result, target=target)


def _kill(night: NightContext, act: Act) -> None:
    night.attack(act.actor, act.targets[0], source=kill_source(night, act.actor))


COMMISSAR = Role(
    id="commissar", side=Side.TOWN, killer=True, trace_chance=HALF,
    names={"ru": ("комиссар", "комиссара"), "en": ("commissar", "commissar")},
    actions=(
        Action("check", effects=((Stage.INFO, _check),)),
        Action("kill", effects=((Stage.KILL, _kill),)),
    ),
)
