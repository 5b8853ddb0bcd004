"""The text environment: observations are the seat's prompt, legal moves are listed, a refused action
changes nothing, and a game is played to its end with text or JSON actions."""

from __future__ import annotations

import json
import random

from rankedmafia.ai.config import ConfigError, parse_agents
from rankedmafia.ai.prompt import NIGHT, PromptBuilder
from rankedmafia.ai.talk import Conversation
from rankedmafia.ai.textenv import TextEnv


def play(env: TextEnv, seed: int, as_json: bool) -> tuple[float, int]:
    observation, legal = env.reset(seed=f"env{seed}")
    rng = random.Random(seed)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert env.prompt is not None and observation.startswith("Вы играете")
        assert (legal[0].startswith("[0]") and env.prompt.kind != "post") if legal else env.prompt.kind == "post"
        if env.prompt.kind == "post":
            action: str | dict[str, object] = {"post": "Аня, что скажешь?", "bid": 2}
        else:
            move = rng.choice(env.prompt.moves) if env.prompt.moves and rng.random() < 0.8 else None
            targets: list[str] = []
            if move is not None and move.action is not None and max(move.counts) > 0:
                for place in move.slots[:min(move.counts) or 1]:
                    targets.append(rng.choice([n for n in place if n not in targets]))
            number = move.number if move is not None else 0
            action = {"choice": number, "targets": targets} if as_json else f"[{number}] {', '.join(targets)}"
        observation, legal, reward, done, info = env.step(action)
        steps += 1
        assert "refusal" not in info or info["refusal"]
    assert legal == [] and reward in (-1.0, 0.0, 1.0)
    return reward, steps


def test_plays_to_the_end_with_text_and_json() -> None:
    for seed in range(4):
        reward, steps = play(TextEnv("classic-12", seat=seed), seed, as_json=seed % 2 == 0)
        assert steps > 1 and reward in (-1.0, 0.0, 1.0)


def test_a_refused_action_changes_nothing() -> None:
    env = TextEnv("classic-12", seat=0)
    observation, legal = env.reset(seed="refuse")
    assert env.game is not None
    commands = list(env.game.commands)
    again, same, reward, done, info = env.step('{"choice": 42, "targets": []}')
    assert info["refusal"] and (again, same, reward, done) == (observation, legal, 0.0, False)
    assert env.game.commands == commands
    env.step("без номера")
    assert env.game.commands == commands


def test_english_observation() -> None:
    env = TextEnv("classic-12", seat=1, lang="en")
    observation, legal = env.reset(seed="en")
    assert observation.startswith("You are playing Ranked Mafia")
    assert env.prompt is not None and (env.prompt.kind == "post" or legal[0] in ("[0] do nothing", "[0] no vote"))


def test_clan_chat_reaches_only_the_clan() -> None:
    env = TextEnv("classic-12")
    env.reset(seed="clan")
    game = env.game
    assert game is not None
    mafia = next(n for n in game.alive() if len(game.view(n).clan) > 1)
    town = next(n for n in game.alive() if not game.view(n).clans)
    clan = game.view(mafia).clans[0]
    talk = Conversation(tuple(game.alive()))
    talk.add(mafia, "Секретный план клана.", game.phase.number, f"clan:{clan}")
    builder = PromptBuilder(game)
    assert "Секретный план клана." in builder.prompt(mafia, NIGHT, "ru", talk).user
    assert "Секретный план клана." not in builder.prompt(town, NIGHT, "ru", talk).user


def test_agents_file_errors_are_clear() -> None:
    for data, words in [({"agents": []}, "under `agents:`"), ({"agents": [{"kind": "ai"}]}, "a name is required"),
                        ({"agents": [{"name": "x", "kind": "ai"}]}, "needs a model"),
                        ({"agents": [{"name": "x", "kind": "random", "lang": "de"}]}, "lang must be"),
                        ({"agents": [{"name": "x", "kind": "random", "colour": 1}]}, "unknown keys colour"),
                        ({"agents": [{"name": "x", "kind": "random"}, {"name": "x", "kind": "random"}]}, "unique")]:
        try:
            parse_agents(json.loads(json.dumps(data)))
        except ConfigError as error:
            assert words in str(error)
        else:
            raise AssertionError(f"accepted {data}")
    agent = parse_agents({"agents": [{"name": "m", "model": "q", "api_key_env": "RM_TEST_KEY_UNSET"}]})[0]
    assert agent.kind == "ai" and agent.api_key() == "none" and agent.temperature == 0.7
