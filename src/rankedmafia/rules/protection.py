"""Who an attack cannot reach, and whom the doctor may treat tonight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.model import Attack

if TYPE_CHECKING:
    from rankedmafia.rules.night import Night


def immune(night: Night, attack: Attack) -> str | None:
    """A role that an attack of this kind cannot kill (none among the core roles); the name of the saver."""
    return None


def may_treat(night: Night, doctor: str, patient: str) -> bool:
    """Rule book: the doctor cannot treat one player two nights running, whether last night's treatment was
    his direct heal or his heal from a role that saved him; lifted when three are alive."""
    if night.alive_at_start == 3:
        return True
    memory = night.state.memory.get(doctor)
    if memory is None or memory.night != night.number - 1:
        return True
    return patient not in memory.treated
