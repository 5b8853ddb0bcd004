"""Who an attack cannot reach, whom the doctor may treat tonight, and what a heal saves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Attack

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


HEAL = "heal"  # tonight's mark of a heal on its patient: the doctor's, the cardsharp's on himself
SAVE_HEAL = 20  # the heal's place among the savers: after the highlander's immunity, before heal_from


def saves_healed(night: NightContext, attack: Attack) -> str | None:
    """A heal saves its patient from death, even from several killers, unless it repeats last night's
    treatment: the saver of every role whose deed heals (the doctor's heal, the cardsharp's shuffle)."""
    healer = night.marked(HEAL, attack.victim)
    if healer is not None and may_treat(night, healer, attack.victim):
        night.treated.setdefault(healer, set()).add(attack.victim)
        return healer
    return None


def immune(night: NightContext, attack: Attack) -> str | None:
    """A role that an attack of this kind cannot kill (the highlander); he is his own saver."""
    role = night.state.role(attack.victim)
    if role.mortal_to is not None and attack.kind not in role.mortal_to:
        return attack.victim
    return None


def may_treat(night: NightContext, doctor: str, patient: str) -> bool:
    """Rule book: the doctor cannot treat one player two nights running, whether last night's treatment was
    his direct heal or his heal from a role that saved him; lifted when three are alive."""
    if night.alive_at_start == 3:
        return True
    memory = night.state.memory.get(doctor)
    if memory is None or memory.night != night.number - 1:
        return True
    return patient not in memory.treated
