"""What a player may send now, as the engine offers it: one answer for every adapter (web forms, the
Telegram keyboards, the terminal host's help, the bots, the environment's action mask), so that none of
them guesses a rule.

A choice is: the counts of targets allowed, and for each place the names allowed there; any distinct
names, one from each place, make an act that `Game.submit` accepts, with any of the option's values
(a Council question's arguments are its template's fields, `Game.question_fields`). `Game.choices`
builds them from the same declared limits that refuse what is sent (rules/limits.py).
"""

from __future__ import annotations

import json
from typing import NamedTuple


class Choice(NamedTuple):
    """One action a player may send: how many targets, who may stand in each place, and the option (a
    named tuple: immutable, and cheap to make, as every choice asked is made anew)."""

    action: str
    counts: tuple[int, ...]  # how many targets he may name, e.g. (1, 2); (0,) when the action takes none
    slots: tuple[tuple[str, ...], ...]  # for target place i, the names he may put there
    option: str | None = None  # what stands beside the targets: "role" (heal_from), "question" (ask)
    options: tuple[str, ...] = ()  # the values it may take: heal_from's sources, the Council's templates
    copies: tuple[Copy, ...] = ()  # the joker's copy (no targets of its own): each role and its uses


class Copy(NamedTuple):
    role: str
    uses: tuple[Choice, ...]


def question_detail(args: dict[str, object]) -> str:
    """The Council question's arguments as `submit` takes them (`detail`)."""
    return json.dumps(args, ensure_ascii=False, sort_keys=True)
