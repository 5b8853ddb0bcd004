"""Фанат, on the maniac's side: searches for the maniac — two players a night while more than 10 are
alive, one after that. From the night after he finds him he guards him, choosing one of two: `bodyguard`
(if the maniac is killed, the fan dies in his place) or `self_accuse` (if the maniac is hanged, the fan is
hanged in his place; if the maniac is defended the fan still hangs; if the fan is defended nobody does).
While roles are revealed, a fan who dies is announced as the maniac."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Attack, Player, Side
from rankedmafia.rules.role import Action, CountLimit, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState

TWO_SEARCHES_ABOVE = 10
SAVE_BODYGUARD = 50  # the last saver: after the doctor's heals and the cop's guard
GALLOWS_ORDER = 20  # after the handsome (who is never hanged)


def _search(night: NightContext, act: Act) -> None:
    fan, number = act.actor, night.number
    for target in act.targets:
        found = night.player(target).role == "maniac"
        night.inform(fan, "search", "found" if found else "not_found", target=target)
        if found:
            night.later(lambda state: state.role_memory("fan").setdefault(fan, number))


def _bodyguard(night: NightContext, act: Act) -> None:
    night.mark("bodyguard", act.actor, act.actor)


def _saves_the_maniac(night: NightContext, attack: Attack) -> str | None:
    """The fan who guards the maniac tonight dies in his place."""
    if night.player(attack.victim).role != "maniac":
        return None
    for fan in sorted(night.marks_of("bodyguard")):
        if fan not in night.dead and night.player(fan).alive:
            night.attack(attack.killer, fan, attack.source, kind="bodyguard", shooters=attack.shooters)
            return fan
    return None


def _self_accuse(night: NightContext, act: Act) -> None:
    night.mark_for_day(act.actor, "self_accused", by=act.actor)


def _hangs_for_the_maniac(state: GameState, doomed: str, defended: set[str]) -> tuple[list[str], list[str]] | None:
    """A fan who accused himself hangs in the maniac's place, defended or not the maniac, whether the vote
    dooms the maniac or the rake drags him along (Ruling); a defended fan saves them both."""
    if state.players[doomed].role != "maniac":
        return None
    fans = sorted(m.player for m in state.marked("self_accused", state.phase.number))
    fan = next((f for f in fans if state.players[f].alive), None)
    if fan is None:
        return None
    return ([], [fan]) if fan in defended else ([fan], [])


def _searches(state: GameState) -> int:
    """Two searches a night while more than ten are alive, one after that."""
    return 2 if state.alive_at_start > TWO_SEARCHES_ABOVE else 1


def _one_search(state: GameState, act: Act) -> RuleViolation:
    return RuleViolation("fan_one_search", most=TWO_SEARCHES_ABOVE)


def _one_search_at_ten(state: GameState, act: Act) -> Act:
    """Two searches carried into a night at ten alive or fewer: the first alone (Ruling)."""
    return act._replace(targets=act.targets[:_searches(state)])


def _after_finding(state: GameState, player: Player) -> None:
    found = state.recall("fan", player.name)
    if found is None or found >= state.phase.number:
        raise RuleViolation("fan_not_found")


FAN = Role(
    id="fan", side=Side.LONERS, team="maniac", announced_as="maniac",
    names={"ru": ("фанат", "фаната"), "en": ("fan", "fan")},
    actions=(
        Action("search", targets=(1, 2), most=CountLimit(_searches, _one_search), tonight=_one_search_at_ten,
               effects=((Stage.INFO, _search),)),
        Action("bodyguard", targets=(0, 0), forbidden=_after_finding, visits=False,
               effects=((Stage.GUARD, _bodyguard),)),
        Action("self_accuse", targets=(0, 0), forbidden=_after_finding, visits=False,
               effects=((Stage.EFFECT, _self_accuse),)),
    ),
    savers=((SAVE_BODYGUARD, _saves_the_maniac),),
    at_gallows=(GALLOWS_ORDER, _hangs_for_the_maniac),
)
