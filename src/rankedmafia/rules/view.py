"""A player's view: exactly what he may know, and nothing else.

This is the security boundary of a hidden-role game. Everything a player, a bot or a page receives is
built here from public events, his own private ones and his clan's, never from the state itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rankedmafia.rules.abilities import available_actions
from rankedmafia.rules.model import PhaseKind
from rankedmafia.rules.roles import ROLES

if TYPE_CHECKING:
    from rankedmafia.rules.game import Game


@dataclass(frozen=True, slots=True)
class SeatView:
    name: str
    alive: bool
    role: str | None  # only if publicly revealed (or known to him as a clan member)


@dataclass(frozen=True, slots=True)
class ActionView:
    id: str
    targets: tuple[int, int]
    self_target: bool
    option: str | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: str
    role: str
    alive: bool
    phase: str
    phase_number: int
    clan: dict[str, str] = field(default_factory=dict)  # his clan's members and roles (the mafia only)
    boss: str | None = None
    seats: tuple[SeatView, ...] = ()
    actions: tuple[ActionView, ...] = ()
    sent: dict[str, Any] | None = None  # his own action tonight, or his vote today
    log: tuple[dict[str, Any], ...] = ()  # public events and his own, phase by phase
    winner: str | None = None


def _audience(event: dict[str, Any], name: str, clan: str | None) -> bool:
    to = event.get("to")
    return to is None or to == name or (clan is not None and to == f"clan:{clan}")


def build_view(game: Game, name: str) -> PlayerView:
    state = game.state
    me = state.player(name)
    clan = me.clan
    known: dict[str, str] = {}
    log: list[dict[str, Any]] = []
    for result in game.results:
        phase = {"phase": result.phase.kind.value, "number": result.phase.number}
        for event in result.events:
            if _audience(event, name, clan):
                log.append({**phase, **event})
        for entry in result.info:
            if entry["to"] == name:
                log.append({**phase, "type": "info", **entry})
        known.update(result.revealed)
    members = {p.name: p.role for p in state.clan_members(clan, alive_only=False)} if clan else {}
    seats = tuple(
        SeatView(p.name, p.alive, members.get(p.name) or known.get(p.name) or (p.role if p.name == name else None))
        for p in state.players.values()
    )
    actions: tuple[ActionView, ...] = ()
    if me.alive and not game.over and state.phase.kind is PhaseKind.NIGHT:
        actions = tuple(ActionView(a.id, a.targets, a.self_target, a.option)
                        for a in available_actions(state, me))
    sent: dict[str, Any] | None = None
    act = state.acts.get(name)
    if act is not None:
        sent = {"action": act.action, "targets": list(act.targets), "option": act.option}
    elif name in state.votes:
        sent = {"vote": state.votes[name]}
    return PlayerView(
        name=name, role=ROLES[me.role].id, alive=me.alive, phase=state.phase.kind.value,
        phase_number=state.phase.number, clan=members, boss=state.bosses.get(clan) if clan else None,
        seats=seats, actions=actions, sent=sent, log=tuple(log), winner=state.winner,
    )
