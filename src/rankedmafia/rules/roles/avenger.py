"""Хохол: does nothing, but whoever kills him at night dies with him — for the mafia, the boss only; three
killers, all three. A blocker (girl, blackmailer, thug) visiting him that night: he dies, the shooter does
not; the doctor or the cop visiting him: nobody dies (they save him). A bloody kill plus a blocker: the
maniac, the blocker and he all die. Hanging him kills nobody else; one-on-one with a hostile side he loses
(victory.py, like any townsman)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Player, Side
from rankedmafia.rules.role import BlockTier, Role

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext

BLOCKERS = (BlockTier.ALCOHOLIC, BlockTier.MAFIA, BlockTier.TOWN)


def _revenge(night: NightContext, avenger: Player) -> None:
    if avenger.name not in night.dead:
        return
    fatal = [a for a in night.attacks if a.victim == avenger.name and a.saved_by is None
             and a.kind not in ("revenge", "dandelion")]
    bloody = any(a.kind == "bloody" for a in fatal)
    if not bloody and night.visitors(avenger.name, BLOCKERS):
        return
    killers = {shooter for a in fatal for shooter in a.shooters if shooter != avenger.name}
    for killer in sorted(killers):
        night.attack(avenger.name, killer, source="avenger", kind="revenge")


AVENGER = Role(
    id="avenger", side=Side.TOWN, reaction=_revenge,
    names={"ru": ("хохол", "хохла"), "en": ("avenger", "avenger")},
)
