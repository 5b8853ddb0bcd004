"""The Game's own follow-up step: after the others have acted, it asks the reanimator, tells him tonight's
dead, takes his revive (only of one of them) or his refusal, and closes the others' actions meanwhile."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rankedmafia
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import FollowUp, Game
from rankedmafia.rules.model import Act
from rankedmafia.rules.seating import Seat

SEATS = [Seat("M", "mafia1"), Seat("R", "reanimator"), Seat("K", "commissar"), Seat("A", "civilian"),
         Seat("B", "civilian"), Seat("C", "civilian")]


def night_with_a_kill() -> Game:
    game = Game(SEATS, seed=3, chance="never")
    game.submit(Act("M", "kill", ("A",)))
    return game


def test_the_step_asks_the_reanimator_and_tells_him_tonights_dead() -> None:
    game = night_with_a_kill()
    assert game.follow_up_step() is None  # not open until the others have acted
    step = game.begin_follow_up()
    assert step == FollowUp("R", "revive", ("A",))
    assert game.commands[-1] == {"type": "follow_up"}
    game.submit(Act("R", "revive", ("A",)))
    assert game.follow_up_step() is None
    assert game.resolve().deaths == []


def test_while_the_step_is_open_the_others_may_not_act() -> None:
    game = night_with_a_kill()
    game.begin_follow_up()
    commands = list(game.commands)
    with pytest.raises(RuleViolation) as refused:
        game.submit(Act("K", "check", ("M",)))
    assert refused.value.rule == "actions_closed"
    with pytest.raises(RuleViolation) as refused:
        game.withdraw("M")
    assert refused.value.rule == "actions_closed"
    assert game.commands == commands and "K" not in game.state.acts


def test_he_may_revive_only_one_he_was_told() -> None:
    game = night_with_a_kill()
    game.begin_follow_up()
    with pytest.raises(RuleViolation) as refused:
        game.submit(Act("R", "revive", ("B",)))
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
    assert game.follow_up_step() is None and game.commands[-1] == {"type": "decline", "actor": "R"}
    assert game.resolve().deaths == ["A"]
    for name in game.alive():
        game.vote(name, "M")
    game.resolve()
    assert game.over  # the mafia hanged: nothing of last night's step is left to ask


def test_no_step_without_a_reanimator_still_closes_the_night() -> None:
    game = Game(SEATS[:1] + SEATS[2:], seed=3, chance="never")
    game.submit(Act("M", "kill", ("A",)))
    assert game.begin_follow_up() is None
    with pytest.raises(RuleViolation):
        game.submit(Act("K", "check", ("M",)))
    assert game.resolve().deaths == ["A"]


def test_a_revive_before_the_step_is_refused_until_he_is_told() -> None:
    game = night_with_a_kill()
    commands = list(game.commands)
    with pytest.raises(RuleViolation) as refused:
        game.submit(Act("R", "revive", ("A",)))
    assert refused.value.rule == "revive_later"
    assert game.check(Act("R", "revive", ("A",))) is not None
    assert game.commands == commands and "R" not in game.state.acts
    assert not any(choice.action == "revive" for choice in game.choices("R"))


def test_a_reanimator_who_dies_tonight_is_not_asked() -> None:
    game = Game(SEATS, seed=3, chance="never")
    game.submit(Act("M", "kill", ("R",)))
    assert game.begin_follow_up() is None  # Ruling: a reanimator killed tonight does not act
    for refused_command in (lambda: game.submit(Act("R", "revive", ("R",))), lambda: game.decline("R")):
        with pytest.raises(RuleViolation):
            refused_command()
    with pytest.raises(RuleViolation) as refused:
        game.submit(Act("R", "revive", ("A",)))
    assert refused.value.rule == "not_asked"  # never why: that would tell him he dies
    assert game.resolve().deaths == ["R"]


def test_a_reanimator_with_nobody_to_revive_is_not_asked() -> None:
    game = Game(SEATS, seed=3, chance="never")
    game.submit(Act("K", "check", ("M",)))
    assert game.begin_follow_up() is None
    with pytest.raises(RuleViolation) as refused:
        game.submit(Act("R", "revive", ("A",)))
    assert refused.value.rule == "revive_not_dead"
    assert game.resolve().deaths == []


TWO = [Seat("M", "mafia1"), Seat("R", "reanimator"), Seat("S", "reanimator"), Seat("K", "commissar"),
       Seat("A", "civilian"), Seat("B", "civilian"), Seat("C", "civilian")]


def test_one_asked_at_a_time_and_nobody_else_may_answer() -> None:
    game = Game(TWO, seed=3, chance="never")
    game.submit(Act("M", "kill", ("A",)))
    assert game.begin_follow_up() == FollowUp("R", "revive", ("A",))
    commands = list(game.commands)
    for refused_command in (lambda: game.submit(Act("S", "revive", ("A",))), lambda: game.decline("S"),
                            lambda: game.decline("K"), lambda: game.submit(Act("K", "check", ("M",)))):
        with pytest.raises(RuleViolation) as refused:
            refused_command()
        assert refused.value.rule in ("not_asked", "actions_closed")
    assert game.commands == commands
    game.decline("R")
    assert game.follow_up_step() == FollowUp("S", "revive", ("A",))
    with pytest.raises(RuleViolation) as refused:
        game.submit(Act("R", "revive", ("A",)))  # he has answered
    assert refused.value.rule == "not_asked"
    game.submit(Act("S", "revive", ("A",)))
    assert game.follow_up_step() is None
    assert game.resolve().deaths == []


def rebuilt(game: Game, seats: list[Seat]) -> Game:
    again = Game(seats, seed=3, chance="never")
    for command in game.commands:
        again.apply(command)
    return again


def test_a_game_rebuilt_from_its_commands_is_in_the_same_step() -> None:
    game = Game(TWO, seed=3, chance="never")
    game.submit(Act("M", "kill", ("A",)))
    game.begin_follow_up()
    again = rebuilt(game, TWO)
    assert again.follow_up_step() == game.follow_up_step() == FollowUp("R", "revive", ("A",))
    with pytest.raises(RuleViolation):
        again.submit(Act("K", "check", ("M",)))  # the others' actions are closed in the copy too
    game.decline("R")
    again = rebuilt(game, TWO)  # the decline replays: the next one is asked
    assert again.follow_up_step() == game.follow_up_step() == FollowUp("S", "revive", ("A",))
    assert again.commands == game.commands
    game.submit(Act("S", "revive", ("A",)))
    again = rebuilt(game, TWO)
    assert again.follow_up_step() is None and again.commands == game.commands
    assert again.resolve().deaths == game.resolve().deaths == []


def test_the_web_logs_older_name_of_a_decline_replays() -> None:
    game = Game(SEATS, seed=3, chance="never")
    for command in ({"type": "act", "actor": "M", "action": "kill", "targets": ["A"]},
                    {"type": "follow_up", "names": ["R"], "deadline": 120.0},  # as the web wrote it
                    {"type": "pass", "actor": "R"}):
        game.apply(command)
    assert game.follow_up_step() is None
    assert game.commands[-2:] == [{"type": "follow_up"}, {"type": "decline", "actor": "R"}]
    assert game.resolve().deaths == ["A"]


# outside rules/: working out tonight's dead (a dry run of the Night, or the removed `tentative_deaths`),
# asking which reanimators remain (the removed `Game.follow_up()`), or singling out the reanimator's action
# by its `after_everyone` flag: each would be a copy of the step's logic in a front end
STEP_LOGIC = re.compile(r"tentative_deaths|\.follow_up\(\)|after_everyone|dry_run|\bNight\(|_told")


def test_no_front_end_keeps_a_copy_of_the_steps_logic() -> None:
    """The server, the Telegram bot, the terminal host, the bots, the environment and the script runner
    drive the Game's step only: who is asked and what he is told are the Game's."""
    package = Path(rankedmafia.__file__).parent
    found = [f"{path.relative_to(package)}:{number}: {line.strip()}"
             for path in sorted(package.rglob("*.py")) if path.relative_to(package).parts[0] != "rules"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if STEP_LOGIC.search(line)]
    assert len(list(package.rglob("*.py"))) > 50  # the package's sources were read
    assert found == []
