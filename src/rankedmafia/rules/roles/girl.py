"""Девочка: "Приходит к участнику ночью и, если приходит к роли, аннулирует все ее действия." The mafia's
kill is annulled only when she visits the boss. She protects from nothing; 50% the visited player cannot
vote, announced: "Сегодня Вася лишен возможности голосовать". Not herself; not the same player two nights
running (lifted when three are alive). A bloody kill's visitor, she dies with its target (maniac.py).
Her block on a player who sent an action is remembered for the mafia's question to the Council "did the
girl block an active role last night" (council.py): in her memory, the night it happened."""

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


def _remember_active_block(night: NightContext, act: Act) -> None:
    if night.player(act.actor).role != ROLE_ID:
        return  # a joker's copied block is not the girl's
    target = act.targets[0]
    if (target in night.blocked or target in night.held) and night.step_of(target) is not None:
        number = night.number
        night.later(lambda state: state.role_memory(ROLE_ID).__setitem__(act.actor, number))


ROLE_ID = "girl"
GIRL = Role(
    id=ROLE_ID, side=Side.TOWN,
    names={"ru": ("девочка", "девочки"), "en": ("girl", "girl")},
    actions=(Action("block", no_repeat=True, block_tier=BlockTier.TOWN,
                    effects=((Stage.EFFECT, visit_silence), (Stage.EFFECT, _remember_active_block))),),
)
