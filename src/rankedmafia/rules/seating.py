"""Seating the players: clans, the teams they win with, and what the deal decides beside the roles
(the detective's side and quarry, the double agent's ranks), all from the game's committed seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rankedmafia.rules.chance import Chance
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import BLUE, Player, Side
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.detective import SIDES
from rankedmafia.rules.state import HouseRules

DEFAULT_CLAN = "mafia"
SEXES = ("m", "f")


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    role: str
    clan: str | None = None  # for games with two mafia clans
    side: str | None = None  # a detective's side, when it must be fixed
    sex: str | None = None  # "m" or "f", when the player gave it (the Council's questions, the texts)


@dataclass(slots=True)
class Seating:
    players: dict[str, Player]
    detective: dict[str, tuple[str, str]]
    agent_ranks: dict[str, dict[str, int]]


def seat_players(seats: Sequence[Seat], chance: Chance, rules: HouseRules) -> Seating:
    players: dict[str, Player] = {}
    for index, seat in enumerate(seats):
        if seat.name in players:
            raise RuleViolation("duplicate_name", name=seat.name)
        if seat.name == BLUE or not seat.name.strip():
            raise RuleViolation("reserved_name", name=seat.name)
        role = ROLES.get(seat.role)
        if role is None:
            raise RuleViolation("unknown_role", role=seat.role, name=seat.name)
        clan = None
        if role.side is Side.MAFIA and role.id != "double_agent":
            clan = seat.clan or DEFAULT_CLAN
        if role.side is Side.TOWN:
            team = "town"
        elif clan is not None:
            team = clan
        elif role.id == "courtesan" and rules.courtesan_team == "maniac":
            team = "maniac"
        else:
            team = role.team or role.id
        if seat.sex is not None and seat.sex not in SEXES:
            raise RuleViolation("unknown_sex", name=seat.name, sex=seat.sex)
        players[seat.name] = Player(seat.name, index, role.id, role.id, team, clan, sex=seat.sex)
    if len(players) < 2:
        raise RuleViolation("too_few_players", least=2)
    clans = sorted({p.clan for p in players.values() if p.clan is not None})
    seating = Seating(players, {}, {})
    for seat in seats:
        if seat.role == "detective":
            _seat_detective(seating, seat, clans, chance, rules)
        elif seat.role == "double_agent":
            _seat_agent(seating, seat, clans, chance)
    return seating


def _seat_detective(seating: Seating, seat: Seat, clans: list[str], chance: Chance, rules: HouseRules) -> None:
    side = seat.side or SIDES[chance.index(f"detective_side:{seat.name}", len(SIDES))]
    if side not in SIDES:
        raise RuleViolation("detective_side", name=seat.name, side=side)
    quarry = {"town": "boss", "mafia": "commissar", "maniac": rules.detective_quarry}[side]
    team = {"town": "town", "maniac": "maniac"}.get(side) or (seat.clan or (clans[0] if clans else DEFAULT_CLAN))
    seating.players[seat.name].team = team
    seating.detective[seat.name] = (side, quarry)


def _seat_agent(seating: Seating, seat: Seat, clans: list[str], chance: Chance) -> None:
    """Rule book: "состоит в обеих мафиозных группировках и имеет в каждой свой ранг. Может оказаться даже
    боссом." His place in each clan's chain is drawn from the seed (1 = above every rank: the boss)."""
    if len(clans) < 2:
        raise RuleViolation("agent_needs_two_clans", name=seat.name)
    ranks: dict[str, int] = {}
    for clan in clans:
        ranked = sum(1 for p in seating.players.values() if p.clan == clan and ROLES[p.role].ranked)
        ranks[clan] = 1 + chance.index(f"agent_rank:{seat.name}:{clan}", ranked + 1)
    seating.agent_ranks[seat.name] = ranks
