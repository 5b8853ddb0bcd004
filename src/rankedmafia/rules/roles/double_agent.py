"""Двойной агент, in games with two mafia clans: a member of both, with a rank in each, whom nobody knows;
he may even be a boss. Each clan's kill is then decided by a vote of its members (`vote_kill`, mafia.py;
the boss's vote weighs 1.5). Neither clan can win while he lives; he wins alone (victory.py)."""

from __future__ import annotations

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Player, Side
from rankedmafia.rules.role import Deal, Role


def _deal_ranks(deal: Deal, player: Player, side: str | None, clan: str | None) -> None:
    """Rule book: "состоит в обеих мафиозных группировках и имеет в каждой свой ранг. Может оказаться даже
    боссом." His place in each clan's chain is drawn from the seed (1 = above every rank: the boss); the
    state keeps it as `agent_ranks`, and a game with such a member decides the clans' kills by vote."""
    if len(deal.clans) < 2:
        raise RuleViolation("agent_needs_two_clans", name=player.name)
    ranks: dict[str, int] = {}
    for each in deal.clans:
        ranked = sum(1 for p in deal.players.values() if p.clan == each and deal.roles[p.role].ranked)
        ranks[each] = 1 + deal.chance.index(f"agent_rank:{player.name}:{each}", ranked + 1)
    deal.agent_ranks[player.name] = ranks


DOUBLE_AGENT = Role(
    id="double_agent", side=Side.MAFIA, killer=True, team="double_agent", checks_as="mafia",
    in_every_clan=True, at_deal=_deal_ranks,
    names={"ru": ("двойной агент", "двойного агента"), "en": ("double agent", "double agent")},
)
