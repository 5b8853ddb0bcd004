"""Повеса: "Указывает на человека ночью и, если повесу вешают на голосовании, то жертва повесы вешается
вместе с ним (но если повеса или жертва повесы отмазаны, отмазанный человек не вешается)." Not the same
player two nights running (lifted when three are alive)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState


def _mark(night: NightContext, act: Act) -> None:
    night.mark_for_day(act.targets[0], "rake", by=act.actor)


def _his_mark(state: GameState, doomed: str) -> list[str]:
    """The rake's mark (or a joker's who copied it) goes to the gallows with him; each is then saved only
    by his own defense, and who hangs in the mark's place is as if he were doomed (RULINGS.md: the
    handsome is never hanged, so the rake hangs alone; Ruling: a fan stands in for the maniac)."""
    return [m.player for m in state.marked("rake", state.phase.number) if m.by == doomed][:1]


RAKE = Role(
    id="rake", side=Side.TOWN,
    names={"ru": ("повеса", "повесы"), "en": ("rake", "rake")},
    actions=(Action("mark", no_repeat=True, effects=((Stage.EFFECT, _mark),)),),
    drags=_his_mark,
)
