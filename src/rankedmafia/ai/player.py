"""An AI seat: asks its model for a move, a post or a clan line, and hands back a checked command.

The same calls serve the arena and, later, a live front end (the site, a Telegram group): each returns a
`Turn` (what was asked, what came back, the command to apply or None to pass, the counts), and the
caller applies the command through its own path (`Game.apply` here; the live service there). A refused or
malformed answer is asked again once with the refusal's own words; then the seat passes. Both count as
invalid answers. No answer within the deadline: the seat passes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rankedmafia.ai.answer import read, retry_message
from rankedmafia.ai.client import ChatClient, NoAnswer
from rankedmafia.ai.config import AgentConfig
from rankedmafia.ai.prompt import CLAN, NIGHT, POST, REVIVE, VOTE, PromptBuilder
from rankedmafia.ai.talk import Conversation


@dataclass(slots=True)
class Turn:
    """One decision of one seat, as the record's sidecar keeps it."""

    seat: str
    agent: str
    kind: str
    phase: str
    number: int
    messages: list[dict[str, str]]
    answers: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    command: dict[str, Any] | None = None
    post: str | None = None
    bid: int = 1
    invalid: int = 0
    passed: bool = False  # he sent nothing: he chose to, or after two refusals, or no answer in time
    timed_out: bool = False
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    retries: int = 0

    def as_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}  # shallow: nothing is shared


class AIPlayer:
    """One agent's seat(s) in a game."""

    def __init__(self, config: AgentConfig, client: ChatClient) -> None:
        self.config = config
        self.client = client

    async def decide(self, builder: PromptBuilder, name: str, kind: str, talk: Conversation | None = None,
                     addressed: tuple[str, ...] = (), deadline: float | None = None, clan: str | None = None) -> Turn:
        """`kind`: night (his action), revive (the follow-up step asks him), vote, post (the day's talk),
        clan (his clan's chat at night; `clan`: which one, for the double agent)."""
        game = builder.game
        prompt = builder.prompt(name, kind, self.config.lang, talk, addressed, clan)
        messages = prompt.messages()
        turn = Turn(name, self.config.name, kind, game.phase.kind.value, game.phase.number, list(messages))
        schema = prompt.schema
        for attempt in range(2):
            try:
                done = await self.client.complete(messages, schema, deadline)
            except NoAnswer as error:
                turn.timed_out, turn.passed = True, True
                turn.retries += error.retries
                turn.seconds += error.seconds
                return turn
            turn.answers.append(done.text)
            turn.prompt_tokens += done.prompt_tokens
            turn.completion_tokens += done.completion_tokens
            turn.seconds += done.seconds
            turn.retries += done.retries
            reading = read(prompt, done.text, game)
            if reading.ok:
                turn.command, turn.post, turn.bid = reading.command, reading.post, reading.bid
                turn.passed = reading.command is None and reading.post is None
                return turn
            turn.invalid += 1
            turn.refusals.append(reading.refusal or "")
            if attempt == 0:
                messages = [*messages, {"role": "assistant", "content": done.text},
                            {"role": "user", "content": retry_message(reading, prompt.lang)}]
                turn.messages = list(messages)
        turn.passed = True
        return turn


DECISIONS = (NIGHT, REVIVE, VOTE, POST, CLAN)
