"""A text environment for research: one seat's observation as text, its legal actions, and `step` with a
text or JSON action, over the same prompt builder and answer reader as the AI players.

    env = TextEnv("classic-12", seat=0, others="heuristic")
    observation, legal = env.reset(seed="s1")   # the prompt (system + user), the numbered moves
    observation, legal, reward, done, info = env.step('{"choice": 1, "targets": ["Вера"]}')

Turns: the seat's night action (when he has one), the reanimator's revive when the step asks him, a post
in the day's discussion (`posts_per_day`, the other seats do not talk), then his vote. The other seats
play under a bot policy. An action the engine refuses leaves everything as it was: `info["refusal"]`
holds the refusal's words and the same turn is asked again. Rewards come at the end, as in the
PettingZoo environment (`sim/env.py`): +1 if his side won, −1 if it lost, 0 on a draw.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from rankedmafia.ai.answer import read
from rankedmafia.ai.prompt import NIGHT, POST, REVIVE, VOTE, Prompt, PromptBuilder
from rankedmafia.ai.seats import seat_names
from rankedmafia.ai.talk import Conversation
from rankedmafia.bots import MAX_PHASES, Policy, make_policy
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import PhaseKind
from rankedmafia.setup import Setup, new_game, resolve_setup


class TextEnv:
    def __init__(self, setup: Setup | str = "classic-12", seat: int = 0, others: str = "heuristic",
                 lang: str = "ru", posts_per_day: int = 1, max_phases: int = MAX_PHASES) -> None:
        self.setup = setup if isinstance(setup, Setup) else resolve_setup(setup)
        self.names, self.sexes = seat_names(self.setup.players)
        self.name = self.names[seat]
        self.others = others
        self.lang = lang
        self.posts_per_day = posts_per_day
        self.max_phases = max_phases
        self.game: Game | None = None
        self.prompt: Prompt | None = None
        self.talk = Conversation(tuple(self.names))
        self._policy: Policy | None = None
        self._posted = 0

    # --- the interface ------------------------------------------------------------------------------
    def reset(self, seed: str | int = 0) -> tuple[str, list[str]]:
        self.game = new_game(self.setup, self.names, str(seed), sexes=self.sexes)
        self.builder = PromptBuilder(self.game)
        self.talk = Conversation(tuple(self.names))
        self._policy = make_policy(self.others, random.Random(f"{seed}:others"))
        self._posted = 0
        self._advance()
        return self.observation()

    def observation(self) -> tuple[str, list[str]]:
        """The prompt's text and the legal moves' lines (empty once the game is over)."""
        if self.prompt is None:
            return self._final(), []
        lines = [line for line in self.prompt.user.splitlines() if line.startswith("[")]
        return self.prompt.text(), lines

    def step(self, action: str | Mapping[str, Any]) -> tuple[str, list[str], float, bool, dict[str, Any]]:
        game, prompt = self._game(), self.prompt
        if prompt is None:
            return self._final(), [], self.reward(), True, {}
        text = action if isinstance(action, str) else json.dumps(dict(action), ensure_ascii=False)
        reading = read(prompt, text, game)
        info: dict[str, Any] = {}
        if not reading.ok:
            info["refusal"] = reading.refusal
            observation, legal = self.observation()
            return observation, legal, 0.0, False, info
        if prompt.kind == POST:
            self._posted += 1
            if reading.post:
                self.talk.add(self.name, reading.post, game.phase.number, bid=reading.bid)
        elif reading.command is not None:
            game.apply(reading.command)
        elif prompt.kind == REVIVE:
            game.decline(self.name)
        self._advance(after=prompt.kind)
        observation, legal = self.observation()
        done = self.prompt is None
        return observation, legal, self.reward() if done else 0.0, done, info

    def reward(self) -> float:
        game = self._game()
        if not game.over or game.winner in ("draw", None):  # a draw, or no winner at all (a stalemate)
            return 0.0
        return 1.0 if self.name in game.winners() else -1.0

    # --- inside ------------------------------------------------------------------------------------
    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def _final(self) -> str:
        game = self._game()
        view = game.view(self.name)
        return "\n".join(self.builder.history(view, self.lang) + self.builder.now(view, self.lang))

    def _advance(self, after: str | None = None) -> None:
        """Plays the others until it is his turn again (or the game ends) and builds his prompt."""
        game = self._game()
        policy = self._policy
        assert policy is not None
        while not game.over and len(game.results) < self.max_phases:
            me_alive = self.name in game.alive()
            if game.phase.kind is PhaseKind.NIGHT:
                if after is None and me_alive and game.choices(self.name) and not game.follow_up_open:
                    self.prompt = self.builder.prompt(self.name, NIGHT, self.lang, self.talk)
                    return
                if not game.follow_up_open:
                    for name in game.alive():
                        if name != self.name:
                            policy.act(game, name)
                step = game.begin_follow_up()
                while step is not None and step.player != self.name:
                    policy.revive(game, step.player, list(step.told))
                    if game.follow_up_step() == step:
                        game.decline(step.player)
                    step = game.follow_up_step()
                if step is not None:
                    self.prompt = self.builder.prompt(self.name, REVIVE, self.lang, self.talk)
                    return
                game.resolve()
                self._posted = 0
                after = None
                continue
            if me_alive and after != VOTE and self._posted < self.posts_per_day:
                self.prompt = self.builder.prompt(self.name, POST, self.lang, self.talk,
                                                  tuple(self._addressed()))
                return
            if me_alive and after != VOTE and game.vote_choice(self.name) is not None:
                self.prompt = self.builder.prompt(self.name, VOTE, self.lang, self.talk)
                return
            for name in game.alive():
                if name != self.name:
                    policy.vote(game, name)
            game.resolve()
            after = None
        self.prompt = None

    def _addressed(self) -> list[str]:
        game = self._game()
        return [p.author for p in self.talk.day(game.phase.number)
                if p.author != self.name and self.name in self.talk.mentions(p.text)]
