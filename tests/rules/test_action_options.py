"""Which options an action offers is the action's own declaration (`Action.options`): the Game's
`option_choices` and the choices an adapter shows ask the same hook, so they agree (the choices keep only
the roles a copy can use), and an action that declares none offers nothing."""

from __future__ import annotations

from rankedmafia.rules import council
from rankedmafia.rules.game import Game
from rankedmafia.rules.seating import Seat

ROLES_DEALT = ("mafia1", "mafia2", "doctor", "joker", "maniac", "commissar", "girl", "civilian", "civilian",
               "civilian", "civilian", "civilian")


def _game() -> Game:
    return Game([Seat(f"P{i}", role) for i, role in enumerate(ROLES_DEALT)], seed="options")


def test_option_choices_are_the_choices_offered() -> None:
    game = _game()
    offered = {(name, c.action): c.options for name in ("P0", "P2", "P3") for c in game.choices(name)}
    sources = ["commissar", "joker", "mafia", "maniac"]  # the clan and every killing role dealt
    assert game.option_choices("P2", "heal_from") == list(offered[("P2", "heal_from")]) == sources
    # every role of the setup but his own may be named; the choices keep those with an action to use
    assert game.option_choices("P3", "copy") == sorted(set(ROLES_DEALT) - {"joker"})
    assert list(offered[("P3", "copy")]) == sorted(set(ROLES_DEALT) - {"joker", "civilian"})
    assert game.option_choices("P0", "ask") == sorted(offered[("P0", "ask")]) == sorted(council.offered(game.state))


def test_an_action_without_options_offers_none() -> None:
    game = _game()
    assert game.option_choices("P6", "block") == []
    assert game.option_choices("P5", "kill") == []
    assert game.option_choices("P5", "no_such_action") == []
