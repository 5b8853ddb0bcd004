"""A move drawn from the core's list of what a player may send (`Game.choices`), so that no bot restates
a rule: a choice gives the counts of targets allowed and, for each place, the names allowed there, and
any distinct names, one from each place, are accepted; the options (heal_from's sources, the Council's
templates, the joker's roles and their uses) come with it.

The helpers take plain sequences, so that the web API's bots (bots/api_moves.py), which see the same
choices as JSON, draw their targets the same way.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from itertools import product
from typing import Any, TypeVar

from rankedmafia.rules.choices import Choice
from rankedmafia.rules.council import GROUP_LEAST
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Copy, Question

T = TypeVar("T")


def draw(rng: random.Random, items: Sequence[T]) -> T:
    """One of `items`, uniformly (to 2**-53), cheaper than `rng.choice` in the bots' hot loop."""
    return items[int(rng.random() * len(items))]


def pick_targets(rng: random.Random, counts: Sequence[int], slots: Sequence[Sequence[str]]) -> list[str] | None:
    """Targets for a choice: a count drawn among `counts`, then distinct names, one from each place; None
    if no count can be filled (never, for a choice the engine offers)."""
    if len(counts) == 1 and counts[0] == 1 and slots[0]:  # the common case: one target
        return [draw(rng, slots[0])]
    left = list(counts)
    while left:
        count = left.pop(int(rng.random() * len(left)))
        picked = fill(rng, slots[:count])
        if picked is not None:
            return picked
    return None


def fill(rng: random.Random, places: Sequence[Sequence[str]]) -> list[str] | None:
    """Distinct names, one from each place, drawn place by place (the narrowest first, so that a wide
    place does not take the only name a narrow one has); None if there are none."""
    picked: list[str] = [""] * len(places)
    used: set[str] = set()
    for index in sorted(range(len(places)), key=lambda i: len(places[i])):
        free = [name for name in places[index] if name not in used]
        if not free:
            return _first_fit(places)
        picked[index] = draw(rng, free)
        used.add(picked[index])
    return picked


def _first_fit(places: Sequence[Sequence[str]]) -> list[str] | None:
    """The first distinct assignment in the places' order, when drawing place by place got stuck."""
    for names in product(*places):
        if len(set(names)) == len(names):
            return list(names)
    return None


def question(rng: random.Random, fields: Mapping[str, Sequence[Any]]) -> str:
    """A Council question's arguments (as `submit` takes them: JSON), each blank drawn from the values the
    core lists for it (`Game.question_fields`); `players` is a group of `GROUP_LEAST` or more."""
    args: dict[str, Any] = {}
    for key, values in fields.items():
        if key == "players":
            args[key] = rng.sample(list(values), rng.randint(min(GROUP_LEAST, len(values)), len(values)))
        else:
            args[key] = draw(rng, values)
    return json.dumps(args, ensure_ascii=False, sort_keys=True)


def send_choice(rng: random.Random, game: Game, name: str, choice: Choice) -> bool:
    """Sends a random move of this choice: targets, option, and for the joker a role and one of its uses
    with the copied action's own targets and option. False if nothing could be drawn."""
    if choice.copies:
        copy = draw(rng, choice.copies)
        use = draw(rng, copy.uses)
        parts = _parts(rng, game, use)
        if parts is None:
            return False
        targets, option, asked = parts
        game.submit(Act(name, choice.action, tuple(targets), copy=Copy(copy.role, use.action, option, asked)))
        return True
    parts = _parts(rng, game, choice)
    if parts is None:
        return False
    targets, option, asked = parts
    game.submit(Act(name, choice.action, tuple(targets), option, asked))
    return True


def _parts(rng: random.Random, game: Game, choice: Choice) -> tuple[list[str], str | None, Question | None] | None:
    """The targets, the option and the Council's question of a move of this choice."""
    targets = pick_targets(rng, choice.counts, choice.slots)
    if targets is None:
        return None
    if choice.option == "question":
        template = draw(rng, choice.options)
        return targets, None, Question(template, question(rng, game.question_fields(template)))
    if choice.option is not None:
        return targets, draw(rng, choice.options), None
    return targets, None, None


def offered(choice: Choice, targets: Sequence[str]) -> bool:
    """Whether these targets are a move of this choice (for a bot that prefers some targets)."""
    return (len(targets) in choice.counts and len(set(targets)) == len(targets)
            and all(name in place for name, place in zip(targets, choice.slots, strict=False)))
