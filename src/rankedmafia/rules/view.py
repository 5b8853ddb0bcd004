"""A player's view: exactly what he may know, and nothing else.

This is the security boundary of a hidden-role game. Everything a player, a bot or a page receives is
built here from public events, his own private ones and his clan's, never from the state itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from rankedmafia.rules.abilities import available_actions
from rankedmafia.rules.model import PhaseKind, PhaseResult
from rankedmafia.rules.state import GameState


class SeatView(NamedTuple):  # named tuples: immutable, and cheap to make for every reader
    name: str
    alive: bool
    role: str | None  # only if publicly revealed (or known to him as a clan member)


class ActionView(NamedTuple):
    id: str
    targets: tuple[int, int]
    self_target: bool
    option: str | None


@dataclass(slots=True)  # plain data for the wire, read-only by contract (not frozen: readers make many)
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
    clan_lists: dict[str, dict[str, str]] = field(default_factory=dict)  # each of his clans as he sees it
    ranks: dict[str, int] = field(default_factory=dict)  # the double agent: his rank in each clan
    bosses: dict[str, str] = field(default_factory=dict)  # each of his clans' boss
    ended: str | None = None  # the game ended with no winner: "stalemate" or "host" (public)

    @property
    def over(self) -> bool:
        """The game is over: a side won, or nobody did (`ended`)."""
        return self.winner is not None or self.ended is not None


@lru_cache(maxsize=4096)
def _audience(name: str, clans: tuple[str, ...]) -> frozenset[str | None]:
    """The events' addressees (`NightContext.event`'s `to`) whose events he reads: the town (None), he,
    his clans."""
    return frozenset({None, name, *[f"clan:{clan}" for clan in clans]})


@dataclass(frozen=True, slots=True)
class PhaseLog:
    """One phase's log as its readers read it, made once for all of them: each event with its phase and
    its addressee, and each player's private information."""

    events: tuple[tuple[str | None, dict[str, Any]], ...]  # (addressee, the entry as a reader sees it)
    info: dict[str, list[dict[str, Any]]]  # name -> his entries


def phase_log(result: PhaseResult) -> PhaseLog:
    phase = {"phase": result.phase.kind.value, "number": result.phase.number}
    events = tuple((event.get("to"), {**phase, **event}) for event in result.events)
    info: dict[str, list[dict[str, Any]]] = {}
    for entry in result.info:
        info.setdefault(entry["to"], []).append({**phase, "type": "info", **entry})
    return PhaseLog(events, info)


def clan_roles(state: GameState, clan: str) -> dict[str, str]:
    """A clan as its members see it: each member's role, the double agent shown by his rank in this clan
    (RULINGS.md, "The double agent's ranks": the deal numbered the clan's ranks around his place, so the
    list reads 1 to n and he is one rank of them)."""
    members = state.clan_members(clan, alive_only=False)
    return {p.name: f"mafia{state.agent_ranks[p.name][clan]}" if p.name in state.agent_ranks else p.role
            for p in members}


def clan_readers(state: GameState) -> dict[str, list[str]]:
    """Who reads what a clan is told now (a new boss, the Council's answer): each clan's living members in
    seat order, the double agent as a member of each of his clans (RULINGS.md: it "reaches him as a
    member, without naming his role"). A member who died is told nothing more."""
    clans = sorted({clan for p in state.players.values() for clan in state.clans_of(p.name)})
    return {clan: [p.name for p in state.clan_members(clan)] for clan in clans}


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
    return tuple([SeatView(p.name, p.alive, known.get(p.name)) for p in state.players.values()])


def build_view(state: GameState, results: Sequence[PhaseResult], name: str, votes: dict[str, str],
               public: tuple[SeatView, ...] | None = None, logs: Sequence[PhaseLog] | None = None,
               clans_seen: dict[str, dict[str, str]] | None = None) -> PlayerView:
    """His view, from the game's state and its phases' results (the Game hands them in: the view does not
    know the Game). What every reader reads alike the Game may hand in made once for all: `public`, these
    phases' `public_seats`; `logs`, their `phase_log`s; `clans_seen`, each clan's `clan_roles` now."""
    over = state.over
    me = state.player(name)
    clans = state.clans_of(name)
    log: list[dict[str, Any]] = []
    audience = _audience(name, clans)
    for read in logs if logs is not None else [phase_log(result) for result in results]:
        for to, entry in read.events:
            if to in audience:
                log.append(dict(entry))  # his own copy: a reader may change it
        mine = read.info.get(name)
        if mine:
            log.extend(dict(entry) for entry in mine)
    members: dict[str, str] = {}
    lists: dict[str, dict[str, str]] = {}
    for clan in clans:
        seen = None if clans_seen is None else clans_seen.get(clan)
        if seen is None:
            seen = clan_roles(state, clan)
            if clans_seen is not None:
                clans_seen[clan] = seen
        members.update(seen)
        lists[clan] = dict(seen)
    mine_role = own_role(state, name)
    if name in members:  # the double agent: his ranks are in `clan_lists` and `ranks`, his role is his own
        members[name] = mine_role
    # what he knows beside the public: his own role and his clan's
    seats = list(public_seats(state, results) if public is None else public)
    players = state.players
    for who, role in {**members, name: mine_role}.items():
        at = players[who].seat
        seats[at] = SeatView(who, seats[at].alive, role)
    actions: tuple[ActionView, ...] = ()
    if me.alive and not over and state.phase.kind is PhaseKind.NIGHT:
        actions = tuple(ActionView(a.id, a.targets, a.self_target, a.option)
                        for a in available_actions(state, me))
    sent: dict[str, Any] | None = None
    act = state.acts.get(name)
    if act is not None:
        sent = {"action": act.action, "targets": list(act.targets), "option": act.chosen}
    elif name in state.votes:
        sent = {"vote": state.votes[name]}
    detective = state.commissions.get(name)
    boss = None
    for clan in clans:
        if clan in state.bosses:
            boss = state.bosses[clan]
            break
    return PlayerView(
        name=name, role=mine_role, alive=me.alive, phase=state.phase.kind.value,
        phase_number=state.phase.number, clan=members, boss=boss,
        seats=tuple(seats), actions=actions, sent=sent, log=tuple(log), winner=state.winner,
        side=detective[0] if detective else None, quarry=detective[1] if detective else None,
        votes=votes, clans=clans, clan_lists=lists, ranks=dict(state.agent_ranks.get(name, {})),
        bosses={clan: state.bosses[clan] for clan in clans if clan in state.bosses}, ended=state.ended,
    )
