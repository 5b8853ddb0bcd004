"""Двойной агент, in games with two mafia clans: a member of both, with a rank in each, whom nobody knows;
he may even be a boss. Each clan's kill is then decided by a vote of its members (`vote_kill`; the boss's
vote weighs 1.5). Neither clan can win while he lives; he wins alone (victory.py)."""

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Role

DOUBLE_AGENT = Role(
    id="double_agent", side=Side.MAFIA, killer=True, team="double_agent", checks_as="mafia",
    names={"ru": ("двойной агент", "двойного агента"), "en": ("double agent", "double agent")},
)
