"""The Council's question is answered in the plain words the prompt documents, and every refusal an AI
seat is told is a sentence: no internal key, no `None`, nothing changed."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.ai.answer import names_in, read, retry_message
from rankedmafia.ai.prompt import NIGHT, POST, Move, Prompt, PromptBuilder
from rankedmafia.ai.question_args import label, read_args
from rankedmafia.ai.seats import seat_names
from rankedmafia.ai.talk import Conversation
from rankedmafia.rules.choices import question_detail
from rankedmafia.rules.council import OPS, SIDES, TEMPLATES
from rankedmafia.rules.game import Game
from rankedmafia.rules.roles import ROLES
from rankedmafia.setup import new_game, preset
from rankedmafia.text.names import question_text
from rankedmafia.text.questions import question_sentence

from .test_prompt_words import ids_in

# every internal id a refusal could leak: roles, actions, sides, the Council's templates, blanks and
# comparisons, and None
IDS = ({*ROLES, *SIDES, *TEMPLATES, *OPS, "side", "op", "players", "player", "role", "sex", "None", "null"}
       | {a.id for role in ROLES.values() for a in role.actions})


def night_game() -> Game:
    """full-35's first night: the boss asks the Council, the joker may copy the question."""
    names, sexes = seat_names(35)
    game = new_game(preset("full-35"), names, "j0", sexes=sexes)
    assert game.phase.kind.value == "night"
    return game


GAME = night_game()
BUILDER = PromptBuilder(GAME)


def prompt_with_questions(copied: bool) -> Prompt:
    for name in GAME.alive():
        prompt = BUILDER.prompt(name, NIGHT, "ru")
        if any(m.fields and (m.detail is not None) == copied for m in prompt.moves):
            return prompt
    raise AssertionError("no seat asks the Council")


BOSS, JOKER = prompt_with_questions(copied=False), prompt_with_questions(copied=True)


def draw(move: Move, rng: random.Random) -> tuple[dict[str, object], list[str]]:
    """Values for a question's blanks, and their words in order."""
    args: dict[str, object] = {}
    words: list[str] = []
    for key, values in move.fields:
        if key == "players":
            chosen = rng.sample(list(values), rng.randint(4, 6))
            args[key] = [v for _, v in chosen]
            words.append(", ".join(w for w, _ in chosen))
        else:
            word, value = rng.choice(list(values))
            args[key], _ = value, words.append(word)
    return args, words


def expect(prompt: Prompt, move: Move, text: str, args: dict[str, object]) -> None:
    reading = read(prompt, text, GAME)
    assert reading.refusal is None, (text, reading.refusal)
    command = reading.command
    assert command is not None and command["action"] == move.action
    if move.detail is None:  # the boss's own question
        assert (command["option"], command["detail"]) == (move.option, question_detail(args))
    else:  # the joker's copy of it
        assert (command["copied_option"], command["copied_detail"]) == (move.copied_option, question_detail(args))


@pytest.mark.parametrize("prompt", [BOSS, JOKER], ids=["boss", "joker"])
def test_every_question_is_read_from_the_documented_forms(prompt: Prompt) -> None:
    rng = random.Random(prompt.seat)
    questions = [m for m in prompt.moves if m.fields]
    assert {m.option if m.detail is None else m.copied_option for m in questions} >= {
        t for t in TEMPLATES if t not in ("immune_have_roles", "girl_blocked_active")}
    for move in questions:
        for _ in range(3):
            args, words = draw(move, rng)
            line = " ".join(words)
            # the line of words as "args"; the object keyed by the blanks' names; the line without JSON
            expect(prompt, move, json.dumps({"choice": move.number, "targets": [], "args": line}, ensure_ascii=False),
                   args)
            keyed = {label(key, "ru"): word for (key, _), word in zip(move.fields, words, strict=True)}
            expect(prompt, move, json.dumps({"choice": move.number, "args": keyed}, ensure_ascii=False), args)
            expect(prompt, move, f"[{move.number}] {line}", args)


