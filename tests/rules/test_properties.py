"""Invariants of random legal games from every preset (hypothesis drives the seeds)."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rankedmafia.bots.random_policy import RandomPolicy, play_random_game
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act, Copy, PhaseKind
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.seating import Seat
from rankedmafia.script import record
from rankedmafia.setup import new_game, preset, preset_names

SEEDS = st.integers(min_value=0, max_value=2**40)
PRESETS = st.sampled_from(preset_names())
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(name: str, seed: int) -> Game:
    setup = preset(name)
    return new_game(setup, [f"P{i}" for i in range(setup.players)], seed)


def _check_bosses(game: Game) -> None:
    state = game.state
    for clan in {p.clan for p in state.players.values() if p.clan}:
        heirs = [p for p in state.clan_members(clan)
                 if ROLES[p.role].succession is not None or p.name in state.agent_ranks]
        if heirs:
            boss = state.bosses.get(clan)
            assert boss is not None and state.players[boss].alive and clan in state.clans_of(boss)
        else:
            assert clan not in state.bosses


@FAST
@given(name=PRESETS, seed=SEEDS)
def test_random_games_end_and_keep_their_invariants(name: str, seed: int) -> None:
    game = _game(name, seed)
    rng = random.Random(seed)
    policy = RandomPolicy(rng)
    for _ in range(200):
        if game.over:
            break
        alive_before = set(game.alive())
        if game.phase.kind is PhaseKind.NIGHT:
            for player in game.alive():
                policy.act(game, player)
            for dead in set(game.state.players) - alive_before:
                try:
                    game.submit(Act(dead, "kill", (next(iter(alive_before)),)))
                except RuleViolation as error:
                    assert error.rule == "dead_actor"
                else:
                    raise AssertionError("a dead player acted")
            result = game.resolve()
            actors = {e["actor"] for e in result.events if e["type"] == "action"}
            assert actors <= alive_before, "the dead never act"
        else:
            for player in game.alive():
                policy.vote(game, player)
            result = game.resolve()
        assert set(game.alive()) <= alive_before, "nobody comes back to life"
        assert set(result.deaths) | set(result.hanged) == alive_before - set(game.alive())
        _check_bosses(game)
    assert game.over, "a random game ends within 200 phases"


@FAST
@given(name=PRESETS, seed=SEEDS)
def test_same_seed_same_record(name: str, seed: int) -> None:
    one = play_random_game(_game(name, seed), random.Random(seed))
    two = play_random_game(_game(name, seed), random.Random(seed))
    assert record(one) == record(two)


@FAST
@given(name=PRESETS, seed=SEEDS)
def test_the_silenced_never_count(name: str, seed: int) -> None:
    """Whatever a silenced player votes, the day ends the same way."""
    game = _game(name, seed)
    rng = random.Random(seed)
    policy = RandomPolicy(rng)
    checked = 0
    for _ in range(60):
        if game.over:
            break
        if game.phase.kind is PhaseKind.NIGHT:
            for player in game.alive():
                policy.act(game, player)
            game.resolve()
            continue
        silenced = [p for p in game.alive() if game.state.is_silenced(p, game.phase.number)]
        for player in game.alive():
            policy.vote(game, player)
        if silenced:
            other = copy.deepcopy(game)
            for player in silenced:
                other.vote(player, rng.choice([*other.alive(), BLUE]))
            assert other.resolve().hanged == game.resolve().hanged
            checked += 1
        else:
            game.resolve()
    event(f"days with a silenced voter: {min(checked, 3)}+")


@FAST
@given(name=PRESETS, seed=SEEDS, data=st.data())
def test_a_refused_command_changes_nothing(name: str, seed: int, data: st.DataObject) -> None:
    game = play_random_game(_game(name, seed), random.Random(seed), max_phases=data.draw(st.integers(0, 6)))
    if game.over:
        return
    before = copy.deepcopy(game.state)
    commands_before = list(game.commands)
    names = [*game.state.players, "Никто"]
    actor = data.draw(st.sampled_from(names))
    action = data.draw(st.sampled_from(["kill", "heal", "heal_from", "block", "check", "copy", "vote", "nothing"]))
    targets = data.draw(st.lists(st.sampled_from(names), max_size=3))
    option = data.draw(st.sampled_from([None, "mafia", "maniac", "doctor", "commissar"]))  # a side or a role
    detail = data.draw(st.sampled_from([None, "heal", "check", "kill_bloody"]))  # a copied action
    try:
        if action == "vote":
            game.vote(actor, targets[0] if targets else BLUE)
        else:
            game.submit(Act.from_fields({"actor": actor, "action": action, "targets": targets, "option": option,
                                              "detail": detail}))
    except RuleViolation:
        assert game.commands == commands_before
        assert game.state == before


def test_the_silenced_property_meets_silenced_voters() -> None:
    """The property above is not vacuous: the random games it plays do reach days with silenced voters."""
    found = 0
    for seed in range(30):
        game = _game("classic-12", seed)
        policy = RandomPolicy(random.Random(seed))
        while not game.over:
            if game.phase.kind is PhaseKind.NIGHT:
                for player in game.alive():
                    policy.act(game, player)
            else:
                found += any(game.state.is_silenced(p, game.phase.number) for p in game.alive())
                for player in game.alive():
                    policy.vote(game, player)
            game.resolve()
    assert found >= 10


def test_a_refused_copy_leaves_the_game_as_it_was() -> None:
    """A joker's copy refused for its targets, on a fresh game: what it worked out on the way (the roles
    of the setup) is no part of the game."""
    game = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Маша", "doctor"),
                 Seat("Коля", "civilian"), Seat("Жора", "joker")], seed=1)
    before = copy.deepcopy(game.state)
    with pytest.raises(RuleViolation):
        game.submit(Act("Жора", "copy", ("Коля", "Маша"), copy=Copy("commissar", "check")))
    assert game.state == before and game.commands == []
