"""Адвокат: "Может 'отмазывать' игрока на голосовании" — any player, himself included, the same one every
night if he likes. The defense for the coming day holds even if the lawyer is killed that night or becomes
boss; as boss (only as the last mafioso) he can defend no more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _defend(night: NightContext, act: Act) -> None:
    night.defenses.add(act.targets[0])


LAWYER = Role(
    id="lawyer", side=Side.MAFIA, succession=8, loses_actions_as_boss=True,
    names={"ru": ("адвокат", "адвоката"), "en": ("lawyer", "lawyer")},
    actions=(Action("defend", self_target=True, effects=((Stage.EFFECT, _defend),)),),
)
