"""The joker's copy, as a bot makes it: a role of the setup and one of its actions drawn at random (both
public), then the copied action's targets, its option (heal_from's source) or its Council question. A copy
the rules refuse (the same role, action or target as last night, a limit of the copied action) is
replaced by another, as a player would."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from rankedmafia.rules import council
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game

COPY = "copy"
ATTEMPTS = 6


def random_question(rng: random.Random, game: Game, template: str) -> str:
    """A well-formed Council question of this template, its arguments drawn from the template's fields."""
    args: dict[str, object] = {}
    for arg, values in council.fields(game.state, template).items():
        args[arg] = rng.sample(values, rng.randint(council.GROUP_LEAST, len(values))) if arg == "players" \
            else rng.choice(values)
    return json.dumps(args, ensure_ascii=False, sort_keys=True)


def random_copy(rng: random.Random, game: Game, name: str, living: Sequence[str],
                attempts: int = ATTEMPTS) -> bool:
    """Sends a random copy for the joker `name`; False if none of `attempts` tries was accepted."""
    roles = game.option_choices(name, COPY)
    for _ in range(attempts if roles else 0):
        role = rng.choice(roles)
        uses = game.copy_actions(role)
        if not uses:
            continue
        use = rng.choice(uses)
        spec = next(a for a in game.copyable(role) if a.id == use)
        least, most = spec.targets
        pool = list(living) if spec.self_target else [p for p in living if p != name]
        if len(pool) < least:  # too few left for this action (a letter needs two besides him)
            continue
        count = rng.randint(least, min(most, len(pool)))
        copied: tuple[str | None, str | None] = (None, None)
        if spec.option == "question":
            template = rng.choice(game.option_choices(name, "ask"))
            copied = (template, random_question(rng, game, template))
        elif spec.option is not None:
            sources = game.option_choices(name, "heal_from")
            if not sources:
                continue
            copied = (rng.choice(sources), None)
        try:
            game.submit(name, COPY, rng.sample(pool, count), role, use, *copied)
            return True
        except RuleViolation:
            continue
    return False
