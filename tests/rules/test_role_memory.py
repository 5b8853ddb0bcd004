"""What a role carries from one night to the next is in that role's memory, written only once a night is
really over: a rehearsal (what the reanimator is told) reads it and changes nothing."""

from __future__ import annotations

import copy

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act
from rankedmafia.rules.night import Night
from rankedmafia.rules.seating import Seat

SEATS = [Seat("Алк", "alcoholic"), Seat("Босс", "mafia1"), Seat("Док", "doctor"), Seat("Дев", "girl"),
         Seat("Реан", "reanimator"), Seat("Вася", "civilian"), Seat("Петя", "civilian"), Seat("Коля", "civilian")]


def test_the_drink_is_carried_in_the_alcoholics_memory_and_spent_after_a_night() -> None:
    game = Game(SEATS, seed=3, chance="never")
    game.submit(Act("Алк", "drink", ("Док",)))
    game.submit(Act("Док", "heal", ("Вася",)))
    game.submit(Act("Дев", "block", ("Босс",)))
    game.submit(Act("Босс", "kill", ("Петя",)))
    game.resolve()
    assert game.state.recall("alcoholic", "Док") == (1, Act("Док", "heal", ("Вася",)))
    assert game.state.recall("girl", "Дев") == 1  # the night she blocked a player who sent an action
    game.resolve()  # the day: nobody votes
    game.submit(Act("Док", "heal", ("Коля",)))  # the drunk doctor heals Вася again instead
    game.submit(Act("Босс", "kill", ("Вася",)))
    remembered = copy.deepcopy(game.state.memos)
    rehearsal = Night(game.state, dry_run=True).resolve()  # as the reanimator's list is found
    assert "Вася" not in rehearsal.deaths  # the rehearsal sees last night's heal carried over
    assert game.state.memos == remembered
    result = game.resolve()
    assert "Вася" not in result.deaths and "Вася" in result.saved
    assert game.state.recall("alcoholic", "Док") is None  # spent
