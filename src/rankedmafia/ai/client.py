"""A chat model behind any OpenAI-compatible API (Ollama, vLLM, llama.cpp's server, a hosted one), with
the answer's JSON schema where the server takes one, retries within a deadline, and accounting.

- `structured: auto` sends `response_format: json_schema`; a server that refuses it (400) is remembered
  and asked in plain text from then on (the prompt states the format; `answer.read` parses the text).
- A time-out, a 429 (its `retry-after` honoured), a lost connection or a 5xx is retried while the
  decision's deadline allows; then `NoAnswer` is raised and the seat passes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import httpx2
import openai

from rankedmafia.ai.config import AgentConfig

RETRY_PAUSE = 0.5  # seconds before retrying a time-out or a lost connection
MAX_PAUSE = 30.0


class NoAnswer(Exception):
    """No answer within the deadline (time-outs, 429s, errors): the seat passes."""

    def __init__(self, reason: str, retries: int, seconds: float) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retries = retries
        self.seconds = seconds


@dataclass(frozen=True, slots=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    retries: int
    structured: bool


class ChatClient:
    """One agent's model. `http_client`: an httpx2 client of one's own (a test's in-process transport)."""

    def __init__(self, config: AgentConfig, http_client: httpx2.AsyncClient | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.clock = clock
        self.structured = config.structured != "text"
        self._api = openai.AsyncOpenAI(base_url=config.base_url, api_key=config.api_key(), max_retries=0,
                                       timeout=config.timeout, http_client=http_client)

    async def close(self) -> None:
        await self._api.close()

    async def complete(self, messages: Sequence[dict[str, str]], schema: dict[str, Any] | None,
                       deadline: float | None = None) -> Completion:
        """The model's answer; `deadline` (on `clock`): retry until then (the config's `deadline` from now
        by default)."""
        start = self.clock()
        end = deadline if deadline is not None else start + self.config.deadline
        retries = 0
        while True:
            left = end - self.clock()
            if left <= 0:
                raise NoAnswer("deadline", retries, self.clock() - start)
            structured = self.structured and schema is not None
            try:
                response = await asyncio.wait_for(self._ask(messages, schema if structured else None),
                                                  timeout=min(left, self.config.timeout))
            except openai.BadRequestError as error:
                if structured and self.config.structured == "auto":
                    self.structured = False  # the server takes no schema: plain text from now on
                    retries += 1
                    continue
                raise NoAnswer(f"bad request: {error.message}", retries, self.clock() - start) from None
            except openai.RateLimitError as error:
                retries += 1
                await self._pause(_retry_after(error.response), end)
                continue
            except (TimeoutError, openai.APITimeoutError, openai.APIConnectionError, openai.InternalServerError):
                retries += 1
                await self._pause(RETRY_PAUSE, end)
                continue
            except openai.APIStatusError as error:
                raise NoAnswer(f"status {error.status_code}", retries, self.clock() - start) from None
            choices = response.get("choices") or [{}]
            text = str((choices[0].get("message") or {}).get("content") or "")
            usage = response.get("usage") or {}
            return Completion(text, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0),
                              self.clock() - start, retries, structured)

    async def _ask(self, messages: Sequence[dict[str, str]], schema: dict[str, Any] | None) -> dict[str, Any]:
        """One request through the client's plain `post` (its base URL, key, status errors): its typed
        `chat.completions.create` walks every message and the schema through its transforms, three times
        the cost of the whole round trip to a local server."""
        body: dict[str, Any] = {"model": self.config.model, "messages": list(messages),
                                "temperature": self.config.temperature, "max_tokens": self.config.max_tokens}
        if schema is not None:
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": "answer", "schema": schema, "strict": False}}
        answer: dict[str, Any] = await self._api.post("/chat/completions", body=body, cast_to=dict)
        return answer

    async def _pause(self, seconds: float, end: float) -> None:
        left = end - self.clock()
        if left > 0:
            await asyncio.sleep(min(seconds, left, MAX_PAUSE))


def monotonic_deadline(wall_deadline: float, margin: float = 1.0) -> float:
    """A live phase's deadline (a wall-clock time, as the live service keeps it) on the clients' clock,
    `margin` seconds early so that the command still reaches the service in time."""
    return time.monotonic() + (wall_deadline - time.time()) - margin


def _retry_after(response: httpx2.Response) -> float:
    value = response.headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else RETRY_PAUSE
    except ValueError:
        return RETRY_PAUSE
