"""Доктор. One of four actions a night:
1. `serum` — the target's role is announced, 50% that the doctor's nickname is exposed; with fewer than 15
   alive, not two nights running.
2. `heal` — saves the player from death, "даже если к этому игроку ночью приходили несколько убийц";
   himself included.
3. `heal_from` a side or a killing role — saves all its victims tonight (both of the mafia's), not the
   girl or cop who visited a bloody kill's target; refused at 10 alive or fewer, silently without effect
   when only one hostile side able to kill is left; not the same role two nights running.
4. `poison` — the target cannot vote for two days, announced both days; his role is not revealed.
He cannot treat one player two nights running (lifted when three are alive): a direct repeat is refused,
a repeat he could not foresee is silently without effect (protection.py). His blue vote weighs 3 (day.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules import protection
from rankedmafia.rules.chance import HALF
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Attack, Player, Side
from rankedmafia.rules.role import Action, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState

HEAL_FROM_NEEDS_MORE_THAN = 10
SAVE_HEAL_FROM = 30  # the savers' order: the highlander's immunity, heal (20), heal_from, guard, fan
SERUM_REPEAT_BELOW = 15


def _heal(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    night.treated.setdefault(act.actor, set()).add(target)  # treated, whether or not it takes (protection.py)
    if not night.state.role(target).unhealable:
        night.mark(protection.HEAL, target, act.actor)


def _heal_from(night: NightContext, act: Act) -> None:
    source = heal_from_source(night.state, act.option)
    assert source is not None
    night.mark("heal_from", act.actor, source)


def _serum(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    role = night.state.role(target)
    shown = None if night.protected_from(target, act.actor) or role.serum_shows == "" else (
        role.serum_shows or role.id)
    night.inform(None, "serum", shown, target=target)
    night.event("serum", player=target, role=shown)
    if shown is not None:
        night.out.revealed[target] = shown
    if night.draw(f"serum_exposure:{act.actor}", HALF):
        night.expose(act.actor, "doctor")


def _poison(night: NightContext, act: Act) -> None:
    night.silence(act.targets[0], by=act.actor, cause="poison", days=2)


def heal_from_sources(state: GameState) -> set[str]:
    """What a doctor may heal from: a mafia clan, or a role able to kill that is in this game (the setup
    is announced, so this is public)."""
    sources = {p.clan for p in state.players.values() if p.clan is not None}
    sources |= {p.role for p in state.players.values() if state.roles[p.role].killer and p.clan is None}
    return sources


def heal_from_source(state: GameState, option: str | None) -> str | None:
    """The killer a heal_from names: one of `heal_from_sources`, or a ranked mafioso's role, which names
    his clan (the clan kills as one: the doctor «лечит жертву мафии» whichever rank sent the kill); None
    if it names neither (the lawyer kills nobody), or a rank held in two clans."""
    if option is None:
        return None
    sources = heal_from_sources(state)
    if option in sources:
        return option
    clans = {p.clan for p in state.players.values()
             if p.role == option and p.clan is not None and state.roles[p.role].ranked}
    return clans.pop() if len(clans) == 1 else None


def _heal_from_options(state: GameState) -> list[str]:
    return sorted(heal_from_sources(state))


def _heals_from_roles(state: GameState) -> bool:
    """The doctor may heal from a role while more than ten are alive at nightfall."""
    return state.alive_at_start > HEAL_FROM_NEEDS_MORE_THAN


def _heal_from_threshold(state: GameState, player: Player) -> None:
    if not _heals_from_roles(state):
        raise RuleViolation("heal_from_threshold", most=HEAL_FROM_NEEDS_MORE_THAN)


def _heal_from_source(state: GameState, player: Player, act: Act) -> None:
    """A source of this game, and not the one he healed from last night."""
    source = heal_from_source(state, act.option)
    if source is None:
        raise RuleViolation("heal_from_source", source=act.option, choices=sorted(heal_from_sources(state)))
    memory = state.memory.get(player.name)
    if (memory is not None and memory.night == state.phase.number - 1 and memory.action == "heal_from"
            and heal_from_source(state, memory.option) == source):
        raise RuleViolation("heal_from_repeat", source=source)


def _no_heal_from_at_ten(state: GameState, act: Act) -> Act | None:
    """A heal from a role carried into a night at ten alive or fewer: "доктор теряет возможность лечить от
    роли", so it does nothing (Ruling)."""
    return act if _heals_from_roles(state) else None


def _saves_from_source(night: NightContext, attack: Attack) -> str | None:
    """His heal_from saves every victim of the named killer, not a bloody kill's visitor nor one who
    "не лечится" (the handsome), and only while more than one hostile side can still kill."""
    sources = night.marks_of("heal_from")
    if not sources or attack.kind == "bloody_visitor" or night.living_hostile_killing_sides() <= 1:
        return None
    if night.state.role(attack.victim).unhealable:
        return None
    for doctor, source in sources.items():
        if source == attack.source and protection.may_treat(night, doctor, attack.victim):
            night.treated.setdefault(doctor, set()).add(attack.victim)
            return doctor
    return None


def _serum_limit(state: GameState, player: Player) -> None:
    memory = state.memory.get(player.name)
    if (state.alive_at_start < SERUM_REPEAT_BELOW and memory is not None
            and memory.night == state.phase.number - 1 and memory.action == "serum"):
        raise RuleViolation("serum_repeat", below=SERUM_REPEAT_BELOW)


DOCTOR = Role(
    id="doctor", side=Side.TOWN, blue_vote=3,
    names={"ru": ("доктор", "доктора"), "en": ("doctor", "doctor")},
    savers=((protection.SAVE_HEAL, protection.saves_healed), (SAVE_HEAL_FROM, _saves_from_source)),
    actions=(
        Action("heal", self_target=True, no_repeat=True, effects=((Stage.GUARD, _heal),)),
        Action("heal_from", targets=(0, 0), option="role", forbidden=_heal_from_threshold,
               option_check=_heal_from_source, visits=False, options=_heal_from_options,
               tonight=_no_heal_from_at_ten, effects=((Stage.GUARD, _heal_from),)),
        Action("serum", forbidden=_serum_limit, effects=((Stage.EFFECT, _serum),)),
        Action("poison", effects=((Stage.EFFECT, _poison),)),
    ),
)
