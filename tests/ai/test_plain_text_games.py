"""Whole games against a server asked without a schema: the fake model reads each prompt as a player would
(`fake:reader`) and answers in the plain forms the prompt documents («[4] мафия больше 3», «[2] Вера»),
in Russian and English. Every answer is taken at the first try, the Council's questions among them."""

from __future__ import annotations

import pytest

from rankedmafia.ai.fake_server import FakeModel

from .helpers import ai_config, play_fake_games


@pytest.mark.parametrize(("setup", "seeds"), [("full-25", [0, 1]), ("two-clans-20", [0])])
def test_plain_text_answers_are_taken_the_council_question_included(setup: str, seeds: list[int]) -> None:
    model = FakeModel(default="reader", record=False)
    agents = [ai_config("ru-text", structured="text", posts_per_day=1),
              ai_config("en-text", structured="text", lang="en", posts_per_day=1)]
    tables = play_fake_games(setup, seeds, model, agents)
    turns = [turn for table in tables for turn in table.turns]
    asked = [t for t in turns if t.command is not None and "ask" in (t.command.get("action"),
                                                                          t.command.get("detail"))]
    assert turns and all(t.invalid == 0 for t in turns), [t.refusals for t in turns if t.invalid][:3]
    assert sum(1 for t in turns if t.command is not None) > len(turns) // 3
    assert any(t.post for t in turns)  # posts in prose
    if setup == "full-25":
        assert asked  # the mafia asked the Council in plain words, and was answered
