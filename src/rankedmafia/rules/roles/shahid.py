"""Шахид: "Указывает на человека ночью и, если шахида убивают, то указанный человек умирает вместе с ним."
Even if the doctor saves the shahid. A cop guarding the shahid: neither dies (the guard blocks the mark);
a girl visiting him: the shahid dies and his mark does not. Dying of the courtesan's infection: 50% that
the mark dies. Not the same player two nights running (lifted when three are alive)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.chance import HALF
from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _mark(night: NightContext, act: Act) -> None:
    shahid, marked = act.actor, act.targets[0]
    attacks = [a for a in night.attacks if a.victim == shahid]
    if not attacks:
        return
    if all(a.kind == "infection" for a in attacks) and not night.draw(f"shahid_infection:{shahid}", HALF):
        return
    night.attack(shahid, marked, source="shahid", kind="shahid")


SHAHID = Role(
    id="shahid", side=Side.TOWN,
    names={"ru": ("шахид", "шахида"), "en": ("shahid", "shahid")},
    actions=(Action("mark", no_repeat=True, effects=((Stage.REACTION, _mark),)),),
)
