"""Детектив: his side (town, mafia or the maniac's) is drawn at random when roles are dealt; so is his
quarry: the mafia's boss for the town, the commissar for the mafia, the maniac's choice of the two for the
maniac (house rule `detective_quarry`). Each night he names a player and learns whether it is his quarry;
when it is, he also learns who heads his side. The commissar sees him as not mafia; the town journalist
as the side he works for. He wins with that side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Player, Side
from rankedmafia.rules.role import Action, Deal, Role, Stage
from rankedmafia.rules.roles.common import DEFAULT_CLAN

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState

SIDES = ("town", "mafia", "maniac")


def head_of(state: GameState, side: str) -> str | None:
    """Who heads the side the detective works for: the boss, the maniac, the commissar."""
    if side == "mafia":
        return next(iter(state.bosses.values()), None)
    role = "maniac" if side == "maniac" else "commissar"
    head = state.living_holder(role)
    return None if head is None else head.name


def is_quarry(state: GameState, target: str, quarry: str) -> bool:
    if quarry == "boss":
        return state.is_boss(target)
    return state.players[target].role == quarry


def commission(state: GameState, name: str) -> tuple[str, str]:
    """The side he works for and his quarry. Ruling: a joker who copies the investigation seeks the
    quarry of the detective dealt in this game (the first by seat), and on a find learns who heads that
    detective's side, as the detective would."""
    return state.commissions.get(name) or next(iter(state.commissions.values()))


def _deal_side(deal: Deal, player: Player, side: str | None, clan: str | None) -> None:
    """His side, drawn unless the seat fixes it, the quarry it gives him, and the team he wins with (the
    state's `commissions`: his view shows them, and the town journalist compares him as that side)."""
    side = side or SIDES[deal.chance.index(f"detective_side:{player.name}", len(SIDES))]
    if side not in SIDES:
        raise RuleViolation("detective_side", name=player.name, side=side)
    quarry = {"town": "boss", "mafia": "commissar", "maniac": deal.rules.detective_quarry}[side]
    player.team = {"town": "town", "maniac": "maniac"}.get(side) or (
        clan or (deal.clans[0] if deal.clans else DEFAULT_CLAN))
    deal.commissions[player.name] = (side, quarry)


def _investigate(night: NightContext, act: Act) -> None:
    state = night.state
    side, quarry = commission(state, act.actor)
    target = act.targets[0]
    if is_quarry(state, target, quarry):
        night.inform(act.actor, "investigate", "found", target=target, employer=head_of(state, side))
    else:
        night.inform(act.actor, "investigate", "not_found", target=target)


DETECTIVE = Role(
    id="detective", side=Side.LONERS, at_deal=_deal_side,
    names={"ru": ("детектив", "детектива"), "en": ("detective", "detective")},
    actions=(Action("investigate", effects=((Stage.INFO, _investigate),)),),
)
