"""A chat model behind any OpenAI-compatible API (Ollama, vLLM, llama.cpp's server, a hosted one), with
the answer's JSON schema where the server takes one, retries within a deadline, and accounting.

- `structured: auto` sends `response_format: json_schema`; a server that refuses it (400) is remembered
  and asked in plain text from then on (the prompt states the format; `answer.read` parses the text).
- A time-out, a 429 (its `retry-after` honoured), a lost connection or a 5xx is retried while the
  decision's deadline allows; then `NoAnswer` is raised and the seat passes.

The request is one JSON POST to `<base_url>/chat/completions` with the key as a bearer token, sent by
a `Transport`: by default `HttpPool`, the `openai` package's client on keep-alive connections which every
client of a process (an arena's worker: all its agents, all its games) may share; an httpx2 client (a
test's in-process transport); or the fake model itself, in process.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import httpx2
import openai

from rankedmafia.ai.config import AgentConfig

RETRY_PAUSE = 0.5  # seconds before retrying a time-out or a lost connection
MAX_PAUSE = 30.0
PATH = "/chat/completions"
Reply = tuple[int, Mapping[str, str], Any]  # status, headers, the body's JSON (None if it is not JSON)


class NoAnswer(Exception):
    """No answer within the deadline (time-outs, 429s, errors): the seat passes."""

    def __init__(self, reason: str, retries: int, seconds: float) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retries = retries
        self.seconds = seconds


class Unreachable(Exception):
    """The request did not get through (refused, reset, a torn response): worth retrying."""


class Transport(Protocol):
    async def post(self, url: str, body: dict[str, Any], headers: Mapping[str, str]) -> Reply: ...

    async def close(self) -> None: ...


class HttpPool:
    """The `openai` package's client, one per server and key, all on one keep-alive `httpx2` connection
    pool that every client handed this pool shares (an arena's worker: all its agents, all its games); made
    in the event loop that uses it, at its first request. The client's plain `post`: its typed
    `chat.completions.create` walks every message and the schema through its transforms, which cost three
    times the whole round trip to a local server; its retries are ours (`ChatClient.complete`)."""

    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        self._http: httpx2.AsyncClient | None = None
        self._apis: dict[tuple[str, str], openai.AsyncOpenAI] = {}

    def _api(self, url: str, headers: Mapping[str, str]) -> openai.AsyncOpenAI:
        base = url.removesuffix(PATH)
        key = headers.get("Authorization", "").removeprefix("Bearer ")
        api = self._apis.get((base, key))
        if api is None:
            if self._http is None:  # no total time-out here: the caller bounds each request by its own
                self._http = httpx2.AsyncClient(timeout=None, limits=httpx2.Limits(
                    max_connections=self.limit, max_keepalive_connections=self.limit))
            api = self._apis[base, key] = openai.AsyncOpenAI(base_url=base, api_key=key, max_retries=0,
                                                             http_client=self._http)
        return api

    async def post(self, url: str, body: dict[str, Any], headers: Mapping[str, str]) -> Reply:
        try:
            response = await self._api(url, headers).post(PATH, body=body, cast_to=httpx2.Response)
        except openai.APIStatusError as error:  # the server's answer all the same: the caller reads it
            return error.status_code, error.response.headers, _json(error.response.content)
        except (openai.APIConnectionError, openai.APITimeoutError) as error:
            raise Unreachable(str(error) or type(error).__name__) from None
        return response.status_code, response.headers, _json(response.content)

    async def close(self) -> None:
        if self._http is not None:
            await self._http.aclose()
            self._http = None
        self._apis.clear()


class HttpxTransport:
    """An httpx2 client of one's own (a test's `MockTransport`, say)."""

    def __init__(self, client: httpx2.AsyncClient) -> None:
        self.client = client

    async def post(self, url: str, body: dict[str, Any], headers: Mapping[str, str]) -> Reply:
        try:
            response = await self.client.post(url, content=json.dumps(body, ensure_ascii=False).encode(),
                                              headers=headers)
        except httpx2.TransportError as error:
            raise Unreachable(str(error) or type(error).__name__) from None
        return response.status_code, response.headers, _json(response.content)

    async def close(self) -> None:
        await self.client.aclose()


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    retries: int
    structured: bool


class ChatClient:
    """One agent's model. `http_client`: an httpx2 client of one's own (a test's in-process transport);
    `transport`: a shared `HttpPool` (or the fake model in process), which `close` leaves open; by
    default a pool of the client's own."""

    def __init__(self, config: AgentConfig, http_client: httpx2.AsyncClient | None = None,
                 clock: Callable[[], float] = time.monotonic, transport: Transport | None = None) -> None:
        self.config = config
        self.clock = clock
        self.structured = config.structured != "text"
        self.url = config.base_url.rstrip("/") + PATH
        self.headers = {"Authorization": f"Bearer {config.api_key()}", "Content-Type": "application/json",
                        "Accept": "application/json"}
        self._owned = transport is None
        self.transport: Transport = transport or (HttpxTransport(http_client) if http_client else HttpPool())

    async def close(self) -> None:
        if self._owned:
            await self.transport.close()

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
                status, headers, answer = await asyncio.wait_for(
                    self.transport.post(self.url, self._body(messages, schema if structured else None),
                                        self.headers),
                    timeout=min(left, self.config.timeout))
            except (TimeoutError, Unreachable, OSError):
                retries += 1
                await self._pause(RETRY_PAUSE, end)
                continue
            if status == 400:
                if structured and self.config.structured == "auto":
                    self.structured = False  # the server takes no schema: plain text from now on
                    retries += 1
                    continue
                raise NoAnswer(f"bad request: {_message(answer)}", retries, self.clock() - start)
            if status == 429:
                retries += 1
                await self._pause(_retry_after(headers), end)
                continue
            if status >= 500 or (status < 300 and not isinstance(answer, dict)):  # a torn answer too
                retries += 1
                await self._pause(RETRY_PAUSE, end)
                continue
            if status >= 300:
                raise NoAnswer(f"status {status}: {_message(answer)}", retries, self.clock() - start)
            choices = answer.get("choices") or [{}]
            text = str((choices[0].get("message") or {}).get("content") or "")
            usage = answer.get("usage") or {}
            return Completion(text, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0),
                              self.clock() - start, retries, structured)

    def _body(self, messages: Sequence[dict[str, str]], schema: dict[str, Any] | None) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.config.model, "messages": list(messages),
                                "temperature": self.config.temperature, "max_tokens": self.config.max_tokens}
        if schema is not None:
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": "answer", "schema": schema, "strict": False}}
        return body

    async def _pause(self, seconds: float, end: float) -> None:
        left = end - self.clock()
        if left > 0:
            await asyncio.sleep(min(seconds, left, MAX_PAUSE))


def monotonic_deadline(wall_deadline: float, margin: float = 1.0) -> float:
    """A live phase's deadline (a wall-clock time, as the live service keeps it) on the clients' clock,
    `margin` seconds early so that the command still reaches the service in time."""
    return time.monotonic() + (wall_deadline - time.time()) - margin


def _message(answer: Any) -> str:
    """The server's own words for a refusal (OpenAI's `{"error": {"message": …}}`), else its body."""
    if isinstance(answer, dict):
        error = answer.get("error")
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])
        if isinstance(error, str):
            return error
    return json.dumps(answer, ensure_ascii=False)[:200] if answer is not None else "no body"


def _retry_after(headers: Mapping[str, str]) -> float:
    value = headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else RETRY_PAUSE
    except ValueError:
        return RETRY_PAUSE
