"""One act from page to core: the front ends build the same value for the same action, and the game logs it
in the stored shape it reads back."""

from __future__ import annotations

import json

from rankedmafia.forum.messages import read_message
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Copy
from rankedmafia.rules.seating import Seat
from rankedmafia.script import play
from rankedmafia.telegram import forms

SEATS = [("Вася", "mafia1"), ("Петя", "commissar"), ("Маша", "doctor"), ("Коля", "maniac"), ("Женя", "joker"),
         ("Оля", "mercenary"), ("Игорь", "civilian"), ("Лена", "girl"), ("Дима", "civilian"), ("Саша", "civilian"),
         ("Нина", "civilian"), ("Таня", "civilian")]
COPY_HEAL = Act("Женя", "copy", (), copy=Copy("doctor", "heal_from", "mafia"))


def game() -> Game:
    return Game([Seat(name, role) for name, role in SEATS], seed=1)


def test_the_front_ends_build_one_value_for_the_jokers_copy() -> None:
    assert read_message(game(), "Женя", "копирую доктора, лечу от мафии").act == COPY_HEAL  # the forum's PM
    state = {"a": "copy", "r": "doctor", "u": "heal_from", "o": "mafia", "t": []}
    assert forms.to_submit(state, "Женя") == COPY_HEAL  # Telegram's form
    body = {"action": "copy", "targets": [], "option": "doctor", "detail": "heal_from", "copied_option": "mafia",
            "copied_detail": None, "phase": "night-1"}
    assert Act.from_fields({**body, "actor": "Женя"}) == COPY_HEAL  # the site's API body and form fields
    script = {"format": 1, "seed": 1, "players": [{"name": name, "role": role} for name, role in SEATS],
              "phases": [{"night": [{"actor": "Женя", "action": "copy", "targets": [], "role": "doctor",
                                     "use": "heal_from", "option": "mafia"}]}]}
    logged = [c for c in play(script).commands if c["type"] == "act"]
    assert [Act.from_fields(c) for c in logged] == [COPY_HEAL]  # the script loader, read back from the log


def test_the_game_logs_the_stored_shape_and_reads_it_back() -> None:
    played = game()
    played.submit(COPY_HEAL)
    assert played.commands[-1] == {"type": "act", "actor": "Женя", "action": "copy", "targets": [],
                                   "option": "doctor", "detail": "heal_from", "copied_option": "mafia"}
    asked = read_message(played, "Вася", "вопрос: город больше, чем мафия?").act
    assert asked.question is not None and asked.question.template == "compare_sides"
    played.submit(asked)
    stored = played.commands[-1]
    assert (stored["option"], json.loads(stored["detail"])) == ("compare_sides", {"a": "town", "op": "gt",
                                                                                   "b": "mafia"})
    assert Act.from_fields(stored) == asked == played.state.acts["Вася"]
