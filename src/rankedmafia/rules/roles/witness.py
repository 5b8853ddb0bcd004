"""Свидетель: watches a player; if anyone tried to kill him, the witness learns each killer's nickname
(for the mafia, the boss's), even if the victim was saved; a blocked killer shows nothing. Not the same
player two nights running (lifted when three are alive)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _watch(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    killers: list[str | None] = []
    for attack in night.attacks:
        if attack.victim == target and attack.killer not in killers:
            killers.append(attack.killer)
    for killer in killers or [None]:
        night.inform(act.actor, "witness", killer, target=target)


WITNESS = Role(
    id="witness", side=Side.TOWN,
    names={"ru": ("свидетель", "свидетеля"), "en": ("witness", "witness")},
    actions=(Action("watch", no_repeat=True, effects=((Stage.INFO, _watch),)),),
)
