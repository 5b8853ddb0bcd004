"""The examples in the core's docstrings run as written."""

from __future__ import annotations

import doctest

import rankedmafia.rules.game


def test_game_docstring_examples() -> None:
    failures, tried = doctest.testmod(rankedmafia.rules.game)
    assert tried > 0 and failures == 0
