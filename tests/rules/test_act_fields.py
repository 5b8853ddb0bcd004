"""One act, one stored shape: `Act.fields` and `Act.from_fields` are each other's inverse, and a logged
game's acts read back as the values that were sent (games stored by earlier releases replay the same)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rankedmafia.bots.random_policy import play_random_game
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import COPY, Act, Copy, Question
from rankedmafia.setup import new_game, preset, preset_names

WORDS = st.text(min_size=1, max_size=8)
ARGS = st.dictionaries(st.sampled_from(["side", "op", "n", "players"]), st.integers(0, 9)).map(
    lambda args: json.dumps(args, sort_keys=True))
QUESTIONS = st.builds(lambda template, args: Question(template, args), WORDS, ARGS)
TARGETS = st.lists(WORDS, max_size=3).map(tuple)
PLAIN = st.builds(lambda actor, action, targets, option: Act(actor, action, targets, option),
                  WORDS, WORDS.filter(lambda action: action != COPY), TARGETS, st.none() | WORDS)
ASKED = st.builds(lambda actor, action, targets, question: Act(actor, action, targets, question=question),
                  WORDS, WORDS.filter(lambda action: action != COPY), TARGETS, QUESTIONS)
COPIES = st.builds(lambda role, use, option: Copy(role, use, option), WORDS, WORDS, st.none() | WORDS) | st.builds(
    lambda role, use, question: Copy(role, use, question=question), WORDS, WORDS, QUESTIONS)
COPYING = st.builds(lambda actor, targets, copy: Act(actor, COPY, targets, copy=copy), WORDS, TARGETS, COPIES)


@settings(max_examples=300, deadline=None)
@given(act=PLAIN | ASKED | COPYING)
def test_an_act_reads_back_from_its_stored_fields(act: Act) -> None:
    fields = act.fields()
    assert Act.from_fields(fields) == act
    assert Act.from_fields(json.loads(json.dumps(fields))) == act  # as a JSON log keeps them
    assert Act.from_fields(fields).fields() == fields


def test_the_stored_shape_is_the_one_of_earlier_releases() -> None:
    heal = Act("Маша", "heal_from", (), "mafia")
    ask = Act("Вася", "ask", (), question=Question("side_count", '{"n": 3}'))
    copy_ask = Act("Женя", COPY, (), copy=Copy("mafia1", "ask", question=Question("side_count", "{}")))
    copy_heal = Act("Женя", COPY, (), copy=Copy("doctor", "heal_from", "maniac"))
    assert heal.fields() == {"actor": "Маша", "action": "heal_from", "targets": [], "option": "mafia"}
    assert ask.fields() == {"actor": "Вася", "action": "ask", "targets": [], "option": "side_count",
                            "detail": '{"n": 3}'}
    assert copy_ask.fields() == {"actor": "Женя", "action": "copy", "targets": [], "option": "mafia1",
                                 "detail": "ask", "copied_option": "side_count", "copied_detail": "{}"}
    assert copy_heal.fields() == {"actor": "Женя", "action": "copy", "targets": [], "option": "doctor",
                                  "detail": "heal_from", "copied_option": "maniac"}
    assert (ask.chosen, copy_ask.chosen, heal.chosen) == ("side_count", "mafia1", "mafia")
    assert copy_ask.carried() == Act("Женя", "ask", (), question=Question("side_count", "{}"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(preset_names()), seed=st.integers(0, 2**32))
def test_a_logged_game_replays_from_its_stored_acts(name: str, seed: int) -> None:
    setup = preset(name)
    players = [f"P{i}" for i in range(setup.players)]
    game = play_random_game(new_game(setup, players, seed), random.Random(seed), max_phases=12)
    again = new_game(setup, players, seed)
    for command in game.commands:
        if command["type"] == "act":
            stored = {k: v for k, v in command.items() if k != "type"}
            assert Act.from_fields(stored).fields() == stored
        again.apply(command)
    assert again.commands == game.commands
    assert isinstance(again, Game) and again.state.acts == game.state.acts
