"""Фанат, on the maniac's side: searches for the maniac — two players a night while more than 10 are
alive, one after that. From the night after he finds him he guards him, choosing one of two: `bodyguard`
(if the maniac is killed, the fan dies in his place) or `self_accuse` (if the maniac is hanged, the fan is
hanged in his place; if the maniac is defended the fan still hangs; if the fan is defended nobody does).
While roles are revealed, a fan who dies is announced as the maniac."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Player, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState

TWO_SEARCHES_ABOVE = 10


def _search(night: NightContext, act: Act) -> None:
    fan, number = act.actor, night.number
    for target in act.targets:
        found = night.player(target).role == "maniac"
        night.inform(fan, "search", "found" if found else "not_found", target=target)
        if found:
            night.later(lambda state: _found(state, fan, number))


def _found(state: GameState, fan: str, night: int) -> None:
    state.fan_found.setdefault(fan, night)


def _bodyguard(night: NightContext, act: Act) -> None:
    night.bodyguards.add(act.actor)


def _self_accuse(night: NightContext, act: Act) -> None:
    night.self_accused.add(act.actor)


def _search_count(state: GameState, player: Player, act: Act) -> None:
    if len(act.targets) > 1 and state.alive_at_start <= TWO_SEARCHES_ABOVE:
        raise RuleViolation("fan_one_search", most=TWO_SEARCHES_ABOVE)


def _after_finding(state: GameState, player: Player, act: Act) -> None:
    found = state.fan_found.get(player.name)
    if found is None or found >= state.phase.number:
        raise RuleViolation("fan_not_found")


FAN = Role(
    id="fan", side=Side.LONERS, team="maniac", announced_as="maniac",
    names={"ru": ("фанат", "фаната"), "en": ("fan", "fan")},
    actions=(
        Action("search", targets=(1, 2), check=_search_count, effects=((Stage.INFO, _search),)),
        Action("bodyguard", targets=(0, 0), check=_after_finding, visits=False,
               effects=((Stage.GUARD, _bodyguard),)),
        Action("self_accuse", targets=(0, 0), check=_after_finding, visits=False,
               effects=((Stage.EFFECT, _self_accuse),)),
    ),
)
