"""A player's view: exactly what he may know, and nothing else.

This is the security boundary of a hidden-role game. Everything a player, a bot or a page receives is
built here from public events, his own private ones and his clan's, never from the state itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rankedmafia.rules.abilities import available_actions
from rankedmafia.rules.model import PhaseKind, PhaseResult
from rankedmafia.rules.state import GameState


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
    side: str | None = None  # the detective: the side he works for
    quarry: str | None = None  # the detective: whom he seeks
    votes: dict[str, str] = field(default_factory=dict)  # today's open votes (public, as on a forum)
    clans: tuple[str, ...] = ()  # the clans whose night chat he shares


def _audience(name: str, clans: tuple[str, ...]) -> set[str | None]:
    """The events' addressees (`NightContext.event`'s `to`) whose events he reads: the town (None), he,
    his clans."""
    return {None, name, *(f"clan:{clan}" for clan in clans)}


def clan_roles(state: GameState, clan: str) -> dict[str, str]:
    """A clan as its members see it. In a game with a double agent the ranks are shown by their place in
    the clan's chain (so the agent's rank in each clan hides him among the others)."""
    members = state.clan_members(clan, alive_only=False)
    if not state.agent_ranks:
        return {p.name: p.role for p in members}
    ranked = sorted((p for p in members if state.roles[p.role].ranked or p.name in state.agent_ranks),
                    key=lambda p: (state.agent_ranks[p.name][clan], 0) if p.name in state.agent_ranks
                    else (state.roles[p.role].succession or 99, 1))
    shown = {p.name: f"mafia{i}" for i, p in enumerate(ranked, start=1)}
    return {p.name: shown.get(p.name, p.role) for p in members}


def own_role(state: GameState, name: str) -> str:
    """The role a player is told he has (the werewolf believes he is a civilian)."""
    role = state.role(name)
    return role.appears_as or role.id


def public_seats(state: GameState, results: Sequence[PhaseResult]) -> tuple[SeatView, ...]:
    """The seats as everyone sees them: who is alive, and the roles these phases made public. The same
    for every reader of the same phases, so the Game builds them once for all (`build_view`'s `public`)."""
    known: dict[str, str] = {}
    for result in results:
        known.update(result.revealed)
    return tuple(SeatView(p.name, p.alive, known.get(p.name)) for p in state.players.values())


def build_view(state: GameState, results: Sequence[PhaseResult], name: str, votes: dict[str, str],
               public: tuple[SeatView, ...] | None = None) -> PlayerView:
    """His view, from the game's state and its phases' results (the Game hands them in: the view does not
    know the Game). `public`: these phases' `public_seats`, if already built."""
    over = state.winner is not None
    me = state.player(name)
    clans = state.clans_of(name)
    log: list[dict[str, Any]] = []
    audience = _audience(name, clans)
    for result in results:
        phase = {"phase": result.phase.kind.value, "number": result.phase.number}
        for event in result.events:
            if event.get("to") in audience:
                log.append({**phase, **event})
        for entry in result.info:
            if entry["to"] == name:
                log.append({**phase, "type": "info", **entry})
    members: dict[str, str] = {}
    for clan in clans:
        members.update(clan_roles(state, clan))
    mine = own_role(state, name)
    # what he knows beside the public: his own role and his clan's
    seats = list(public_seats(state, results) if public is None else public)
    order = list(state.players)  # the seats' order
    for who, role in {**members, name: mine}.items():
        at = order.index(who)
        seats[at] = SeatView(who, seats[at].alive, role)
    actions: tuple[ActionView, ...] = ()
    if me.alive and not over and state.phase.kind is PhaseKind.NIGHT:
        actions = tuple(ActionView(a.id, a.targets, a.self_target, a.option)
                        for a in available_actions(state, me))
    sent: dict[str, Any] | None = None
    act = state.acts.get(name)
    if act is not None:
        sent = {"action": act.action, "targets": list(act.targets), "option": act.option}
    elif name in state.votes:
        sent = {"vote": state.votes[name]}
    detective = state.commissions.get(name)
    return PlayerView(
        name=name, role=mine, alive=me.alive, phase=state.phase.kind.value,
        phase_number=state.phase.number, clan=members,
        boss=next((state.bosses[c] for c in clans if c in state.bosses), None),
        seats=tuple(seats), actions=actions, sent=sent, log=tuple(log), winner=state.winner,
        side=detective[0] if detective else None, quarry=detective[1] if detective else None,
        votes=votes, clans=clans,
    )
