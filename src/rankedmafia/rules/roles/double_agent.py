"""Двойной агент, in games with two mafia clans: a member of both, with a rank in each, whom nobody knows;
he may even be a boss. Each clan's kill is then decided by a vote of its members (`vote_kill`, mafia.py;
the boss's vote weighs 1.5). Neither clan can win while he lives; he wins alone (victory.py). His rank in
each clan is drawn from the seed (or pinned by a script's `ranks: {red: N, black: M}`), and each clan's ranks
run 1 to n with him at his place: every member's card, the clan's list and the succession read the same
numbers, and his own card names his rank in each clan (RULINGS.md, "The double agent's ranks")."""

from __future__ import annotations

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Player, Side
from rankedmafia.rules.role import Deal, Role

TOP_RANK = 4  # the highest ranked role (mafia.py's MAFIA4): three dealt ranks and the agent's place


def _deal_ranks(deal: Deal, player: Player, side: str | None, clan: str | None) -> None:
    """Rule book: "состоит в обеих мафиозных группировках и имеет в каждой свой ранг. Может оказаться даже
    боссом." His place in each clan's ranks is the script's `ranks`, or drawn from the seed (1 = the boss);
    the state keeps it as `agent_ranks`, and a game with such a member decides the clans' kills by vote.

    RULINGS.md, "The double agent's ranks": in each clan the ranks are one sequence, 1 to n, that counts
    him at his place, so the clan's ranked mafiosi are renumbered around him at the deal (a mafia2 below
    him holds mafia3): every card, list, message and the succession then read the same numbers."""
    if len(deal.clans) < 2:
        raise RuleViolation("agent_needs_two_clans", name=player.name)
    pinned = deal.pinned_ranks.get(player.name, {})
    for each in pinned:
        if each not in deal.clans:
            raise RuleViolation("agent_rank_clan", name=player.name, clan=str(each), choices=", ".join(deal.clans))
    ranks: dict[str, int] = {}
    for each in deal.clans:
        ranked = sorted((p for p in deal.players.values() if p.clan == each and deal.roles[p.role].ranked),
                        key=lambda p: (deal.roles[p.role].succession or 0, p.seat))
        places = len(ranked) + 1
        rank = pinned.get(each)
        if rank is None:
            rank = 1 + deal.chance.index(f"agent_rank:{player.name}:{each}", places)
        elif isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= places:
            raise RuleViolation("agent_rank", name=player.name, clan=each, rank=str(rank), most=places)
        if places > TOP_RANK:
            raise RuleViolation("agent_rank_room", clan=each, most=TOP_RANK - 1)
        for place, mafioso in enumerate(ranked, start=1):
            number = place if place < rank else place + 1
            mafioso.role = mafioso.initial_role = f"mafia{number}"
        ranks[each] = rank
    deal.agent_ranks[player.name] = ranks


DOUBLE_AGENT = Role(
    id="double_agent", side=Side.MAFIA, killer=True, team="double_agent", checks_as="mafia",
    in_every_clan=True, at_deal=_deal_ranks,
    names={"ru": ("двойной агент", "двойного агента"), "en": ("double agent", "double agent")},
)
