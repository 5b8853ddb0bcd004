"""`Game.choices`: every offered choice is accepted, and every choice left out is refused.

Checked over seeded random games of every preset (the same games everywhere): at each night, before and
while the players act, every living player's offered actions, counts, targets, options, the joker's
copies and the Council's questions are sent to the engine's own check before the players act; random
choices that are not offered are refused.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import permutations

import pytest

from rankedmafia.bots import RandomPolicy, play_phase
from rankedmafia.rules import council
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Copy, PhaseKind, Question
from rankedmafia.rules.seating import Seat
from rankedmafia.setup import new_game, preset, preset_names

GAMES_PER_PRESET = 3
SAMPLES = 6


def _question(rng: random.Random, game: Game, template: str) -> str:
    args: dict[str, object] = {}
    for arg, values in council.fields(game.state, template).items():
        args[arg] = rng.sample(values, rng.randint(4, len(values))) if arg == "players" else rng.choice(values)
    return json.dumps(args, ensure_ascii=False, sort_keys=True)


def _offered(rng: random.Random, choice: Choice) -> list[tuple[str, ...]]:
    """Some target tuples the choice offers: distinct names, one from each place."""
    found: list[tuple[str, ...]] = []
    for count in choice.counts:
        for _ in range(SAMPLES):
            picked: list[str] = []
            for place in choice.slots[:count]:
                free = [n for n in place if n not in picked]
                if not free:
                    break
                picked.append(rng.choice(free))
            if len(picked) == count:
                found.append(tuple(picked))
    return found


def _accepted(game: Game, name: str, choice: Choice, rng: random.Random, role: str | None = None) -> int:
    """Sends every sampled offered combination to `check`; returns how many were checked."""
    checked = 0
    for targets in _offered(rng, choice) if choice.counts != (0,) else [()]:
        if choice.option == "question":
            for template in choice.options:
                detail = _question(rng, game, template)
                error = game.check(_act(name, choice, targets, role, question=Question(template, detail)))
                assert error is None, (name, choice.action, role, template, detail, error)
                checked += 1
        elif choice.option == "role":
            for value in choice.options:
                error = game.check(_act(name, choice, targets, role, value))
                assert error is None, (name, choice.action, role, value, error)
                checked += 1
        else:
            error = game.check(_act(name, choice, targets, role))
            assert error is None, (name, choice.action, role, targets, error)
            checked += 1
    return checked


def _act(name: str, choice: Choice, targets: Sequence[str], role: str | None, option: str | None = None,
         question: Question | None = None) -> Act:
    """The act of this choice: its own, or the joker's copy of `role` using it."""
    if role is None:
        return Act(name, choice.action, tuple(targets), option, question)
    return Act(name, "copy", tuple(targets), copy=Copy(role, choice.action, option, question))


def _left_out_refused(game: Game, name: str, choice: Choice, rng: random.Random, role: str | None = None) -> int:
    """Target tuples outside the choice (a count not offered, a name not offered in its place) are
    refused."""
    everyone = [p.name for p in game.players()]
    refused = 0
    for _ in range(SAMPLES):
        count = rng.randint(0, 3)
        targets = tuple(rng.sample(everyone, count))
        inside = count in choice.counts and all(t in choice.slots[i] for i, t in enumerate(targets))
        if inside or choice.option is not None:
            continue
        assert game.check(_act(name, choice, targets, role)) is not None, (
            name, choice.action, role, targets)
        refused += 1
    return refused


def _sweep(game: Game, rng: random.Random) -> tuple[int, int]:
    accepted = refused = 0
    for name in game.alive():
        if name in game.state.acts:
            continue
        offered = game.choices(name)
        ids = {c.action for c in offered}
        for action in game.actions_of(name):
            if action.id not in ids:  # an action not offered is refused whatever is sent with it
                for targets in permutations(game.alive(), action.targets[1]):
                    assert game.check(Act(name, action.id, tuple(targets))) is not None, (name, action.id, targets)
                    break
        for choice in offered:
            if choice.action == "copy":
                for copy in choice.copies:
                    for use in copy.uses:
                        accepted += _accepted(game, name, use, rng, copy.role)
                        refused += _left_out_refused(game, name, use, rng, copy.role)
            else:
                accepted += _accepted(game, name, choice, rng)
                refused += _left_out_refused(game, name, choice, rng)
    return accepted, refused


