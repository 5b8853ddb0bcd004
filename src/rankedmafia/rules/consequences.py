"""What follows deaths: roles revealed or kept, evidence, the boss chain and the sergeant's promotion."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rankedmafia.rules.abilities import next_boss
from rankedmafia.rules.context import NightContext
from rankedmafia.rules.model import Attack, Player
from rankedmafia.rules.state import GameState

REVEAL_THRESHOLD = 10  # roles are revealed on death while more than this many are alive


def announced_role(state: GameState, name: str) -> str:
    """The role the town is told (a fan is announced as the maniac)."""
    role = state.role(name)
    return role.announced_as or role.id


def after_night(night: NightContext) -> None:
    state = night.state
    out = night.out
    players = state.players

    def seat(name: str) -> int:
        return players[name].seat

    deaths = sorted(night.dead, key=seat)
    state.die(deaths)
    out.deaths = deaths
    out.saved.sort(key=seat)
    if deaths:
        fatal: dict[str, list[Attack]] = {name: [] for name in deaths}
        for attack in night.attacks:
            if attack.victim in fatal:
                fatal[attack.victim].append(attack)
        for name in deaths:
            attacks = fatal[name]
            revealed = _night_reveal(night, name, attacks)
            role = announced_role(state, name) if revealed else None
            if revealed and role is not None:
                out.revealed[name] = role
            evidence = sorted({a.method or a.source for a in attacks if _leaves_evidence(night, a)})
            night.event("death", player=name, role=role, evidence=evidence)
            hook = state.role(name).at_night_death
            if hook is not None:
                hook(night, players[name], attacks)
    for name in out.saved:
        night.event("survived", to="host", player=name)
    next_day = night.next_day
    kept = [s for s in state.silences if s.days[-1] >= next_day]  # the past is spent
    for silence in night.new_silences:
        if silence.announced and players[silence.player].alive:
            night.event("silenced", player=silence.player, cause=silence.cause)
    for silence in kept:  # the second day of a poison or a torture is announced again
        second_day = silence.days[0] < next_day and next_day in silence.days
        if silence.announced and second_day and players[silence.player].alive:
            night.event("silenced", player=silence.player, cause=silence.cause, again=True)
    state.silences = kept + night.new_silences
    out.silenced = sorted({s.player for s in state.silenced_on(next_day)}, key=seat)
    # RULINGS.md: the prosecutor lifts every defense the player holds for the coming day
    state.defended = night.defenses - night.prosecuted
    if state.marks or night.new_marks:
        state.marks = [m for m in state.marks if m.day >= next_day] + night.new_marks
    after_deaths(state, deaths, out.role_changes, out.events, out.info)


def _night_reveal(night: NightContext, name: str, attacks: list[Attack]) -> bool:
    """RULINGS.md: every death reveals the role while more than 10 are alive (a sniper's victims never);
    at 10 or fewer only the bloody kill (always), the commissar's kill (50%) and the handsome do. The bloody
    kill's "always" is its chosen victim's: the visitors who die with him follow the ordinary rule
    (RULINGS.md, "The bloody kill reveals only the chosen victim's role")."""
    role = night.state.role(name)
    if all(_hides_victim(night, a) for a in attacks):
        return False  # RULINGS.md: the sniper's "never revealed" beats the handsome's "always"
    if role.always_revealed:
        return True
    if night.alive_at_start > REVEAL_THRESHOLD:
        return True
    if any(a.kind == "bloody" for a in attacks):
        return True
    chance = next((c for a in attacks if (c := _trace_chance(night, a)) is not None), None)
    return chance is not None and night.draw(f"reveal:{name}", chance)


def _leaves_evidence(night: NightContext, attack: Attack) -> bool:
    if attack.kind in ("bloody", "bloody_visitor"):
        return True
    chance = _trace_chance(night, attack)
    return chance is not None and night.draw(f"evidence:{attack.victim}", chance)


def _hides_victim(night: NightContext, attack: Attack) -> bool:
    """The killing role, as `source` names it (a clan's kill is no role's), hides its victims; a copy
    hides them as the role it copies would."""
    role = night.state.roles.get(attack.method or attack.source)
    return role is not None and role.hides_victims


def _trace_chance(night: NightContext, attack: Attack) -> Fraction | None:
    role = night.state.roles.get(attack.method or attack.source)
    return None if role is None else role.trace_chance


def day_reveal(state: GameState, name: str) -> bool:
    return state.role(name).always_revealed or state.alive_at_start > REVEAL_THRESHOLD


def after_deaths(state: GameState, dead: list[str], role_changes: list[dict[str, str]],
                 events: list[dict[str, Any]], info: list[dict[str, Any]]) -> None:
    """The boss chain, then the roles' hooks at a death (the sergeant, the werewolf): whoever takes a dead
    player's place does so at once."""

    def change(player: Player, to: str, team: str | None = None) -> None:
        role_changes.append({"player": player.name, "from": player.role, "to": to})
        events.append({"type": "role_change", "to": player.name, "player": player.name, "from": player.role,
                       "role": to})
        info.append({"to": player.name, "kind": "role_change", "result": to})
        player.role = to
        state.roles_changed()
        if team is not None:
            player.team = team

    for clan, boss in list(state.bosses.items()):
        if state.players[boss].alive:
            continue
        heir = next_boss(state, clan)
        if heir is None:
            del state.bosses[clan]
            continue
        state.bosses[clan] = heir
        events.append({"type": "new_boss", "to": f"clan:{clan}", "clan": clan, "player": heir})
    for hook in state.roles.at_death:
        hook(state, dead, change)