def test_the_prompt_documents_the_form_with_an_example_that_is_taken() -> None:
    user = BOSS.user
    line = next(x for x in user.splitlines() if x.startswith("Вопрос Совету: номер вопроса"))
    example = json.loads(re.search(r"\{\"choice\": \d+, \"targets\": \[\], \"args\": \"[^\"]+\"\}", line).group(0))  # type: ignore[union-attr]
    assert read(BOSS, json.dumps(example, ensure_ascii=False), GAME).command is not None
    plain = re.search(r"строкой «(\[\d+\] [^»]+)»", line).group(1)  # type: ignore[union-attr]
    assert read(BOSS, plain, GAME).command is not None
    assert ids_in(line) == []
    assert "Вопрос Совету: номер вопроса" not in PromptBuilder(GAME).prompt(
        next(n for n in GAME.alive() if n not in (BOSS.seat, JOKER.seat)), NIGHT, "ru").user  # only where asked


def test_the_question_written_whole_as_the_site_writes_it_is_read() -> None:
    """«Приходила ли прошлой ночью роль «доктор» к Вере?»: the sentence itself, names declined, is read."""
    rng = random.Random(7)
    for move in (m for m in BOSS.moves if m.fields):
        for _ in range(4):
            args, _words = draw(move, rng)
            for sentence in (question_text(str(move.option), json.dumps(args), "ru"),
                             question_sentence(str(move.option), json.dumps(args), "ru", GAME.sexes())):
                assert read_args(move.fields, sentence, "ru") == (args, []), sentence
                expect(BOSS, move, f"[{move.number}] {sentence}", args)


def test_words_as_players_write_them() -> None:
    """Case forms, signs for comparisons, the comparisons in other words."""
    side_count = next(m for m in BOSS.moves if m.option == "side_count")
    compare = next(m for m in BOSS.moves if m.option == "compare_sides")
    role_count = next(m for m in BOSS.moves if m.option == "role_count")
    cases = [
        (side_count, "стороны мафии не меньше 2", {"side": "mafia", "op": "ge", "n": 2}),
        (side_count, "город >= 10", {"side": "town", "op": "ge", "n": 10}),
        (side_count, "одиночек ≤ 3", {"side": "loners", "op": "le", "n": 3}),
        (side_count, "мафия не более 4", {"side": "mafia", "op": "le", "n": 4}),
        (compare, "мафии меньше, чем города", {"a": "mafia", "op": "lt", "b": "town"}),
        (role_count, "городских журналистов больше 0", {"role": "town_journalist", "op": "gt", "n": 0}),
        (role_count, "божьих одуванчиков = 1", {"role": "dandelion", "op": "eq", "n": 1}),
        (role_count, "мафиози 1-го ранга ровно 1", {"role": "mafia1", "op": "eq", "n": 1}),
    ]
    for move, line, args in cases:
        expect(BOSS, move, json.dumps({"choice": move.number, "args": line}, ensure_ascii=False), args)


def test_targets_written_as_one_line_are_the_names() -> None:
    kill = next(m for m in BOSS.moves if m.counts != (0,) and 2 in m.counts and not m.fields)
    first, second = kill.slots[0][0], kill.slots[1][1]
    reading = read(BOSS, json.dumps({"choice": kill.number, "targets": f"{first}, {second}"}, ensure_ascii=False),
                   GAME)
    assert reading.command is not None and reading.command["targets"] == [first, second]


def test_names_in_plain_text_are_whole_words() -> None:
    names = ["Ян", "Яна", "Вера", "Вероника"]
    assert names_in("[2] Яна, Вероника и снова Яна", names) == ["Яна", "Вероника"]
    assert names_in("[2] Ян и вера", names) == ["Ян", "Вера"]
    assert names_in("[2] Янаб", names) == []


