"""What follows deaths: roles revealed or kept, evidence, the boss chain and the sergeant's promotion."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rankedmafia.rules.abilities import next_boss
from rankedmafia.rules.chance import HALF
from rankedmafia.rules.model import Attack, Player
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.state import GameState

if TYPE_CHECKING:
    from rankedmafia.rules.night import Night

REVEAL_THRESHOLD = 10  # roles are revealed on death while more than this many are alive


def announced_role(state: GameState, name: str) -> str:
    """The role the town is told (a fan is announced as the maniac)."""
    role = ROLES[state.players[name].role]
    return role.announced_as or role.id


def after_night(night: Night) -> None:
    state = night.state
    out = night.out
    seat = {name: player.seat for name, player in state.players.items()}
    deaths = sorted(night.dead, key=seat.__getitem__)
    fatal: dict[str, list[Attack]] = {name: [] for name in deaths}
    for attack in night.attacks:
        if attack.victim in night.dead:
            fatal[attack.victim].append(attack)
    for name in deaths:
        state.players[name].alive = False
    out.deaths = deaths
    out.saved = sorted(out.saved, key=seat.__getitem__)
    for name in deaths:
        attacks = fatal[name]
        revealed = _night_reveal(night, name, attacks)
        role = announced_role(state, name) if revealed else None
        if revealed and role is not None:
            out.revealed[name] = role
        evidence = sorted({a.source for a in attacks if _leaves_evidence(night, a)})
        night.event("death", player=name, role=role, evidence=evidence)
    for name in out.saved:
        night.event("survived", to="host", player=name)
    state.silences = [s for s in state.silences if s.days[-1] >= night.next_day]  # the past is spent
    state.silences.extend(night.new_silences)
    for silence in night.new_silences:
        if silence.announced and state.players[silence.player].alive:
            night.event("silenced", player=silence.player, cause=silence.cause)
    for silence in state.silences:  # the second day of a poison or a torture is announced again
        second_day = silence.days[0] < night.next_day and night.next_day in silence.days
        if silence.announced and second_day and state.players[silence.player].alive:
            night.event("silenced", player=silence.player, cause=silence.cause, again=True)
    out.silenced = sorted({s.player for s in state.silenced_on(night.next_day)}, key=seat.__getitem__)
    # RULINGS.md: the prosecutor lifts every defense the player holds for the coming day
    state.defended = night.defenses - night.prosecuted
    state.killer_defenses = _handsome_killers(night, fatal) - night.prosecuted
    state.marks_for_day = dict(night.marks)
    state.self_accused = set(night.self_accused)
    state.delayed = dict(night.new_delayed)
    state.infections = {c: v for c, v in state.infections.items() if v[0] >= night.number}
    state.infections.update(night.new_infections)
    after_deaths(state, deaths, out.role_changes, out.events, out.info)


def _handsome_killers(night: Night, fatal: dict[str, list[Attack]]) -> set[str]:
    """Rule book: "Кто убьет красавчика получит отмазку на голосовании"."""
    killers: set[str] = set()
    for name, attacks in fatal.items():
        if ROLES[night.state.players[name].role].unhangable:
            killers.update(shooter for a in attacks for shooter in a.shooters)
    return {k for k in killers if night.state.players[k].alive}


def _night_reveal(night: Night, name: str, attacks: list[Attack]) -> bool:
    """RULINGS.md: every death reveals the role while more than 10 are alive (a sniper's victims never);
    at 10 or fewer only the bloody kill (always), the commissar's kill (50%) and the handsome do."""
    role = ROLES[night.state.players[name].role]
    if all(a.source == "sniper" for a in attacks):
        return False  # RULINGS.md: the sniper's "never revealed" beats the handsome's "always"
    if role.always_revealed:
        return True
    if night.alive_at_start > REVEAL_THRESHOLD:
        return True
    if any(a.kind in ("bloody", "bloody_visitor") for a in attacks):
        return True
    return any(a.source == "commissar" for a in attacks) and night.draw(f"reveal:{name}", HALF)


def _leaves_evidence(night: Night, attack: Attack) -> bool:
    if attack.kind in ("bloody", "bloody_visitor"):
        return True
    if attack.source == "commissar":
        return night.draw(f"evidence:{attack.victim}", HALF)
    return False


def day_reveal(state: GameState, name: str) -> bool:
    return ROLES[state.players[name].role].always_revealed or state.alive_at_start > REVEAL_THRESHOLD


def after_deaths(state: GameState, dead: list[str], role_changes: list[dict[str, str]],
                 events: list[dict[str, Any]], info: list[dict[str, Any]]) -> None:
    """The boss chain, the sergeant and the werewolf: whoever takes a dead player's place does so at once."""

    def change(player: Player, to: str, team: str | None = None) -> None:
        role_changes.append({"player": player.name, "from": player.role, "to": to})
        events.append({"type": "role_change", "to": player.name, "player": player.name, "from": player.role,
                       "role": to})
        info.append({"to": player.name, "kind": "role_change", "result": to})
        player.role = to
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
    if not any(p.alive and p.role == "commissar" for p in state.players.values()):
        sergeant = next((p for p in state.players.values() if p.alive and p.role == "sergeant"), None)
        if sergeant is not None:
            change(sergeant, "commissar")
    maniac_died = any(state.players[name].role == "maniac" for name in dead)
    if maniac_died and not any(p.alive and p.role == "maniac" for p in state.players.values()):
        werewolf = next((p for p in state.players.values() if p.alive and p.role == "werewolf"), None)
        if werewolf is not None:
            change(werewolf, "maniac", team="maniac")