@pytest.mark.parametrize("name", preset_names())
def test_offered_choices_are_accepted_and_others_refused(name: str) -> None:
    setup = preset(name)
    accepted = refused = 0
    for index in range(GAMES_PER_PRESET):
        game = new_game(setup, [f"P{i}" for i in range(setup.players)], f"choices:{name}:{index}")
        rng = random.Random(index)
        policy = RandomPolicy(random.Random(index))
        for _ in range(12):
            if game.over:
                break
            if game.phase.kind is PhaseKind.NIGHT:
                a, r = _sweep(game, rng)
                accepted, refused = accepted + a, refused + r
            play_phase(game, {p: policy for p in game.alive()})
            game.resolve()
    assert accepted > 100 and refused > 20


def test_no_choices_by_day_or_for_the_dead() -> None:
    game = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Маша", "civilian"),
                 Seat("Коля", "civilian")], seed=1)
    assert [c.action for c in game.choices("Петя")] == ["check", "kill"]
    assert game.choices("Маша") == ()
    game.submit(Act("Вася", "kill", ("Маша",)))
    assert [c.action for c in game.choices("Вася")] == ["kill", "kill_intimidate", "intimidate", "ask"]
    game.resolve()
    assert game.choices("Петя") == ()  # by day
    assert game.choices("Маша") == ()  # dead


def test_the_mafia_second_kill_is_not_offered_at_three_alive() -> None:
    game = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Маша", "civilian")], seed=1)
    kill = next(c for c in game.choices("Вася") if c.action == "kill")
    assert kill.counts == (1,)
    assert kill.slots == (("Петя", "Маша"),)


def test_last_nights_target_is_not_offered_to_the_girl() -> None:
    seats = [Seat(n, r) for n, r in (("Вася", "mafia1"), ("Катя", "girl"), ("Маша", "civilian"),
                                     ("Коля", "civilian"), ("Оля", "civilian"))]
    game = Game(seats, seed=1, chance="never")
    game.submit(Act("Катя", "block", ("Маша",)))
    game.resolve()
    game.resolve()
    block = next(c for c in game.choices("Катя") if c.action == "block")
    assert "Маша" not in block.slots[0] and "Катя" not in block.slots[0]
    assert set(block.slots[0]) == {"Вася", "Коля", "Оля"}


def test_the_joker_changes_role_action_and_target_every_night() -> None:
    seats = [Seat(n, r) for n, r in (("Вася", "mafia1"), ("Джокер", "joker"), ("Петя", "commissar"),
                                     ("Маша", "doctor"), ("Коля", "civilian"), ("Оля", "civilian"))]
    game = Game(seats, seed=1, chance="never")
    game.submit(Act("Джокер", "copy", ("Коля",), copy=Copy("commissar", "check")))
    game.resolve()
    game.resolve()
    copy = next(c for c in game.choices("Джокер") if c.action == "copy")
    assert "commissar" not in copy.options  # not last night's role
    doctor = next(c for c in copy.copies if c.role == "doctor")
    heal = next(u for u in doctor.uses if u.action == "heal")
    assert "Коля" not in heal.slots[0]  # not last night's target
    assert "Джокер" in heal.slots[0]  # himself, as the doctor may heal himself
    check = next(u for u in next(c for c in copy.copies if c.role == "mafia1").uses if u.action == "kill")
    assert "Джокер" not in check.slots[0]  # but he does not kill himself
    assert game.check(Act("Джокер", "copy", ("Коля",), copy=Copy("doctor", "heal"))) is not None
    assert game.check(Act("Джокер", "copy", ("Оля",), copy=Copy("commissar", "kill"))) is not None
    assert game.check(Act("Джокер", "copy", ("Оля",), copy=Copy("doctor", "heal"))) is None
