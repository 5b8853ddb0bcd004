"""The house rules a game may set: each a choice among documented values, the first the default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rankedmafia.rules.errors import RuleViolation

HOUSE_RULES: dict[str, tuple[str, ...]] = {
    "tie": ("nobody", "random"),  # a tie at the top of the vote: nobody is hanged, or one of the tied
    "courtesan_team": ("alone", "maniac"),  # the courtesan plays alone or on the maniac's side
    "detective_quarry": ("commissar", "boss"),  # the maniac's choice for a detective on his side
    # nights and days in a row with nobody dead or hanged that end the game with no winner, or never
    "stalemate": ("3", "1", "2", "4", "5", "6", "7", "8", "9", "10", "off"),
}


@dataclass(slots=True)
class HouseRules:
    """House-rule overrides, each documented in docs/rules.md (the first value is the default)."""

    tie: str = "nobody"
    courtesan_team: str = "alone"
    detective_quarry: str = "commissar"
    stalemate: str = "3"

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> HouseRules:
        rules = cls()
        for key, value in data.items():
            if isinstance(value, int) and not isinstance(value, bool):
                value = str(value)  # a count, as a script writes it (`stalemate: 4`)
            if key not in HOUSE_RULES:
                raise RuleViolation("unknown_house_key", key=key, choices=", ".join(HOUSE_RULES))
            if value not in HOUSE_RULES[key]:
                raise RuleViolation("unknown_house_rule", key=key, value=value,
                                    choices=", ".join(HOUSE_RULES.get(key, ())))
            setattr(rules, key, value)
        return rules

    def stalemate_phases(self) -> int | None:
        """How many phases in a row with nobody dead or hanged end the game (a night and a day for each of
        the house rule's count), or None when the rule is off."""
        return None if self.stalemate == "off" else 2 * int(self.stalemate)

    def as_mapping(self) -> dict[str, str]:
        return {key: getattr(self, key) for key in HOUSE_RULES}
