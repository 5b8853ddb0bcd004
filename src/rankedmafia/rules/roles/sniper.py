"""Снайпер, who plays for himself: he shoots; "если к Снайперу идет убийца ... а снайпер в эту же ночь в
него стреляет, то убийца снайпера погибает, не успев сделать ход" — when exactly one killer comes for him
and he shoots that killer. His victims' roles are never revealed (`hides_victims`, asked by consequences.py);
the commissar's check shows "sniper"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Act, Player, Side
from rankedmafia.rules.role import Action, Role, Stage
from rankedmafia.rules.roles.common import kill_source

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


def _kill(night: NightContext, act: Act) -> None:
    night.attack(act.actor, act.targets[0], source=kill_source(night, act.actor))


def _pre_emptive_shot(night: NightContext, sniper: Player) -> None:
    step = next((s for s in night.effective() if s.performer == sniper.name and s.spec.id == "kill"), None)
    if step is None:
        return
    killers = {shooter for a in night.attacks if a.victim == sniper.name for shooter in a.shooters}
    target = step.act.targets[0]
    if killers != {target}:
        return
    mortal_to = night.state.role(target).mortal_to
    if mortal_to is not None and "kill" not in mortal_to:
        return  # RULINGS.md: he cannot pre-empt a killer his shot cannot kill (the highlander)
    night.cancel(target)
    night.event("pre_empted", to="host", sniper=sniper.name, killer=target)


SNIPER = Role(
    id="sniper", side=Side.LONERS, killer=True, checks_as="sniper", after_kills=_pre_emptive_shot,
    hides_victims=True,
    names={"ru": ("снайпер", "снайпера"), "en": ("sniper", "sniper")},
    actions=(Action("kill", effects=((Stage.KILL, _kill),)),),
)
