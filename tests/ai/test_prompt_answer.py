"""The prompt lists exactly what the engine accepts; answers are read, checked and refused in words."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.ai.answer import read
from rankedmafia.ai.prompt import NIGHT, VOTE, PromptBuilder
from rankedmafia.ai.seats import seat_names
from rankedmafia.ai.talk import Conversation
from rankedmafia.bots import make_policy, play_phase
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act
from rankedmafia.rules.roles import ROLES
from rankedmafia.setup import new_game, preset

ALLOWED_LATIN = {"JSON", "choice", "targets", "args", "reason", "post", "bid"}


def game_at(setup: str, seed: str, phases: int) -> Game:
    names, sexes = seat_names(preset(setup).players)
    game = new_game(preset(setup), names, seed, sexes=sexes)
    policy = make_policy("heuristic", random.Random(seed))
    for _ in range(phases):
        if game.over:
            break
        play_phase(game, policy)
        game.resolve()
    return game


@pytest.mark.parametrize(("setup", "seed", "phases"), [("classic-12", "p1", 0), ("full-35", "p2", 2),
                                                       ("two-clans-20", "p3", 2), ("full-25", "p4", 4)])
def test_every_move_listed_is_accepted_and_every_action_listed(setup: str, seed: str, phases: int) -> None:
    game = game_at(setup, seed, phases)
    builder = PromptBuilder(game)
    rng = random.Random(seed)
    seen = 0
    for name in game.alive():
        prompt = builder.prompt(name, NIGHT, "ru", Conversation(tuple(game.alive())))
        assert {m.action for m in prompt.moves} == {c.action for c in game.choices(name)}
        for move in prompt.moves:
            counts = [n for n in move.counts if n <= len(move.slots) or n == 0]
            count = rng.choice(counts)
            targets: list[str] = []
            for place in move.slots[:count]:
                targets.append(rng.choice([n for n in place if n not in targets]))
            args = {key: ([w for w, _ in values][:4] if key == "players" else values[0][0])
                    for key, values in move.fields}
            answer = json.dumps({"choice": move.number, "targets": targets, "args": args}, ensure_ascii=False)
            reading = read(prompt, answer, game)
            if reading.refusal is not None:  # only a question whose blanks this draw filled badly
                assert move.fields, (move, reading.refusal)
                continue
            assert reading.command is not None and reading.command["action"] == move.action
            seen += 1
            if move.number == len(prompt.moves) and rng.random() < 0.5:
                game.apply(reading.command)  # a command read is one the engine takes
    assert seen > 0


def test_prompt_speaks_russian_and_names_no_id() -> None:
    game = game_at("full-35", "ids", 3)
    builder = PromptBuilder(game)
    for name in game.alive():
        for kind in (NIGHT, "post", "clan"):
            text = builder.prompt(name, kind, "ru", Conversation(tuple(game.alive()))).text()
            latin = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text))
            assert latin <= ALLOWED_LATIN, latin - ALLOWED_LATIN
            assert not any(re.search(rf"\b{role}\b", text) for role in ROLES)


def test_vote_moves_and_answers() -> None:
    game = game_at("classic-12", "v", 1)
    prompt = PromptBuilder(game).prompt(game.alive()[0], VOTE, "en")
    assert [m.vote for m in prompt.moves] == [*game.alive(), BLUE]
    assert read(prompt, '{"choice": 2, "targets": []}', game).command == {
        "type": "vote", "voter": game.alive()[0], "choice": game.alive()[1]}
    assert read(prompt, "I vote [1] for them", game).command["choice"] == game.alive()[0]  # type: ignore[index]
    assert read(prompt, '{"choice": 0}', game).command is None
    refused = read(prompt, '{"choice": 99, "targets": []}', game)
    assert refused.refusal == "There is no number 99 in the list: choose a number from the list."


def test_refusals_are_words_and_change_nothing() -> None:
    game = game_at("classic-12", "r", 0)
    name = next(n for n in game.alive() if game.choices(n))
    prompt = PromptBuilder(game).prompt(name, NIGHT, "ru")
    before = list(game.commands)
    move = prompt.moves[0]
    assert read(prompt, "не знаю", game).refusal == "Ответ не разобран: нужен один объект JSON в указанном формате."
    assert "нельзя назвать" in str(read(prompt, json.dumps({"choice": 1, "targets": ["Никто"]}), game).refusal)
    if move.counts == (1,):  # a name in another case is the name
        typed = move.slots[0][0].upper()
        reading = read(prompt, json.dumps({"choice": 1, "targets": [typed]}, ensure_ascii=False), game)
        assert reading.command is not None and reading.command["targets"] == [move.slots[0][0]]
    wrong = [] if move.counts != (0,) else ["Аня"]
    assert "целей" in str(read(prompt, json.dumps({"choice": 1, "targets": wrong}), game).refusal)
    fenced = "Думаю так:\n```json\n" + json.dumps({"choice": 0, "targets": []}) + "\n```"
    assert read(prompt, fenced, game).ok and read(prompt, fenced, game).command is None
    assert game.commands == before


def test_engine_refusal_is_told_in_its_words() -> None:
    """A move the list offers but the engine refuses now (sent already) is refused by the engine itself."""
    game = game_at("classic-12", "e", 0)
    name = next(n for n in game.alive() if any(c.counts == (1,) for c in game.choices(n)))
    prompt = PromptBuilder(game).prompt(name, NIGHT, "ru")
    move = next(m for m in prompt.moves if m.counts == (1,))
    answer = json.dumps({"choice": move.number, "targets": [move.slots[0][0]]}, ensure_ascii=False)
    game.apply(read(prompt, answer, game).command or {})
    again = read(prompt, answer, game)
    assert again.refusal is not None and "_" not in again.refusal


def test_posts() -> None:
    game = game_at("classic-12", "t", 1)
    prompt = PromptBuilder(game).prompt(game.alive()[0], "post", "ru", Conversation(tuple(game.alive())))
    assert read(prompt, '{"post": "Привет", "bid": 9}', game).bid == 4
    assert read(prompt, "Просто текст без JSON.", game).post == "Просто текст без JSON."
    assert read(prompt, '{"post": "  ", "bid": 1}', game).refusal is not None


def test_by_night_the_last_days_discussion_is_quoted() -> None:
    """Whichever phase a setup starts with, a night's prompt quotes the day just over."""
    for start in ("night", "day"):
        setup = preset("classic-12")
        setup = type(setup)(**{**{k: getattr(setup, k) for k in setup.__dataclass_fields__}, "start": start})
        names, sexes = seat_names(12)
        game = new_game(setup, names, f"start-{start}", sexes=sexes)
        talk = Conversation(tuple(names))
        if start == "night":
            game.resolve()
        talk.add(names[0], "Дневное слово.", game.phase.number)
        game.resolve()  # the day is over: a night
        assert game.phase.kind.value == "night" and not game.over
        assert "Дневное слово." in PromptBuilder(game).prompt(names[1], NIGHT, "ru", talk).user


@given(st.text(max_size=300))
def test_any_answer_is_read_or_refused_and_changes_nothing(text: str) -> None:
    game = GAME_FOR_TEXTS
    before = list(game.commands)
    for prompt in PROMPTS_FOR_TEXTS:
        reading = read(prompt, text, game)
        command = reading.command
        assert reading.ok or command is None
        if command is not None and command["type"] == "act":
            assert game.check(Act.from_fields({**command, "actor": prompt.seat})) is None
        elif command is not None:
            assert command["choice"] in [*game.alive(), BLUE]
    assert game.commands == before


GAME_FOR_TEXTS = game_at("full-35", "texts", 2)
PROMPTS_FOR_TEXTS = [PromptBuilder(GAME_FOR_TEXTS).prompt(n, NIGHT if GAME_FOR_TEXTS.phase.kind.value == "night"
                                                          else VOTE, "ru") for n in GAME_FOR_TEXTS.alive()[:8]]
