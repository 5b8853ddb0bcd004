"""RULINGS.md, "Live play", in the core: whom a phase still waits for (`Game.awaiting`), who is offered a vote
(`Game.voters`, `Game.vote_choice`, `Game.vote_refusal`) and whether the setup's nights have the follow-up
pause (`Game.has_follow_up_step`). Every front end asks these, so none decides a rule of its own."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.bots import make_policy, play_phase
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.day import tally
from rankedmafia.rules.game import Game, Seat
from rankedmafia.rules.model import BLUE, Act, PhaseKind
from rankedmafia.setup import new_game, preset

TABLE = [("Вася", "mafia1"), ("Петя", "mafia2"), ("Маша", "commissar"), ("Коля", "civilian"),
         ("Оля", "civilian"), ("Дима", "civilian")]


def table(*extra: tuple[str, str], start: str = "night") -> Game:
    return Game([Seat(name, role) for name, role in [*TABLE, *extra]], seed=7, chance="never", start=start)


# --- the night waits for the boss ---------------------------------------------------------------------------
def test_the_boss_is_waited_for_after_a_lower_rank_sent_and_his_action_stands() -> None:
    """"A clan's boss who may still send is waited for even after a lower rank has sent the clan's
    action"."""
    game = table()
    game.submit(Act("Петя", "kill", ("Коля",)))
    assert game.awaiting() == ["Вася", "Маша"]  # the boss still may send; rank 2 has sent
    game.submit(Act("Маша", "check", ("Дима",)))
    assert game.awaiting() == ["Вася"]  # the night does not end early without him
    game.submit(Act("Вася", "kill", ("Оля",)))
    assert game.awaiting() == []
    assert game.resolve().deaths == ["Оля"]  # the boss's action, not his rank 2's


def test_the_lower_ranks_action_stands_if_the_boss_sent_nothing_by_the_deadline() -> None:
    """"the lower rank's action stands only if the boss has sent nothing by the deadline"."""
    game = table()
    game.submit(Act("Петя", "kill", ("Коля",)))
    game.submit(Act("Маша", "check", ("Дима",)))
    assert game.awaiting() == ["Вася"]
    assert game.resolve().deaths == ["Коля"]  # the deadline: the host takes rank 2's action


def test_a_lower_rank_is_not_waited_for_once_the_boss_sent() -> None:
    game = table()
    game.submit(Act("Вася", "kill", ("Коля",)))
    assert game.awaiting() == ["Маша"]
    game.withdraw("Вася")  # the boss takes his action back: his clan has sent nothing, both may
    assert game.awaiting() == ["Вася", "Петя", "Маша"]


def test_a_new_boss_is_waited_for_likewise() -> None:
    """After the boss's death rank 2 leads: he is the one waited for, and rank 3 is not once he sent."""
    game = table(("Федя", "mafia3"), start="day")
    for voter in ("Петя", "Маша", "Коля", "Оля", "Дима", "Федя"):
        game.vote(voter, "Вася")
    assert game.resolve().hanged == ["Вася"]
    game.submit(Act("Федя", "kill", ("Коля",)))
    assert "Петя" in game.awaiting() and "Федя" not in game.awaiting()
    game.submit(Act("Петя", "kill", ("Оля",)))
    assert "Федя" not in game.awaiting() and "Петя" not in game.awaiting()


# --- the day: who is offered a vote -------------------------------------------------------------------------
def test_an_announced_silence_is_offered_no_vote() -> None:
    """"A silence that is announced ... is public: that player is told he cannot vote today and is offered
    no vote." Scripts still take his vote, weighing nothing (GAME-SCRIPT.md)."""
    game = table()
    game.submit(Act("Вася", "intimidate", ("Коля",)))
    game.submit(Act("Маша", "check", ("Дима",)))
    night = game.resolve()
    assert night.silenced == ["Коля"]
    living = game.alive()
    assert game.voters() == [n for n in living if n != "Коля"]
    assert game.vote_choice("Коля") is None and game.choices("Коля") == ()
    assert game.vote_choice("Маша") == Choice("vote", (1,), ((*living, BLUE),))
    refusal = game.vote_refusal("Коля", "Вася")
    assert refusal is not None and refusal.rule == "silenced_voter" and refusal.params["name"] == "Коля"
    assert game.vote_refusal("Маша", "Вася") is None
    assert "Коля" not in game.awaiting()
    game.vote("Коля", "Вася")  # a script's vote: taken, and it weighs nothing
    assert tally(game.state) == ({"Вася": 0}, 0)


