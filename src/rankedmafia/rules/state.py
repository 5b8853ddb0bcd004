"""The mutable state of one game, and the questions every stage asks of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rankedmafia.rules.chance import Chance
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.house import HouseRules
from rankedmafia.rules.model import Act, Mark, Memory, Phase, PhaseKind, Player, Side, Silence
from rankedmafia.rules.role import Role, RoleBook


@dataclass(slots=True)
class GameState:
    players: dict[str, Player]
    chance: Chance
    rules: HouseRules
    phase: Phase
    roles: RoleBook  # every role by id (rules/roles/__init__.py's ROLES), handed in by the Game
    start: PhaseKind = PhaseKind.NIGHT
    bosses: dict[str, str] = field(default_factory=dict)  # clan -> the boss's name
    memory: dict[str, Memory] = field(default_factory=dict)
    silences: list[Silence] = field(default_factory=list)
    defended: set[str] = field(default_factory=set)  # the coming day's defenses: the lawyer's, the handsome's killer's
    marks: list[Mark] = field(default_factory=list)  # roles' marks on players for a coming day
    memos: dict[str, dict[str, Any]] = field(default_factory=dict)  # each role's own memory: role id -> name -> ...
    acts: dict[str, Act] = field(default_factory=dict)  # tonight's actions, by actor
    votes: dict[str, str] = field(default_factory=dict)  # today's votes: voter -> name | BLUE
    alive_at_start: int = 0  # living players when the current phase began
    winner: str | None = None
    ended: str | None = None  # why the game ended with no winner: "stalemate" or "host" (victory.py)
    quiet: int = 0  # phases in a row, up to the last, in which nobody died nor was hanged (the stalemate's count)
    # what one night leaves for later nights and days (beside each role's memory, `memos`)
    last_visits: set[tuple[str, str]] = field(default_factory=set)  # last night: (role, visited player)
    # what the deal decided beside the roles (the roles' `at_deal` hooks)
    commissions: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (side worked for, quarry)
    agent_ranks: dict[str, dict[str, int]] = field(default_factory=dict)  # a member of every clan -> clan -> rank
    vote_kills: bool = False  # a game with such a member: each clan's kill is decided by its vote
    # derived from the players and kept until a death (`die`) or a role change (`roles_changed`): no part of
    # the game's equality nor of its repr (a refused command that fills one leaves the game as it was)
    in_setup: frozenset[str] | None = field(default=None, compare=False, repr=False)  # `setup_roles`
    alive_now: tuple[Player, ...] | None = field(default=None, init=False, compare=False, repr=False)  # `living`
    by_role: dict[str, tuple[Player, ...]] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def over(self) -> bool:
        """The game has ended: a side won, or it ended with no winner (a stalemate, the host's end)."""
        return self.winner is not None or self.ended is not None

    @property
    def starts_with_night(self) -> bool:
        return self.start is PhaseKind.NIGHT

    def player(self, name: str) -> Player:
        try:
            return self.players[name]
        except KeyError:
            raise RuleViolation("unknown_player", name=name) from None

    def role_memory(self, role_id: str) -> dict[str, Any]:
        """What one role remembers for the rest of the game, by player (the fan: the night he found the
        maniac). Only that role's module reads and writes it."""
        return self.memos.setdefault(role_id, {})

    def recall(self, role_id: str, name: str) -> Any:
        """What one role remembers of one player, or None; asking changes nothing."""
        memo = self.memos.get(role_id)
        return None if memo is None else memo.get(name)

    def marked(self, kind: str, day: int) -> list[Mark]:
        """The marks of this kind that hold on the given day."""
        return [m for m in self.marks if m.kind == kind and m.day == day]

    def setup_roles(self) -> frozenset[str]:
        """The roles of the setup as the table knows it (public): those dealt and those held now."""
        if self.in_setup is None:
            players = self.players.values()
            # the double agent's ranks too: a clan's ranks run 1 to n with him among them (RULINGS.md), and a
            # rank missing from the table's list would name his
            ranks = {f"mafia{rank}" for by_clan in self.agent_ranks.values() for rank in by_clan.values()}
            self.in_setup = frozenset(p.initial_role for p in players) | {p.role for p in players} | ranks
        return self.in_setup

    def roles_changed(self) -> None:
        """A player's role changed: `setup_roles` and `holders` are found again when next asked."""
        self.in_setup = None
        self.by_role = None

    def die(self, names: list[str]) -> None:
        """These players are out of the game."""
        for name in names:
            self.players[name].alive = False
        if names:
            self.alive_now = None

    def holders(self, role_id: str) -> tuple[Player, ...]:
        """The players who hold this role now, alive or not, in seat order."""
        if self.by_role is None:
            by_role: dict[str, list[Player]] = {}
            for player in self.players.values():
                by_role.setdefault(player.role, []).append(player)
            self.by_role = {role: tuple(players) for role, players in by_role.items()}
        return self.by_role.get(role_id, ())

    def living_holder(self, role_id: str) -> Player | None:
        """The first living player, by seat, who holds this role now."""
        return next((p for p in self.holders(role_id) if p.alive), None)

    def role(self, name: str) -> Role:
        """The role the named player has now."""
        return self.roles[self.players[name].role]

    def living(self) -> tuple[Player, ...]:
        """The living players in seat order (kept until someone dies)."""
        if self.alive_now is None:
            self.alive_now = tuple([p for p in self.players.values() if p.alive])
        return self.alive_now

    def alive_count(self) -> int:
        return len(self.living())

    def side_of(self, player: Player) -> Side:
        return self.roles[player.role].side

    def is_boss(self, name: str) -> bool:
        clan = self.players[name].clan
        if clan is None:
            return name in self.agent_ranks and name in self.bosses.values()
        return self.bosses.get(clan) == name

    def clans_of(self, name: str) -> tuple[str, ...]:
        """The clans he belongs to: one, none, or both for the double agent."""
        if name in self.agent_ranks:
            return tuple(self.agent_ranks[name])
        clan = self.players[name].clan
        return (clan,) if clan is not None else ()

    def clan_members(self, clan: str, alive_only: bool = True) -> list[Player]:
        players = self.living() if alive_only else self.players.values()
        return [p for p in players if clan in self.clans_of(p.name)]

    def silenced_on(self, day: int) -> list[Silence]:
        return [s for s in self.silences if day in s.days and self.players[s.player].alive]

    def is_silenced(self, name: str, day: int) -> bool:
        return any(s.player == name and day in s.days for s in self.silences)


def comparison_side(state: GameState, name: str) -> Side:
    """The town journalist's three sides, and the Council's: mafia, town, loners."""
    player = state.players[name]
    if player.clan is not None:
        return Side.MAFIA
    commission = state.commissions.get(name)
    if commission is not None:  # "При проверке журом, указывается та сторона на которой играет"
        return {"town": Side.TOWN, "mafia": Side.MAFIA}.get(commission[0], Side.LONERS)
    return state.roles[player.role].side
