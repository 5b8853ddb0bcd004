"""Russian prompts name no id: over every role of every preset, at every phase of seeded games played by
bots, every prompt a seat may be given (its card, its night action before and after it sent one, the
reanimator's revive, its clan's chat, the day's post and vote) holds no Latin word at all, bar the keys
of the answer's JSON that the prompt documents on purpose, and only where it documents them."""

from __future__ import annotations

import random
import re

import pytest

from rankedmafia.ai.prompt import CLAN, NIGHT, POST, REVIVE, VOTE, PromptBuilder
from rankedmafia.ai.seats import seat_names
from rankedmafia.ai.talk import Conversation
from rankedmafia.bots import make_policy
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import PhaseKind
from rankedmafia.setup import new_game, preset

PRESETS = ("classic-12", "classic-20", "full-25", "full-35", "two-clans-20")
# The answer's keys, documented on purpose, and only as a quoted JSON key («"choice": …»); the word JSON.
ANSWER_KEY = re.compile(r'"(choice|targets|args|reason|post|bid)":')
LATIN = re.compile(r"[A-Za-z_]+")


def ids_in(text: str) -> list[str]:
    """The Latin words of a Russian prompt that are not the answer's documented keys."""
    return LATIN.findall(ANSWER_KEY.sub("", text).replace("JSON", ""))


def game_of(setup: str, seed: str) -> Game:
    names, sexes = seat_names(preset(setup).players)
    return new_game(preset(setup), names, seed, sexes=sexes)


def prompts_of_a_game(game: Game, seed: int, phases: int) -> dict[str, list[tuple[str, str]]]:
    """Every prompt of every living seat at every phase: the role dealt -> [(what, text)]."""
    builder = PromptBuilder(game)
    talk = Conversation(tuple(p.name for p in game.players()))
    policy = make_policy("heuristic", random.Random(seed))
    out: dict[str, list[tuple[str, str]]] = {}
    dealt = {p.name: p.initial_role for p in game.players()}  # (a werewolf's card does not say his role)

    def ask(name: str, kind: str) -> None:
        prompt = builder.prompt(name, kind, "ru", talk)
        out.setdefault(dealt[name], []).append((f"{game.phase.kind.value} {game.phase.number} {kind}",
                                                          prompt.text()))

    for _ in range(phases):
        if game.over:
            break
        if game.phase.kind is PhaseKind.NIGHT:
            for name in game.alive():
                ask(name, NIGHT)
                if game.view(name).clans:
                    ask(name, CLAN)
            for name in game.alive():
                policy.act(game, name)
            for name in game.state.acts:  # his own action told back («Вы уже отправили: …»)
                ask(name, NIGHT)
            step = game.begin_follow_up()
            while step is not None:
                ask(step.player, REVIVE)
                policy.revive(game, step.player, list(step.told))
                if game.follow_up_step() == step:
                    game.decline(step.player)
                step = game.follow_up_step()
        else:
            for name in game.alive():
                ask(name, POST)
                if game.vote_choice(name) is not None:
                    ask(name, VOTE)
            for name in game.alive():
                policy.vote(game, name)
            for name in game.state.votes:
                ask(name, VOTE)
        game.resolve()
    return out


@pytest.mark.parametrize("setup", PRESETS)
def test_no_russian_prompt_names_an_id(setup: str) -> None:
    roles = set(preset(setup).roles)
    seen: set[str] = set()
    for seed in range(2):
        game = game_of(setup, f"words:{seed}")
        for role, prompts in prompts_of_a_game(game, seed, phases=40).items():
            seen.add(role)
            for what, text in prompts:
                assert ids_in(text) == [], (setup, seed, role, what, ids_in(text))
                assert "None" not in text
    assert roles <= seen  # every role of the preset had its prompts


def test_the_detective_is_told_his_quarry_in_words() -> None:
    """Whatever side he draws: the town's detective seeks the mafia's boss (a rank, not a role), the mafia's
    the commissar."""
    told: dict[str, str] = {}
    for seed in range(60):
        game = game_of("full-35", f"quarry:{seed}")
        detective = next(p.name for p in game.players() if p.role == "detective")
        view = game.view(detective)
        if view.side in told:
            continue
        told[str(view.side)] = PromptBuilder(game).prompt(detective, NIGHT, "ru").system
        if len(told) == 3:
            break
    assert "ищете: босс мафии." in told["town"]
    assert "ищете: комиссар." in told["mafia"]
    for system in told.values():
        assert ids_in(system) == []


def test_the_answer_keys_are_allowed_only_where_documented() -> None:
    assert ids_in('Ответьте: {"choice": 1, "targets": []}') == []
    assert ids_in("ищете: boss") == ["boss"]
    assert ids_in('ключ choice без кавычек') == ["choice"]
    assert ids_in('"side": "town"') == ["side", "town"]
