"""Мент: blocks like the girl and also saves the visited player from death and every outside effect
(serum, intimidation, healing, poison, silences) — not from the lawyer's defense nor any check, and not
from the maniac's bloody kill, which kills the cop too. 50% silence like the girl. Not himself; not the
same player two nights running (the paragraph names the girl by a slip; RULINGS.md applies it to him).
When he and the girl visit each other both blocks take effect: hers annuls his guard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.context import SHIELD
from rankedmafia.rules.model import Act, Attack, Side
from rankedmafia.rules.role import Action, BlockTier, Role, Stage
from rankedmafia.rules.roles.girl import visit_silence

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext

SAVE_GUARD = 40  # after the doctor's heals (doctor.py), before the fan's bodyguard (fan.py)


def _guard(night: NightContext, act: Act) -> None:
    if act.actor in night.held:
        return  # the girl he blocks blocks him: both blocks take effect, and hers annuls his guard
    night.mark(SHIELD, act.targets[0], act.actor)


def _saves_guarded(night: NightContext, attack: Attack) -> str | None:
    """His charge does not die tonight, except of the bloody kill (which kills the cop too)."""
    cop = night.marked(SHIELD, attack.victim)
    return cop if cop is not None and attack.kind not in ("bloody", "bloody_visitor") else None


COP = Role(
    id="cop", side=Side.TOWN,
    names={"ru": ("мент", "мента"), "en": ("cop", "cop")},
    savers=((SAVE_GUARD, _saves_guarded),),
    actions=(Action("guard", no_repeat=True, block_tier=BlockTier.TOWN,
                    effects=((Stage.GUARD, _guard), (Stage.EFFECT, visit_silence))),),
)
