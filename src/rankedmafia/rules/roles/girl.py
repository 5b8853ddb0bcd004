"""Девочка: "Приходит к участнику ночью и, если приходит к роли, аннулирует все ее действия." The mafia's
kill is annulled only when she visits the boss. She protects from nothing; 50% the visited player cannot
vote, announced: "Сегодня Вася лишен возможности голосовать". Not herself; not the same player two nights
running (lifted when three are alive). A bloody kill's visitor, she dies with its target (night.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.chance import HALF
from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, BlockTier, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def visit_silence(night: NightContext, act: Act) -> None:
    """The girl's and the cop's 50%: the visited player loses tomorrow's vote, announced."""
    target = act.targets[0]
    if night.draw(f"visit_silence:{act.actor}:{target}", HALF):
        night.silence(target, by=act.actor, cause="visit")


GIRL = Role(
    id="girl", side=Side.TOWN,
    names={"ru": ("девочка", "девочки"), "en": ("girl", "girl")},
    actions=(Action("block", no_repeat=True, block_tier=BlockTier.TOWN,
                    effects=((Stage.EFFECT, visit_silence),)),),
)
