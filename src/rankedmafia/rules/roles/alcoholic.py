"""Алкоголик: "Спаивает игрока до такой степени что жертва не может ничего делать ночью и все откладывает на
завтра (Голоса не лишает)." The victim's action tonight does not happen; next night it is carried out
instead of whatever he sends, whether or not its target still lives; if the victim dies, it never does.
Not the same target two nights running (never lifted). The drink beats the cop's and the girl's block. A
bloody kill at his target kills him too (maniac.py). As boss he loses the drink.

The carried deed is kept in the alcoholic's memory (victim -> the night he drank, the deed) and imposed on
the victim by the `at_plan` hook the next night."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, BlockTier, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext

ROLE_ID = "alcoholic"


def _drink(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    step = night.step_of(target)
    if step is not None:
        carried = (night.number, step.sent or step.act)
        night.later(lambda state: state.role_memory(ROLE_ID).__setitem__(target, carried))


def _carry_over(night: NightContext) -> None:
    """Last night's victims do last night's deed tonight, whatever they send; older deeds are spent."""
    drunk: dict[str, tuple[int, Act]] | None = night.state.memos.get(ROLE_ID)
    if not drunk:
        return
    for victim, (when, deed) in drunk.items():
        if when == night.number - 1 and night.player(victim).alive:
            night.imposed[victim] = deed
    number = night.number
    night.later(lambda state: state.memos.__setitem__(
        ROLE_ID, {v: carried for v, carried in drunk.items() if carried[0] >= number}))


ALCOHOLIC = Role(
    id=ROLE_ID, side=Side.MAFIA, succession=5, loses_actions_as_boss=True, at_plan=_carry_over,
    names={"ru": ("алкоголик", "алкоголика"), "en": ("alcoholic", "alcoholic")},
    actions=(Action("drink", no_repeat=True, repeat_at_three=False, block_tier=BlockTier.ALCOHOLIC,
                    effects=((Stage.EFFECT, _drink),)),),
)
