"""Players' private messages read as night actions: the rule book's own phrasing, declined names, and a
refusal (changing nothing) where a message does not name one legal action."""

from __future__ import annotations

import pytest

from rankedmafia.forum.messages import ReadError, read_error, read_message
from rankedmafia.forum.vocabulary import ACTION_WORDS, display
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Copy
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS
from rankedmafia.rules.seating import Seat

SEATS = [("Вася", "mafia1"), ("Петя", "commissar"), ("Маша", "doctor"), ("Коля", "maniac"), ("Женя", "joker"),
         ("Оля", "mercenary"), ("Игорь", "civilian"), ("Лена", "girl"), ("Дима", "civilian"), ("Саша", "civilian"),
         ("Нина", "civilian"), ("Таня", "civilian"), ("Аня", "civilian"), ("Рита", "civilian"), ("Гоша", "civilian"),
         ("Юля", "civilian")]


def game() -> Game:
    return Game([Seat(name, role) for name, role in SEATS], seed=1)


@pytest.mark.parametrize(("actor", "text", "action", "targets", "option", "detail"), [
    ("Вася", "убиваю Васю".replace("Васю", "Машу"), "kill", ("Маша",), None, None),
    ("Маша", "лечу Петю", "heal", ("Петя",), None, None),
    ("Маша", "лечу себя", "heal", ("Маша",), None, None),
    ("Маша", "Лечу от мафии", "heal_from", (), "mafia", None),
    ("Маша", "вколи сыворотку Коле", "serum", ("Коля",), None, None),
    ("Петя", "проверяю Машу", "check", ("Маша",), None, None),
    ("Женя", "копирую маньяка, Васю убиваю кроваво", "copy", ("Вася",), "maniac", "kill_bloody"),
    ("Женя", "Копирую доктора: лечу Игоря", "copy", ("Игорь",), "doctor", "heal"),
    ("Женя", "копирую мафию: убиваю Колю, пугаю Олю", "copy", ("Коля", "Оля"), "mafia1", "kill_intimidate"),
    ("Женя", "копирую мафию, убить и запугать Колю Олю", "copy", ("Коля", "Оля"), "mafia1", "kill_intimidate"),
    ("Коля", "Петю быстро убью", "kill_quick", ("Петя",), None, None),
    ("Коля", "мучаю Таню", "torture", ("Таня",), None, None),
    ("Оля", "нанимаюсь у Васи, убиваю Петю", "hire", ("Вася", "Петя"), None, None),
    ("Оля", "нанимаюсь у Васи, никого не убиваю", "hire", ("Вася",), None, None),
    ("Вася", "убиваю Колю, пугаю Олю", "kill_intimidate", ("Коля", "Оля"), None, None),
    ("Вася", "пугаю Олю, а убиваю Колю", "kill_intimidate", ("Коля", "Оля"), None, None),
    ("Вася", "пугаю Олю и Машу", "intimidate", ("Оля", "Маша"), None, None),
    ("Лена", "блочу Колю", "block", ("Коля",), None, None),
])
def test_messages(actor: str, text: str, action: str, targets: tuple[str, ...], option: str | None,
                  detail: str | None) -> None:
    reading = read_message(game(), actor, text)
    stored = reading.act.fields()
    assert (reading.action, reading.targets, stored.get("option"), stored.get("detail")) == (
        action, targets, option, detail)
    assert not reading.guesses


def test_a_typo_is_read_and_flagged() -> None:
    reading = read_message(game(), "Петя", "проверяю Вассю")
    assert reading.targets == ("Вася",) and [m.typed for m in reading.guesses] == ["Вассю"]


def test_the_reading_is_shown_without_ids() -> None:
    text = read_message(game(), "Женя", "копирую маньяка, Васю убиваю кроваво").describe()
    assert text == "Женя: копировать маньяка: убить кроваво → Вася"
    assert "kill" not in text and "maniac" not in text


@pytest.mark.parametrize(("actor", "text", "key"), [
    ("Игорь", "убиваю Васю", "no_actions"),
    ("Петя", "люблю всех", "no_action"),
    ("Коля", "убиваю Петю", "which_way"),
    ("Женя", "копирую, убиваю Васю", "no_role"),
])
def test_unreadable(actor: str, text: str, key: str) -> None:
    g = game()
    with pytest.raises(ReadError) as caught:
        read_message(g, actor, text)
    assert caught.value.key == key
    assert read_error(caught.value)  # a sentence in Russian
    assert not g.state.acts


def test_the_rules_have_the_last_word() -> None:
    with pytest.raises(RuleViolation):
        read_message(game(), "Петя", "проверяю Петю")  # not himself


def test_every_action_has_russian_words() -> None:
    import importlib
    import pkgutil

    from rankedmafia.rules import roles as package
    from rankedmafia.rules.role import Action

    ids = {a.id for role in ROLES.values() for a in role.actions} | {a.id for a in BOSS_ACTIONS}
    for info in pkgutil.iter_modules(package.__path__):  # actions declared beside the roles (vote_kill)
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        ids |= {value.id for value in vars(module).values() if isinstance(value, Action)}
    assert "vote_kill" in ids
    assert ids <= set(ACTION_WORDS)
    for action in ids:
        assert display(action) != action and display(action, "en")


def test_the_joker_copies_the_doctors_heal_from() -> None:
    reading = read_message(game(), "Женя", "копирую доктора, лечу от мафии")
    assert reading.act.copy == Copy("doctor", "heal_from", "mafia") and reading.action == "copy"
    assert reading.describe() == "Женя: копировать доктора: лечить от роли (мафия)"


def test_a_question_without_a_kind_is_refused_with_examples() -> None:
    with pytest.raises(ReadError) as caught:
        read_message(game(), "Вася", "спрашиваю у Совета")
    assert caught.value.key == "question_kind"
    assert "«вопрос: есть ли в игре комиссар?»" in read_error(caught.value)


def test_a_name_that_sounds_like_a_verb_is_the_target() -> None:
    """«Коля» and «Колю» are also forms of «колоть» (the serum's verb): beside another verb they name him."""
    assert read_message(game(), "Маша", "вылечить Коля").action == "heal"
    reading = read_message(game(), "Маша", "лечу Колю")
    assert (reading.action, reading.targets) == ("heal", ("Коля",))


def test_the_jokers_kill_and_intimidate_when_his_plain_kill_is_not_his_to_send() -> None:
    """Last night's copy was the commissar's kill, so tonight the mafia's plain kill is refused him (not
    the same action twice running); «убить и запугать» is still one action, not a plain «запугать»."""
    played = game()
    played.submit(Act("Женя", "copy", ("Игорь",), copy=Copy("commissar", "kill")))
    played.resolve()
    played.resolve()  # the day
    uses = {u.action for c in next(c for c in played.choices("Женя") if c.copies).copies if c.role == "mafia1"
            for u in c.uses}
    assert "kill" not in uses and "kill_intimidate" in uses
    reading = read_message(played, "Женя", "копирую мафию: убить и запугать Таня Дима")
    assert reading.act.copy is not None
    assert (reading.act.copy.use, reading.targets) == ("kill_intimidate", ("Таня", "Дима"))
