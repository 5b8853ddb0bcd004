"""What a player may send now: every action with exactly the targets and options the engine accepts.

One answer for every adapter (web forms, the Telegram keyboards, the terminal host's help, the bots, the
environment's action mask), so that none of them guesses a rule. It is found by asking the engine's own
validator, never by restating a limit: an action's limits are of two kinds, on the number of targets
(the mafia's second kill at three alive, the intimidation cap, the fan's second search) and on each
target in its place (alive, not himself, not last night's, the postman's new recipient, ...), and targets
are distinct. So a choice is: the counts allowed, and for each place the names allowed there; any
distinct combination of them is accepted (tests/test_choices.py checks this over many random games).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations

from rankedmafia.rules.abilities import copyable_actions
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act
from rankedmafia.rules.role import Action
from rankedmafia.rules.state import GameState

# Refusals about a target in its place; any other refusal (about the number of targets, the actor, the
# night) rules out the count whatever the targets, so the search for an accepted act stops at it.
TARGET_RULES = frozenset({"dead_target", "duplicate_target", "employer_used", "employer_victim",
                          "postman_recipient", "repeat_target", "revive_not_dead", "self_target"})


@dataclass(frozen=True, slots=True)
class Choice:
    """One action a player may send: how many targets, who may stand in each place, and the option."""

    action: str
    counts: tuple[int, ...]  # how many targets he may name, e.g. (1, 2); (0,) when the action takes none
    slots: tuple[tuple[str, ...], ...]  # for target place i, the names he may put there
    option: str | None = None  # what stands beside the targets: "role" (heal_from), "question" (ask)
    options: tuple[str, ...] = ()  # the values it may take: heal_from's sources, the Council's templates
    copies: tuple[Copy, ...] = ()  # the joker's copy (no targets of its own): each role and its uses


@dataclass(frozen=True, slots=True)
class Copy:
    role: str
    uses: tuple[Choice, ...]


Validate = Callable[[Act], None]
Build = Callable[[tuple[str, ...], str | None, str | None], Act]


def choices_for(state: GameState, actor: str, actions: Sequence[Action], validate: Validate) -> tuple[Choice, ...]:
    """The choices of `actor` among his `actions`, found by probing `validate` (the engine's own check,
    as if he had not sent anything yet) with the living players in seat order (a dead target is always
    refused)."""
    names = [p.name for p in state.players.values() if p.alive]
    found = []
    for spec in actions:
        if spec.copies:
            choice = _copy_choice(state, actor, spec, names, validate)
        else:
            def build(targets: tuple[str, ...], option: str | None, detail: str | None, action: str = spec.id) -> Act:
                return Act(actor, action, targets, option, detail)

            choice = _choice(state, spec, names, validate, build)
        if choice is not None:
            found.append(choice)
    return tuple(found)


def _choice(state: GameState, spec: Action, names: Sequence[str], validate: Validate, build: Build) -> Choice | None:
    """`build` makes the act to probe from targets, option and detail (a joker's copy wraps them)."""
    if spec.options is not None and spec.probe is None:  # heal_from: no targets, each value beside them
        allowed = tuple(s for s in spec.options(state) if _accepts(validate, build((), s, None)))
        return Choice(spec.id, (0,), (), spec.option, allowed) if allowed else None
    option, detail = spec.probe or (None, None)
    counts: list[int] = []
    slots: list[set[str]] = [set() for _ in range(spec.targets[1])]
    for count in range(spec.targets[0], spec.targets[1] + 1):
        places = _places(count, names, lambda targets: build(targets, option, detail), validate)
        if places is None:
            continue
        counts.append(count)
        for index, allowed_here in enumerate(places):
            slots[index] |= allowed_here
    if not counts:
        return None
    order = {name: i for i, name in enumerate(names)}
    shown = tuple(tuple(sorted(s, key=order.__getitem__)) for s in slots[:max(counts)])
    if spec.options is not None:  # the Council's question: any template, its arguments probed
        return Choice(spec.id, tuple(counts), shown, spec.option, tuple(spec.options(state)))
    return Choice(spec.id, tuple(counts), shown)


def _places(count: int, names: Sequence[str], build: Callable[[tuple[str, ...]], Act],
            validate: Validate) -> list[set[str]] | None:
    """For `count` targets: the names allowed in each place, or None if no such act is accepted."""
    if count == 0:
        return [] if _accepts(validate, build(())) else None
    witness = _witness(count, names, build, validate)
    if witness is None:
        return None
    places: list[set[str]] = []
    for index in range(count):
        allowed = set()
        for name in names:
            if name == witness[index] or _fits(index, name, witness, names, build, validate):
                allowed.add(name)
        places.append(allowed)
    return places


def _witness(count: int, names: Sequence[str], build: Callable[[tuple[str, ...]], Act],
             validate: Validate) -> tuple[str, ...] | None:
    """One accepted act with `count` targets, searched in seat order; a refusal that is not about a
    target ends it."""
    for targets in _candidates(names, count):
        try:
            validate(build(targets))
        except RuleViolation as error:
            if error.rule not in TARGET_RULES:
                return None
            continue
        return targets
    return None


def _candidates(names: Sequence[str], count: int) -> Iterator[tuple[str, ...]]:
    """Target tuples to try, cheapest first: runs of neighbours (almost always one is accepted: the
    limits exclude a few names each), then every arrangement."""
    for start in range(len(names) - count + 1):
        yield tuple(names[start:start + count])
    yield from permutations(names, count)


def _fits(index: int, name: str, witness: tuple[str, ...], names: Sequence[str],
          build: Callable[[tuple[str, ...]], Act], validate: Validate) -> bool:
    """Whether `name` may stand in place `index`: put it into the witness; if it already stands in
    another place, fill that place with another name allowed there."""
    targets = list(witness)
    if name not in witness:
        targets[index] = name
        return _accepts(validate, build(tuple(targets)))
    other = witness.index(name)
    targets[index] = name
    for filler in names:
        if filler in targets:
            continue
        targets[other] = filler
        if _accepts(validate, build(tuple(targets))):
            return True
    return False


def _accepts(validate: Validate, act: Act) -> bool:
    try:
        validate(act)
    except RuleViolation:
        return False
    return True


def _copy_choice(state: GameState, actor: str, spec: Action, names: Sequence[str],
                 validate: Validate) -> Choice | None:
    """The joker's copy: for each role he may copy, each of its actions he may use tonight."""
    copies = []
    for role in spec.options(state) if spec.options is not None else ():
        uses = []
        for copied in copyable_actions(role):
            def build(targets: tuple[str, ...], option: str | None, detail: str | None,
                      role: str = role, use: str = copied.id) -> Act:
                return Act(actor, spec.id, targets, role, use, option, detail)

            choice = _choice(state, copied, names, validate, build)
            if choice is not None:
                uses.append(choice)
        if uses:
            copies.append(Copy(role, tuple(uses)))
    if not copies:
        return None
    return Choice(spec.id, (), (), spec.option, tuple(c.role for c in copies), tuple(copies))


def question_detail(args: dict[str, object]) -> str:
    """The Council question's arguments as `submit` takes them (`detail`)."""
    return json.dumps(args, ensure_ascii=False, sort_keys=True)