def refusals(prompt: Prompt, answers: list[str]) -> list[str]:
    before = list(GAME.commands)
    out = []
    for answer in answers:
        reading = read(prompt, answer, GAME)
        assert reading.command is None and reading.refusal is not None, answer
        out.append(reading.refusal)
    assert GAME.commands == before
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_refusal_is_a_sentence_without_keys(lang: str) -> None:
    boss = PromptBuilder(GAME).prompt(BOSS.seat, NIGHT, lang)
    kill = next(m for m in boss.moves if m.counts != (0,) and not m.fields)
    question = next(m for m in boss.moves if m.option == "side_count")
    answers = [
        "не знаю",  # no JSON, no number
        '{"targets": []}', '{"choice": null}', '{"choice": "убить"}', '{"choice": [1]}', '{"choice": "²"}',
        '{"choice": true}',  # no number
        '{"choice": 999}', '{"choice": -1}',  # not in the list
        json.dumps({"choice": kill.number, "targets": []}),  # too few
        json.dumps({"choice": kill.number, "targets": ["Никто"]}, ensure_ascii=False),  # nobody of that name
        json.dumps({"choice": question.number}),  # a question with no blanks filled
        json.dumps({"choice": question.number, "args": "мафия"}, ensure_ascii=False),  # some blanks
        json.dumps({"choice": question.number, "args": {"side": "town"}}),
        json.dumps({"choice": question.number, "args": "синие больше 3"}, ensure_ascii=False),  # no such side
        json.dumps({"choice": question.number, "args": "мафия больше 99"}, ensure_ascii=False),  # past the list
    ]
    told = refusals(boss, answers)
    for answer, refusal in zip(answers, told, strict=True):
        if lang == "ru":  # no Latin at all but the answer's documented key
            assert ids_in(refusal) == [], (answer, refusal)
        else:  # English words may be spelt as ids are («side»): no id that is not a word
            assert "None" not in refusal and "_" not in refusal and not set(refusal.split()) & set(TEMPLATES)
        assert refusal.endswith(".") and "{" not in refusal.replace('"args": ', "")
        assert retry_message(read(boss, answer, GAME), lang).startswith(("Ведущий не принял ответ:",
                                                                         "The host did not accept the answer:"))
    if lang == "ru":
        assert told[11].startswith("В вопросе Совету не понято: сторона, сравнение, число.")
        assert told[12].startswith("В вопросе Совету не понято: сравнение, число.")
        assert told[14].startswith("В вопросе Совету не понято: сторона.")
        assert told[2] == "В ответе нет номера хода: напишите номер из списка."
    post = PromptBuilder(GAME).prompt(BOSS.seat, POST, lang, Conversation(tuple(GAME.alive())))
    assert not ids_in(refusals(post, ['{"post": "", "bid": 1}'])[0]) or lang == "en"


def test_the_engines_refusal_is_told_in_words() -> None:
    """A move the list offers but the engine refuses now: the engine's own reason, in words."""
    names, sexes = seat_names(35)
    game = new_game(preset("full-35"), names, "j0", sexes=sexes)
    boss = PromptBuilder(game).prompt(BOSS.seat, NIGHT, "ru")
    group = next(m for m in boss.moves if m.option == "group_side_count")
    living = [w for w, _ in dict(group.fields)["players"]][:3]
    for answer in [json.dumps({"choice": group.number, "args": {"игроки": ", ".join(living), "сторона": "город",
                                                                 "сравнение": "больше", "число": 1}},
                              ensure_ascii=False)]:
        refusal = read(boss, answer, game).refusal
        assert refusal is not None and ids_in(refusal) == [] and "None" not in refusal, refusal


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=120), st.sampled_from(["args", "choice", "targets"]))
def test_any_answer_to_a_question_is_read_or_refused_in_words(text: str, key: str) -> None:
    question = next(m for m in BOSS.moves if m.option == "group_side_count")
    data: dict[str, object] = {"choice": question.number, "targets": [], "args": "город больше 3"}
    data[key] = text
    for answer in (json.dumps(data, ensure_ascii=False), f"[{question.number}] {text}"):
        reading = read(BOSS, answer, GAME)
        assert reading.ok or reading.command is None
        if reading.refusal is not None:
            leaked = set(re.findall(r"[A-Za-z_]+", reading.refusal)) & IDS
            assert leaked <= set(re.findall(r"[A-Za-z_]+", answer)), (answer, reading.refusal)


@settings(max_examples=80, deadline=None)
@given(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=12),
                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)))
def test_any_choice_value_is_read_or_refused_in_words(choice: object) -> None:
    answer = json.dumps({"choice": choice, "targets": []}, ensure_ascii=False)
    reading = read(BOSS, answer, GAME)
    assert reading.ok or reading.command is None
    if reading.refusal is not None:
        assert ids_in(reading.refusal.replace(answer, "")) == [] and "None" not in reading.refusal
