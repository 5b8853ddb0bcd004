"""A game asks the hooks of the roles it deals (and of those they may become) alone: its cast."""

from __future__ import annotations

from rankedmafia.rules import protection
from rankedmafia.rules.game import Game
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.seating import Seat


def _game(*roles: str) -> Game:
    return Game([Seat(f"P{i}", role) for i, role in enumerate(roles)], seed=1)


def test_a_game_asks_the_hooks_of_its_own_roles() -> None:
    cast = _game("mafia1", "doctor", "civilian", "civilian").state.roles
    assert protection.saves_healed in cast.savers
    assert len(cast.savers) == len(ROLES["doctor"].savers)  # not the cop's guard nor the fan's bodyguard
    assert cast.at_kills == () and cast.at_gallows == () and cast.drags == () and cast.at_death == ()
    assert set(ROLES.savers) > set(cast.savers)  # the registry's are every role's


def test_the_roles_they_may_become_are_in_the_cast() -> None:
    cast = _game("mafia1", "sergeant", "werewolf", "civilian").state.roles
    assert {"commissar", "maniac"} <= cast.cast_ids
    assert ROLES["sergeant"].at_death is not None and ROLES["sergeant"].at_death[1] in cast.at_death


def test_a_hook_two_roles_declare_is_asked_once() -> None:
    cast = _game("mafia1", "doctor", "cardsharp", "civilian").state.roles
    assert list(cast.savers).count(protection.saves_healed) == 1


def test_the_same_cast_is_one_book() -> None:
    assert _game("mafia1", "doctor", "civilian").state.roles is _game("doctor", "civilian", "mafia1").state.roles
