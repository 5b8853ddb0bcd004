"""The Game's own follow-up step: after the others have acted, it asks the reanimator, tells him tonight's
dead, takes his revive (only of one of them) or his refusal, and closes the others' actions meanwhile."""

from __future__ import annotations

import pytest

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import FollowUp, Game
from rankedmafia.rules.seating import Seat

SEATS = [Seat("M", "mafia1"), Seat("R", "reanimator"), Seat("K", "commissar"), Seat("A", "civilian"),
         Seat("B", "civilian"), Seat("C", "civilian")]


def night_with_a_kill() -> Game:
    game = Game(SEATS, seed=3, chance="never")
    game.submit("M", "kill", ["A"])
    return game


def test_the_step_asks_the_reanimator_and_tells_him_tonights_dead() -> None:
    game = night_with_a_kill()
    assert game.follow_up_step() is None  # not open until the others have acted
    step = game.begin_follow_up()
    assert step == FollowUp("R", "revive", ("A",))
    assert list(step.told) == game.tentative_deaths()
    assert game.follow_up() == ["R"]
    game.submit("R", "revive", ["A"])
    assert game.follow_up_step() is None
    assert game.resolve().deaths == []


def test_while_the_step_is_open_the_others_may_not_act() -> None:
    game = night_with_a_kill()
    game.begin_follow_up()
    commands = list(game.commands)
    with pytest.raises(RuleViolation) as refused:
        game.submit("K", "check", ["M"])
    assert refused.value.rule == "actions_closed"
    with pytest.raises(RuleViolation) as refused:
        game.withdraw("M")
    assert refused.value.rule == "actions_closed"
    assert game.commands == commands and "K" not in game.state.acts


def test_he_may_revive_only_one_he_was_told() -> None:
    game = night_with_a_kill()
    game.begin_follow_up()
    with pytest.raises(RuleViolation) as refused:
        game.submit("R", "revive", ["B"])
    assert refused.value.rule == "revive_not_dead"
    assert game.follow_up_step() == FollowUp("R", "revive", ("A",))


def test_a_decline_closes_the_step_and_a_resolve_forgets_it() -> None:
    game = night_with_a_kill()
    with pytest.raises(RuleViolation):
        game.decline("R")  # nobody is asked before the step opens
    game.begin_follow_up()
    with pytest.raises(RuleViolation) as refused:
        game.decline("K")
    assert refused.value.rule == "not_asked"
    game.decline("R")
    assert game.follow_up_step() is None and game.follow_up() == []
    assert game.resolve().deaths == ["A"]
    for name in game.alive():
        game.vote(name, "M")
    game.resolve()
    assert game.over  # the mafia hanged: nothing of last night's step is left to ask


def test_no_step_without_a_reanimator_still_closes_the_night() -> None:
    game = Game(SEATS[:1] + SEATS[2:], seed=3, chance="never")
    game.submit("M", "kill", ["A"])
    assert game.begin_follow_up() is None
    with pytest.raises(RuleViolation):
        game.submit("K", "check", ["M"])
    assert game.resolve().deaths == ["A"]
