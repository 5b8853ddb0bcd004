"""Шулер, who plays for himself and wins if alive when the game ends with no killing role alive:
1. `shuffle` — heals himself;
2. `block` — 50% to block the player's actions; it cannot block a girl or cop who sent an action;
3. `peek` — learns the player's action tonight (a ranked mafioso who is not the boss "did nothing");
   peeking has no side effects on him (the bloody kill does not reach him).
Not the same player two nights running (lifted when three are alive)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules import protection
from rankedmafia.rules.chance import HALF
from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, BlockTier, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _shuffle(night: NightContext, act: Act) -> None:
    night.mark(protection.HEAL, act.actor, act.actor, keep_first=True)  # his own heal, as the doctor's


def _peek(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    night.inform(act.actor, "peek", _seen(night, target), target=target)


def _seen(night: NightContext, target: str) -> str:
    """What he sees the player do tonight: the action sent, or "none" (a ranked mafioso who is not the
    boss "did nothing", whatever he sent; RULINGS.md: the peek sees the world after blocks, so a blocked
    player did nothing too)."""
    step = next((s for s in night.effective() if s.performer == target), None)
    if step is None or (night.state.role(target).ranked and not night.state.is_boss(target)):
        return "none"
    return (step.sent or step.act).action


CARDSHARP = Role(
    id="cardsharp", side=Side.LONERS, wins_without_shooters=True, hostile=False,
    savers=((protection.SAVE_HEAL, protection.saves_healed),),  # his shuffle heals him, as the doctor's heal
    names={"ru": ("шулер", "шулера"), "en": ("cardsharp", "cardsharp")},
    actions=(
        Action("shuffle", targets=(0, 0), visits=False, effects=((Stage.GUARD, _shuffle),)),
        Action("block", no_repeat=True, block_tier=BlockTier.WEAK, block_chance=HALF),
        Action("peek", no_repeat=True, effects=((Stage.INFO, _peek),)),
    ),
)

