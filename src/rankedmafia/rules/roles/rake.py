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

GALLOWS_ORDER = 30  # after the handsome and the fan


def _mark(night: NightContext, act: Act) -> None:
    night.mark_for_day(act.targets[0], "rake", by=act.actor)


def _hangs_with_him(state: GameState, doomed: str, defended: set[str]) -> tuple[list[str], list[str]] | None:
    """The rake's mark (or a joker's who copied it) hangs with him, each saved only by his own defense;
    RULINGS.md: the handsome is never hanged, as the rake's mark neither: the rake hangs alone."""
    mark = next((m.player for m in state.marked("rake", state.phase.number) if m.by == doomed), None)
    if mark is None or not state.players[mark].alive:
        return None
    pair = [doomed] if state.role(mark).unhangable else [doomed, mark]
    return [p for p in pair if p not in defended], [p for p in pair if p in defended]


RAKE = Role(
    id="rake", side=Side.TOWN,
    names={"ru": ("повеса", "повесы"), "en": ("rake", "rake")},
    actions=(Action("mark", no_repeat=True, effects=((Stage.EFFECT, _mark),)),),
    at_gallows=(GALLOWS_ORDER, _hangs_with_him),
)
