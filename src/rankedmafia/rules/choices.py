"""What a player may send now: every action with exactly the targets and options the engine accepts.

One answer for every adapter (web forms, the Telegram keyboards, the terminal host's help, the bots, the
environment's action mask), so that none of them guesses a rule. It is found by asking the engine's own
validator, never by restating a limit: an action's limits are of two kinds, on the number of targets
(the mafia's second kill at three alive, the intimidation cap, the fan's second search) and on each
target in its place (alive, not himself, not last night's, the postman's new recipient, ...), and targets
are distinct. So a choice is: the counts allowed, and for each place the names allowed there; any
distinct combination of them is accepted (tests/test_choices.py checks this over many random games).

It is cheap because the validator runs in parts (`Checks`): the part about one target wherever it
stands is asked once per living name; one whole act per count finds the limits on the count and the
option; only an action whose own `check` may weigh who its targets are (the postman, the mercenary, the
reanimator's list, a joker's copy of those) is probed name by name and place by place.
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


@dataclass(frozen=True, slots=True)
class Checks:
    """The engine's validator for one sender it lets send, in its two parts: what it checks of each
    target wherever the target stands, and everything else about what is sent (`Game._validate_act`,
    which runs the first part too)."""

    # the names the per-target checks let stand (the last argument: whether the sender himself may be
    # named, if not as the action says: a copy's is the copied action's)
    targets: Callable[[Action, Sequence[str], bool | None], list[str]]
    act: Callable[[Action, Act], None]  # the whole check of one act by this action, raising RuleViolation
    weigh: Callable[[Action, Act], None]  # its last part, all an act of accepted names and count may fail
    # whether the whole check of this action refuses only a count out of its range, a target the
    # per-target part refuses, or a name twice: then any distinct names of the pool are accepted
    bare: Callable[[Action], bool]


def choices_for(state: GameState, actor: str, actions: Sequence[Action], checks: Checks,
                copy: tuple[str, str] | None = None) -> tuple[Choice, ...]:
    """The choices of `actor` among his `actions` (as if he had not sent anything yet). The names each
    action may name at all are those the validator's per-target checks let stand; beyond them only the
    limits that may weigh the targets together (a role's own check, the reanimator's list) are found
    by probing the validator with whole acts, in seat order. `copy`: of a joker's copy, only this role
    and use."""
    names = [p.name for p in state.players.values() if p.alive]
    found = []
    for spec in actions:
        pool = checks.targets(spec, names, None)
        if spec.copies:
            pools = (pool, checks.targets(spec, names, True))
            choice = _copy_choice(state, actor, spec, pools, checks, copy)
        else:
            def build(targets: tuple[str, ...], option: str | None, detail: str | None, action: str = spec.id) -> Act:
                return Act(actor, action, targets, option, detail)

            def validate(act: Act, spec: Action = spec) -> None:
                checks.act(spec, act)

            def weigh(act: Act, spec: Action = spec) -> None:
                checks.weigh(spec, act)

            if checks.bare(spec):
                choice = _bare_choice(spec, pool)
            else:
                weighs = spec.check is not None or spec.after_everyone
                choice = _choice(state, spec, pool, build, validate, weigh if weighs else None)
        if choice is not None:
            found.append(choice)
    return tuple(found)


def _bare_choice(spec: Action, pool: Sequence[str]) -> Choice | None:
    """An action whose check refuses nothing beyond the count, the names one by one and a name twice
    (`Checks.bare`): every count its range allows with as many names in the pool, the pool in every place."""
    counts = tuple(range(spec.targets[0], min(spec.targets[1], len(pool)) + 1))
    return Choice(spec.id, counts, (tuple(pool),) * counts[-1]) if counts else None


def _choice(state: GameState, spec: Action, pool: Sequence[str], build: Build, validate: Validate,
            weigh: Validate | None) -> Choice | None:
    """`build` makes the act to probe from targets, option and detail (a joker's copy wraps them);
    `validate` is the whole check of an act, `weigh` its last part (None if the validator weighs no
    targets together for this action: then every name of the pool may stand in every place once one
    act of that count is accepted)."""
    if spec.options is not None and spec.probe is None:  # heal_from: no targets, each value beside them
        allowed = tuple(s for s in spec.options(state) if _accepts(validate, build((), s, None)))
        return Choice(spec.id, (0,), (), spec.option, allowed) if allowed else None
    option, detail = spec.probe or (None, None)
    counts: list[int] = []
    slots: list[set[str]] = [set() for _ in range(spec.targets[1])]
    for count in range(spec.targets[0], min(spec.targets[1], len(pool)) + 1):
        places = _places(count, pool, lambda targets: build(targets, option, detail), validate, weigh)
        if places is None:
            continue
        counts.append(count)
        if weigh is not None:
            for index, allowed_here in enumerate(places):
                slots[index] |= allowed_here
    if not counts:
        return None
    if weigh is None:  # every place takes the whole pool (`_places`), already in seat order
        shown = (tuple(pool),) * max(counts)
    else:
        order = {name: i for i, name in enumerate(pool)}
        shown = tuple(tuple(sorted(s, key=order.__getitem__)) for s in slots[:max(counts)])
    if spec.options is not None:  # the Council's question: any template, its arguments probed
        return Choice(spec.id, tuple(counts), shown, spec.option, tuple(spec.options(state)))
    return Choice(spec.id, tuple(counts), shown)


def _places(count: int, pool: Sequence[str], build: Callable[[tuple[str, ...]], Act],
            validate: Validate, weigh: Validate | None) -> list[set[str]] | None:
    """For `count` targets: the names allowed in each place, or None if no such act is accepted. Once
    one act is accepted, another of the same count and option with names of the pool can be refused only
    by the validator's last part (`weigh`), so only that part is asked of the others."""
    if count == 0:
        return [] if _accepts(validate, build(())) else None
    witness = _witness(count, pool, build, validate)
    if witness is None:
        return None
    if weigh is None:
        return [set(pool) for _ in range(count)]
    places: list[set[str]] = []
    for index in range(count):
        allowed = set()
        for name in pool:
            if name == witness[index] or _fits(index, name, witness, pool, build, weigh):
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


def _copy_choice(state: GameState, actor: str, spec: Action, pools: tuple[Sequence[str], Sequence[str]],
                 checks: Checks, only: tuple[str, str] | None = None) -> Choice | None:
    """The joker's copy: for each role he may copy, each of its actions he may use tonight (`only`: that
    one role and use alone). The copy weighs who its targets are only by the copied action's own `check`
    (roles/joker.py), so only those uses are probed target by target. `pools`: the names a copy may
    name, without and with the joker himself (a copied heal may name him, as the doctor's names the
    doctor)."""
    def validate(act: Act) -> None:
        checks.act(spec, act)

    def weigh(act: Act) -> None:
        checks.weigh(spec, act)

    roles = spec.options(state) if spec.options is not None else []
    copies = []
    for role in roles if only is None else [r for r in roles if r == only[0]]:
        uses = []
        for copied in copyable_actions(role):
            if only is not None and copied.id != only[1]:
                continue

            def build(targets: tuple[str, ...], option: str | None, detail: str | None,
                      role: str = role, use: str = copied.id) -> Act:
                return Act(actor, spec.id, targets, role, use, option, detail)

            pool = pools[1] if copied.self_target else pools[0]
            choice = _choice(state, copied, pool, build, validate, weigh if copied.check is not None else None)
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


