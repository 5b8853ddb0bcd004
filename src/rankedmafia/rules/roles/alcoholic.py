"""Алкоголик: "Спаивает игрока до такой степени что жертва не может ничего делать ночью и все откладывает на
завтра (Голоса не лишает)." The victim's action tonight does not happen; next night it is carried out
instead of whatever he sends, whether or not its target still lives; if the victim dies, it never does.
Not the same target two nights running (never lifted). The drink beats the cop's and the girl's block. A
bloody kill at his target kills him too (night.py). As boss he loses the drink."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, BlockTier, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _drink(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    step = night.step_of(target)
    if step is not None:
        night.new_delayed[target] = step.sent or step.act


ALCOHOLIC = Role(
    id="alcoholic", side=Side.MAFIA, succession=5, loses_actions_as_boss=True,
    names={"ru": ("алкоголик", "алкоголика"), "en": ("alcoholic", "alcoholic")},
    actions=(Action("drink", no_repeat=True, repeat_at_three=False, block_tier=BlockTier.ALCOHOLIC,
                    effects=((Stage.EFFECT, _drink),)),),
)
