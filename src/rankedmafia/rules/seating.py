"""Seating the players: clans, the teams they win with, and what the deal decides beside the roles (each
role's `at_deal` hook: the detective's side and quarry, the double agent's ranks), all from the game's
committed seed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from rankedmafia.rules.chance import Chance
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.house import HouseRules
from rankedmafia.rules.model import BLUE, Player, Side
from rankedmafia.rules.role import Deal
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.common import DEFAULT_CLAN

__all__ = ["DEFAULT_CLAN", "Deal", "Seat", "seat_players"]
SEXES = ("m", "f")


class Seat(NamedTuple):
    """A seat at the deal: who sits there and the role dealt to him (a named tuple: immutable, and cheap
    to make for every seat of every game a simulator deals)."""

    name: str
    role: str
    clan: str | None = None  # for games with two mafia clans
    side: str | None = None  # a detective's side, when it must be fixed
    sex: str | None = None  # "m" or "f", when the player gave it (the Council's questions, the texts)
    ranks: Mapping[str, int] | None = None  # the double agent's rank in each clan, when it must be fixed


def seat_players(seats: Sequence[Seat], chance: Chance, rules: HouseRules) -> Deal:
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
        if role.side is Side.MAFIA and not role.in_every_clan:
            clan = seat.clan or DEFAULT_CLAN
        if role.side is Side.TOWN:
            team = "town"
        elif clan is not None:
            team = clan
        else:
            team = role.team or role.id
        if seat.sex is not None and seat.sex not in SEXES:
            raise RuleViolation("unknown_sex", name=seat.name, sex=seat.sex)
        players[seat.name] = Player(seat.name, index, role.id, role.id, team, clan, sex=seat.sex)
    if len(players) < 2:
        raise RuleViolation("too_few_players", least=2)
    clans = sorted({p.clan for p in players.values() if p.clan is not None})
    deal = Deal(players, clans, chance, rules, ROLES)
    for seat in seats:
        if seat.ranks is not None:
            if not ROLES[seat.role].in_every_clan:
                raise RuleViolation("ranks_not_agent", name=seat.name, role=seat.role)
            deal.pinned_ranks[seat.name] = dict(seat.ranks)
    for seat in seats:
        hook = ROLES[seat.role].at_deal
        if hook is not None:
            hook(deal, players[seat.name], seat.side, seat.clan)
    return deal