def test_the_bosss_silent_loss_stays_hidden() -> None:
    """"A silent loss (the boss's after a double action) stays hidden: his vote is taken and counts
    nothing"."""
    game = table(("Лёня", "civilian"), ("Галя", "civilian"))
    game.submit(Act("Вася", "kill", ("Коля", "Оля")))
    game.submit(Act("Маша", "check", ("Дима",)))
    night = game.resolve()
    assert "Вася" in night.silenced  # the record lists it; nobody is told
    assert "Вася" in game.voters() and game.vote_choice("Вася") is not None
    assert game.vote_refusal("Вася", "Маша") is None
    game.vote("Вася", "Маша")
    assert tally(game.state) == ({"Маша": 0}, 0)


def test_the_day_waits_for_every_vote_offered_and_for_no_count() -> None:
    """"A day ends at its deadline, or earlier once every living player has voted; never on a count
    alone"."""
    game = table()
    game.submit(Act("Вася", "intimidate", ("Коля",)))
    game.resolve()
    offered = game.voters()
    for voter in offered[:-1]:  # a majority by heads, and more: the day still waits
        game.vote(voter, "Вася")
        assert game.awaiting()
    assert game.awaiting() == [offered[-1]]
    game.vote(offered[-1], BLUE)
    assert game.awaiting() == []  # the silenced Коля is not waited for


def test_no_vote_is_offered_by_night_or_to_the_dead() -> None:
    game = table()
    assert game.voters() == [] and game.vote_choice("Маша") is None
    refusal = game.vote_refusal("Маша", "Вася")
    assert refusal is not None and refusal.rule == "not_day"
    game.submit(Act("Вася", "kill", ("Коля",)))
    game.resolve()
    assert "Коля" not in game.voters() and game.vote_choice("Коля") is None
    dead = game.vote_refusal("Коля", "Вася")
    assert dead is not None and dead.rule == "dead_voter"


@settings(max_examples=12)
@given(seed=st.integers(0, 10_000))
def test_those_offered_no_vote_are_exactly_those_the_town_was_told_of(seed: int) -> None:
    """Over seeded bot games of a large preset: by day, the living offered no vote are exactly those whose
    silence today the summaries announced (public), so the offer tells nothing hidden; `awaiting` is those
    offered who have not voted."""
    chosen = preset("full-25")
    game = new_game(chosen, [f"P{i:02d}" for i in range(chosen.players)], seed)
    policy = make_policy("random", random.Random(seed))
    for _ in range(10):
        if game.over:
            break
        if game.phase.kind is PhaseKind.DAY:
            told = {e["player"] for e in game.results[-1].events if e["type"] == "silenced" and e["to"] is None}
            assert set(game.alive()) - set(game.voters()) == told & set(game.alive())
            assert all(game.vote_choice(name) is None for name in told)
            play_phase(game, policy)
            assert game.awaiting() == [n for n in game.voters() if n not in game.votes()]
        else:
            play_phase(game, policy)
        game.resolve()


# --- the follow-up pause ------------------------------------------------------------------------------------
def test_the_follow_up_pause_belongs_to_the_setup() -> None:
    """"Where the setup holds a reanimator, every night ends with the same follow-up pause ...; where the
    setup holds none, no night has that pause": a public fact of the setup, not of tonight."""
    assert table(("Лиза", "reanimator")).has_follow_up_step
    assert not table().has_follow_up_step
    game = table(("Лиза", "reanimator"))
    game.submit(Act("Вася", "kill", ("Лиза",)))
    game.resolve()
    assert "Лиза" not in game.alive() and game.has_follow_up_step  # he is dead: the pause stays
