"""The house rules a game may set: each a choice among documented values, the first the default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rankedmafia.rules.errors import RuleViolation

HOUSE_RULES: dict[str, tuple[str, ...]] = {
    "tie": ("nobody", "random"),  # a tie at the top of the vote: nobody is hanged, or one of the tied
    "courtesan_team": ("alone", "maniac"),  # the courtesan plays alone or on the maniac's side
    "detective_quarry": ("commissar", "boss"),  # the maniac's choice for a detective on his side
}


@dataclass(slots=True)
class HouseRules:
    """House-rule overrides, each documented in docs/rules.md (the first value is the default)."""

    tie: str = "nobody"
    courtesan_team: str = "alone"
    detective_quarry: str = "commissar"

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> HouseRules:
        rules = cls()
        for key, value in data.items():
            if key not in HOUSE_RULES:
                raise RuleViolation("unknown_house_key", key=key, choices=", ".join(HOUSE_RULES))
            if value not in HOUSE_RULES[key]:
                raise RuleViolation("unknown_house_rule", key=key, value=value,
                                    choices=", ".join(HOUSE_RULES.get(key, ())))
            setattr(rules, key, value)
        return rules

    def as_mapping(self) -> dict[str, str]:
        return {key: getattr(self, key) for key in HOUSE_RULES}
