"""Шулер, who plays for himself and wins if alive when the game ends with no killing role alive:
1. `shuffle` — heals himself;
2. `block` — 50% to block the player's actions; it cannot block a girl or cop who sent an action;
3. `peek` — learns the player's action tonight (a ranked mafioso who is not the boss "did nothing");
   peeking has no side effects on him (the bloody kill does not reach him).
Not the same player two nights running (lifted when three are alive)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.chance import HALF
from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.roles.base import Action, BlockTier, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.night import Night


def _shuffle(night: Night, act: Act) -> None:
    night.heals.setdefault(act.actor, act.actor)


def _peek(night: Night, act: Act) -> None:
    from rankedmafia.rules.roles import ROLES

    target = act.targets[0]
    state = night.state
    step = night.step_of(target)
    role = ROLES[state.players[target].role]
    hidden = step is None or (role.ranked and not state.is_boss(target))
    night.inform(act.actor, "peek", "none" if hidden or step is None else (step.sent or step.act).action,
                 target=target)


CARDSHARP = Role(
    id="cardsharp", side=Side.LONERS, hostile=False,
    names={"ru": ("шулер", "шулера"), "en": ("cardsharp", "cardsharp")},
    actions=(
        Action("shuffle", targets=(0, 0), visits=False, effects=((Stage.GUARD, _shuffle),)),
        Action("block", no_repeat=True, block_tier=BlockTier.WEAK, block_chance=HALF),
        Action("peek", no_repeat=True, effects=((Stage.INFO, _peek),)),
    ),
)

