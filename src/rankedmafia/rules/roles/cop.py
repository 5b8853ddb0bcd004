"""Мент: blocks like the girl and also saves the visited player from death and every outside effect
(serum, intimidation, healing, poison, silences) — not from the lawyer's defense nor any check, and not
from the maniac's bloody kill, which kills the cop too. 50% silence like the girl. Not himself; not the
same player two nights running (the paragraph names the girl by a slip; RULINGS.md applies it to him)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, BlockTier, Role, Stage
from rankedmafia.rules.roles.girl import visit_silence

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _guard(night: NightContext, act: Act) -> None:
    night.guarded[act.targets[0]] = act.actor


COP = Role(
    id="cop", side=Side.TOWN,
    names={"ru": ("мент", "мента"), "en": ("cop", "cop")},
    actions=(Action("guard", no_repeat=True, block_tier=BlockTier.TOWN,
                    effects=((Stage.GUARD, _guard), (Stage.EFFECT, visit_silence))),),
)
