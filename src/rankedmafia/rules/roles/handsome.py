"""Красавчик: "Не лечится, не палится сывороткой, не вешается. Кто убьет красавчика получит отмазку на
голосовании. При убийстве роль раскрывается всегда." """

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Attack, Player, Side
from rankedmafia.rules.role import Role

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState

GALLOWS_ORDER = 10  # first: nobody hangs for him, doomed or the rake's mark


def _killers_defended(night: NightContext, handsome: Player, attacks: list[Attack]) -> None:
    """Whoever killed him is defended at the coming day's vote (if still alive)."""
    for shooter in sorted({s for attack in attacks for s in attack.shooters}):
        if night.player(shooter).alive:
            night.defenses.add(shooter)


def _never_hanged(state: GameState, doomed: str, defended: set[str]) -> tuple[list[str], list[str]] | None:
    """A vote that dooms him hangs nobody."""
    return ([], []) if state.role(doomed).unhangable else None


HANDSOME = Role(
    id="handsome", side=Side.TOWN, unhealable=True, serum_shows="", unhangable=True, always_revealed=True,
    immune=True,
    names={"ru": ("красавчик", "красавчика"), "en": ("handsome", "handsome")},
    at_night_death=_killers_defended,
    at_gallows=(GALLOWS_ORDER, _never_hanged),
)
