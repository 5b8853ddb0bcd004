"""Typed errors of the rules core.

A refusal carries a stable rule id and its parameters, never a sentence: the text layer renders it in the
player's language. Where it happened (the phase of a script, the entry) is filled in by whoever knows.
"""

from __future__ import annotations

from typing import Any

# Every rule a RuleViolation names: the text layer has a sentence for each in every language, and
# tests/text/test_refusal_texts.py triggers each through the Game (a new id goes here, with its sentences).
RULES = frozenset({
    # who plays: the seats, the setup's house rules
    "duplicate_name", "reserved_name", "unknown_role", "unknown_sex", "too_few_players", "unknown_house_key",
    "unknown_house_rule", "detective_side", "agent_needs_two_clans", "agent_rank_clan", "agent_rank",
    "agent_rank_room", "ranks_not_agent",
    # the phase and the sender
    "not_night", "not_day", "game_over", "game_ended", "unknown_command", "dead_actor", "already_acted",
    "no_such_action", "lost_as_boss", "nothing_to_withdraw", "revive_later", "actions_closed", "not_asked",
    "revive_not_dead",
    # the targets: each a living player of the game, then how many, then each one's own limits
    "unknown_player", "dead_target", "target_count", "self_target", "repeat_target", "duplicate_target",
    # the option and what tonight allows
    "missing_option", "unexpected_option", "mafia_double_at_three", "intimidation_cap", "heal_from_threshold",
    "heal_from_source", "heal_from_repeat", "serum_repeat", "employer_used", "no_contract", "employer_dead",
    "employer_victim", "postman_recipient", "fan_one_search", "fan_not_found", "joker_role", "joker_same_role",
    "joker_same_action",
    # the Council's question
    "council_template", "council_args", "council_side", "council_op", "council_number", "council_role",
    "council_sex_unknown", "council_sex", "council_group",
    # the day
    "dead_voter", "dead_candidate", "silenced_voter",
})


class RuleViolation(Exception):
    """An action, vote or command that the rules refuse. The game is exactly as it was before."""

    def __init__(self, rule: str, **params: Any) -> None:
        self.rule = rule
        self.params = params
        self.phase: int | None = None
        self.entry: int | str | None = None
        super().__init__(rule)

    def at(self, phase: int | None, entry: int | str | None) -> RuleViolation:
        self.phase = phase
        self.entry = entry
        return self

    def __str__(self) -> str:
        return _named(self.rule, self.params)  # an id for logs; players read text.errors.describe(...)

    def __repr__(self) -> str:
        return f"RuleViolation({self.rule!r}, phase={self.phase!r}, entry={self.entry!r}, {self.params!r})"


class SetupError(Exception):
    """A setup that cannot be played (a sergeant without a commissar, more roles than players, ...)."""

    def __init__(self, rule: str, **params: Any) -> None:
        self.rule = rule
        self.params = params
        super().__init__(rule)

    def __str__(self) -> str:
        return _named(self.rule, self.params)


def _named(rule: str, params: dict[str, Any]) -> str:
    """The refusal by its id and fields, for logs and tracebacks. Sentences are the text layer's
    (rankedmafia.text.errors.describe): the core never imports it."""
    fields = ", ".join(f"{key}={value!r}" for key, value in params.items() if value is not None)
    return f"{rule} ({fields})" if fields else rule
