"""Наемник: `hire` an employer, optionally naming a victim. The hire succeeds if the employer is a killing
role (the courtesan is not one); the mercenary is told privately whether it did. With a success he may kill
anyone but the employer, that night or on a later night while the employer lives (`kill`). Each employer
once per game, once the kill is used. The employer learns nothing."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Player, Side
from rankedmafia.rules.role import Action, Bar, Role, Stage
from rankedmafia.rules.roles.common import is_killing

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState

CONTRACTS = "mercenary:contract"  # his memory: the employer he may still kill for
USED = "mercenary:used"  # his memory: the employers whose kill he has used


def _hire(night: NightContext, act: Act) -> None:
    mercenary, employer = act.actor, act.targets[0]
    success = is_killing(night.state, employer)
    night.inform(mercenary, "hire", "success" if success else "fail", target=employer)
    if not success:
        return
    if len(act.targets) == 2:
        night.attack(mercenary, act.targets[1], source="mercenary")
        night.later(lambda state: _use(state, mercenary, employer))
    else:
        night.later(lambda state: state.role_memory(CONTRACTS).__setitem__(mercenary, employer))


def _kill(night: NightContext, act: Act) -> None:
    employer: str | None = night.state.recall(CONTRACTS, act.actor)
    if employer is None:
        return
    night.attack(act.actor, act.targets[0], source="mercenary")
    night.later(lambda state: _use(state, act.actor, employer))


def _use(state: GameState, mercenary: str, employer: str) -> None:
    """The kill is used: this employer cannot hire him again."""
    state.role_memory(CONTRACTS).pop(mercenary, None)
    state.role_memory(USED).setdefault(mercenary, set()).add(employer)


def _used_employers(state: GameState, player: Player) -> tuple[Bar, ...]:
    """An employer hires him once: those whose kill he has used may not hire him again."""
    used = state.recall(USED, player.name)
    return (Bar(0, used, _employer_used),) if used else ()


def _employer_used(name: str) -> RuleViolation:
    return RuleViolation("employer_used", name=name)


def _without_contract(state: GameState, player: Player) -> None:
    """The later kill needs a successful hire whose employer is still alive."""
    employer: str | None = state.recall(CONTRACTS, player.name)
    if employer is None:
        raise RuleViolation("no_contract")
    if not state.players[employer].alive:
        raise RuleViolation("employer_dead", name=employer, name_sex=state.players[employer].sex)


def _not_the_employer(state: GameState, player: Player) -> tuple[Bar, ...]:
    employer: str | None = state.recall(CONTRACTS, player.name)
    return () if employer is None else (Bar(0, (employer,), partial(_employer_victim, state)),)


def _employer_victim(state: GameState, name: str) -> RuleViolation:
    return RuleViolation("employer_victim", name=name, name_sex=state.players[name].sex)


MERCENARY = Role(
    id="mercenary", side=Side.TOWN,
    names={"ru": ("наемник", "наемника"), "en": ("mercenary", "mercenary")},
    actions=(
        Action("hire", targets=(1, 2), places=_used_employers, effects=((Stage.KILL, _hire),)),
        Action("kill", forbidden=_without_contract, places=_not_the_employer, effects=((Stage.KILL, _kill),)),
    ),
)
