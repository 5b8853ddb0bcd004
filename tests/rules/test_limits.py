"""The choices and the refusal read the same declared limits (rules/limits.py): on small games they agree
on every act, not a sample. Each night, for every living player, every action he has, and every tuple of
up to three names (repeats included) with every value of its option (every role and use for the joker's
copy), `Game.check` accepts the act exactly when his choice offers it."""

from __future__ import annotations

import random
from itertools import product

import pytest

from rankedmafia.bots import RandomPolicy, play_phase
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Copy, PhaseKind
from rankedmafia.rules.seating import Seat

# small tables of the roles whose limits are more than their targets' own: the postman's old recipients,
# the mercenary's employer, the doctor's heal_from and serum, the fan after his find, the boss's counts,
# the joker's copies of all of them
TABLES = {
    "postman-mercenary": ("mafia1", "mafia2", "postman", "mercenary", "commissar", "civilian", "civilian"),
    "doctor-fan": ("mafia1", "doctor", "fan", "maniac", "girl", "civilian", "civilian"),
    "joker": ("mafia1", "joker", "postman", "mercenary", "doctor", "fan", "maniac"),
    "blockers": ("mafia1", "thug", "blackmailer", "cop", "girl", "cardsharp", "alcoholic", "civilian"),
}
NIGHTS = 5


def _offers(choice: Choice | None, targets: tuple[str, ...]) -> bool:
    return (choice is not None and len(targets) in choice.counts and len(set(targets)) == len(targets)
            and all(name in place for name, place in zip(targets, choice.slots, strict=False)))


def _acts(game: Game, name: str) -> int:
    """Every act of every action he has, checked against his choices; returns how many were checked."""
    names = [p.name for p in game.players()]
    tuples = [t for count in range(4) for t in product(names, repeat=count)]
    checked = 0
    for action in game.actions_of(name):
        if action.copies:
            for role in game.option_choices(name, action.id):
                for use in game.copyable(role):
                    if use.option == "question":
                        continue  # as below
                    choice = game.choice(name, action.id, (role, use.id))
                    copy = choice.copies[0].uses[0] if choice is not None else None
                    values = copy.options if copy is not None and copy.option == "role" else [None]
                    for value, targets in product(values, tuples):
                        error = game.check(Act(name, action.id, tuple(targets), copy=Copy(role, use.id)))
                        assert (error is None) == _offers(copy, targets), (name, role, use.id, value, targets, error)
                        checked += 1
            continue
        if action.option == "question":
            continue  # its arguments are the question's fields, checked by tests/rules/test_choices.py
        choice = game.choice(name, action.id)
        values = game.option_choices(name, action.id) if action.option is not None else [None]
        for value, targets in product(values, tuples):
            error = game.check(Act(name, action.id, tuple(targets), value))
            offered = _offers(choice, targets) and (value is None or value in (choice.options if choice else ()))
            assert (error is None) == offered, (name, action.id, value, targets, error)
            checked += 1
    return checked


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_act_is_accepted_exactly_when_offered(table: str) -> None:
    checked = 0
    for seed in range(3):
        seats = [Seat(f"P{i}", role) for i, role in enumerate(TABLES[table])]
        game = Game(seats, seed=f"limits:{table}:{seed}")
        policy = RandomPolicy(random.Random(seed))
        for _ in range(2 * NIGHTS):
            if game.over:
                break
            if game.phase.kind is PhaseKind.NIGHT:
                for name in game.alive():
                    checked += _acts(game, name)
            play_phase(game, {p: policy for p in game.alive()})
            game.resolve()
    assert checked > 1000
