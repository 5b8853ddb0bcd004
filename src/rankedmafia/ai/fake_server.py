"""The project's own fake OpenAI-compatible chat server, for tests, benchmarks and docs.

`FakeModel` answers `/v1/chat/completions` bodies: by default a legal move drawn from the request's own
JSON schema (the prompt's moves: `prompt.move_schema`) with a generator seeded by the request, so the same
requests get the same answers whatever the concurrency. Steps queued with `script` come first: a given
text, malformed JSON, an illegal choice, a slow answer, a 429 with `retry-after`, a refusal of the schema
(400). Every request is recorded (`requests`), for the leak test.

Served over HTTP (`serve`, `python -m rankedmafia.ai.fake_server --port 8011`: its own process, on uvloop)
or in process: as a chat client's transport (`FakeModel.post`), or through an httpx2 transport
(`transport()`); the same model every way. The HTTP server is a bare asyncio protocol over httptools'
parser (keep-alive, one route): aiohttp's server cost four times the model's own answer a request, and in
an arena over loopback the server's core is shared with the players'.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import random
from collections import deque
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import httptools
import httpx2

from rankedmafia.ai.fake_reader import reader_answer

PHRASES = {
    "ru": ["Я пока присматриваюсь.", "Давайте обсудим вчерашние голоса.", "Мне кажется, кто-то слишком тих.",
           "Согласен, надо решать вместе.", "Предлагаю не спешить с выводами."],
    "en": ["I am still watching.", "Let us look at yesterday's votes.", "Someone is too quiet.",
           "Agreed, let us decide together.", "No hasty conclusions, please."],
}


@dataclass(slots=True)
class Step:
    """One scripted reply: `kind` is legal | first | text | malformed | illegal | slow | 429 | no_schema."""

    kind: str = "legal"
    text: str = ""
    seconds: float = 0.0  # slow: the delay; 429: the retry-after


@dataclass(slots=True)
class FakeModel:
    default: str = "legal"  # legal | first | pass | reader (without a schema: reads the prompt, `fake_reader`)
    record: bool = True
    script: deque[Step] = field(default_factory=deque)
    requests: list[dict[str, Any]] = field(default_factory=list)
    schema_supported: bool = True
    talk: bool = True  # answer posts (else an empty post, refused)
    by_prompt: Callable[[dict[str, Any]], Step | None] | None = None  # a test's own choice, per request

    def queue(self, *steps: Step) -> None:
        self.script.extend(steps)

    async def answer(self, body: dict[str, Any]) -> tuple[int, dict[str, str], dict[str, Any]]:
        if self.record:
            self.requests.append(body)
        step = self.script.popleft() if self.script else None
        if step is None and self.by_prompt is not None:
            step = self.by_prompt(body)
        step = step or Step(self.default)
        format_ = body.get("response_format") or {}
        schema = (format_.get("json_schema") or {}).get("schema") if isinstance(format_, dict) else None
        if schema is not None and (not self.schema_supported or step.kind == "no_schema"):
            return 400, {}, {"error": {"message": "response_format json_schema is not supported",
                                       "type": "invalid_request_error"}}
        if step.kind == "429":
            return 429, {"retry-after": str(step.seconds)}, {"error": {"message": "rate limited"}}
        if step.kind == "slow":
            await asyncio.sleep(step.seconds)
        rng = random.Random(hashlib.sha256(json.dumps(body.get("messages"), ensure_ascii=False).encode()).digest())
        if step.kind == "text":
            content = step.text
        elif step.kind == "malformed":
            content = '{"choice": "первый", "targets": ["'
        elif step.kind == "illegal":
            content = json.dumps({"choice": 999, "targets": ["Никто"]})
        elif schema is None and self.default == "reader":  # asked without a schema: it reads the prompt
            messages = body.get("messages") or [{}]
            lang = "en" if str(messages[0].get("content", "")).startswith("You are") else "ru"
            content = reader_answer(messages, rng, PHRASES[lang])
        elif schema is None or (self.default == "pass" and "anyOf" in schema):
            content = json.dumps({"choice": 0, "targets": []})
        else:
            messages = body.get("messages") or [{}]
            lang = "en" if str(messages[0].get("content", "")).startswith("You are") else "ru"
            value = instance(schema, rng, first=step.kind == "first" or self.default == "first", lang=lang)
            if isinstance(value, dict) and "post" in value and not self.talk:
                value["post"] = ""
            content = json.dumps(value, ensure_ascii=False)
        prompt_tokens = sum(len(str(m.get("content", ""))) for m in body.get("messages", [])) // 4
        return 200, {}, {
            "id": "fake", "object": "chat.completion", "created": 0, "model": body.get("model", "fake"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": len(content) // 4,
                      "total_tokens": prompt_tokens + len(content) // 4},
        }

    # --- the ways in ------------------------------------------------------------------------------
    async def post(self, url: str, body: dict[str, Any], headers: Mapping[str, str]) -> tuple[int, dict[str, str], Any]:
        """In process, as a chat client's transport (`client.Transport`): no HTTP at all."""
        return await self.answer(body)

    async def close(self) -> None:
        """Nothing to let go (a transport's close)."""

    def transport(self) -> httpx2.MockTransport:
        async def handle(request: httpx2.Request) -> httpx2.Response:
            status, headers, payload = await self.answer(json.loads(await request.aread()))
            return httpx2.Response(status, headers=headers, json=payload)

        return httpx2.MockTransport(handle)


def instance(schema: dict[str, Any], rng: random.Random, first: bool = False, lang: str = "ru") -> Any:
    """A value the schema accepts (the subset our prompts use), drawn with `rng` or the first of each list;
    the targets of one move are distinct; a string is a phrase in `lang`."""
    if "anyOf" in schema:
        branches = schema["anyOf"]
        moves = branches[1:] or branches  # the first branch is the pass: drawn only when nothing else is
        return instance(moves[0] if first else moves[int(rng.random() * len(moves))], rng, first, lang)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        values = schema["enum"]
        return values[0] if first else values[int(rng.random() * len(values))]
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties", {})
        wanted = schema.get("required", props)
        return {key: instance(sub, rng, first, lang) for key, sub in props.items() if key in wanted}
    if kind == "array":
        places = schema.get("prefixItems")
        least, most = schema.get("minItems", 0), schema.get("maxItems", len(places) if places else 1)
        if places is not None:
            count = least if first else least + int(rng.random() * (most - least + 1))
            picked: list[Any] = []
            for place in places[:count]:
                free = [v for v in place["enum"] if v not in picked]
                if not free:
                    break
                picked.append(free[0] if first else free[int(rng.random() * len(free))])
            return picked
        items = schema.get("items", {}).get("enum", [])
        count = max(least, min(len(items), least))
        return items[:count] if first else rng.sample(items, min(len(items), count))
    if kind == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", 4)
        return low if first else low + int(rng.random() * (high - low + 1))
    if kind == "string":
        words = PHRASES.get(lang, PHRASES["ru"])
        return words[0] if first else words[int(rng.random() * len(words))]
    return None


REASONS = {200: b"OK", 400: b"Bad Request", 404: b"Not Found", 429: b"Too Many Requests"}
ROUTE = b"/v1/chat/completions"


class _Connection(asyncio.Protocol):
    """One keep-alive connection: requests answered in the order they came (a client that pipelines gets
    its answers in order)."""

    def __init__(self, model: FakeModel, server: FakeServer) -> None:
        self.model = model
        self.server = server
        self.parser = httptools.HttpRequestParser(self)
        self.transport: asyncio.Transport | None = None
        self.url = b""
        self.body: list[bytes] = []
        self.last: asyncio.Task[None] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # a stream's (uvloop's is not a subclass)
        self.server.connections.add(self)
        self.server.accepted += 1

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self)
        self.transport = None

    def data_received(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            self._send(400, {}, {"error": {"message": "malformed request"}}, keep_alive=False)

    # httptools' callbacks
    def on_message_begin(self) -> None:
        self.url, self.body = b"", []

    def on_url(self, url: bytes) -> None:
        self.url += url

    def on_body(self, body: bytes) -> None:
        self.body.append(body)

    def on_message_complete(self) -> None:
        url = self.url
        if not url.startswith(b"/"):  # the absolute form, as a client sends it to a proxy
            url = httptools.parse_url(url).path or b"/"
        route, body, keep_alive = url.split(b"?")[0], b"".join(self.body), self.parser.should_keep_alive()
        before = self.last
        self.last = asyncio.get_running_loop().create_task(self._answer(route, body, keep_alive, before))

    async def _answer(self, route: bytes, raw: bytes, keep_alive: bool, before: asyncio.Task[None] | None) -> None:
        status: int
        headers: dict[str, str]
        payload: Any
        if route != ROUTE:
            status, headers, payload = 404, {}, {"error": {"message": "not found"}}
        else:
            try:
                body = json.loads(raw)
            except ValueError:
                body = None
            if isinstance(body, dict):
                status, headers, payload = await self.model.answer(body)
            else:
                status, headers, payload = 400, {}, {"error": {"message": "the body is not a JSON object"}}
        if before is not None:
            await before
        self._send(status, headers, payload, keep_alive)

    def _send(self, status: int, headers: dict[str, str], payload: Any, keep_alive: bool) -> None:
        if self.transport is None:
            return
        data = json.dumps(payload, ensure_ascii=False).encode()
        head = [b"HTTP/1.1 %d %s" % (status, REASONS.get(status, b"Error")), b"Content-Type: application/json",
                b"Content-Length: %d" % len(data)]
        head += [f"{name}: {value}".encode() for name, value in headers.items()]
        if not keep_alive:
            head.append(b"Connection: close")
        self.transport.write(b"\r\n".join(head) + b"\r\n\r\n" + data)
        if not keep_alive:
            self.transport.close()


@dataclass(slots=True)
class FakeServer:
    """The model served over HTTP on one port; `cleanup` closes it and every connection."""

    model: FakeModel
    server: asyncio.Server | None = None
    connections: set[_Connection] = field(default_factory=set)
    accepted: int = 0  # connections accepted so far (keep-alive: a pooled client opens few)

    async def start(self, host: str, port: int) -> int:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: _Connection(self.model, self), host, port)
        return int(self.server.sockets[0].getsockname()[1])

    async def cleanup(self) -> None:
        if self.server is not None:
            self.server.close()
            for connection in list(self.connections):
                if connection.transport is not None:
                    connection.transport.close()
            await self.server.wait_closed()
            self.server = None


async def serve(model: FakeModel, host: str = "127.0.0.1", port: int = 0) -> tuple[FakeServer, int]:
    """Serves the model over HTTP; returns the server (`cleanup()` to close it) and the port."""
    server = FakeServer(model)
    return server, await server.start(host, port)


def main() -> None:
    parser = argparse.ArgumentParser(description="a fake OpenAI-compatible chat server (legal random moves)")
    parser.add_argument("--port", type=int, default=8011)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--default", default="legal", choices=("legal", "first", "pass", "reader"))
    args = parser.parse_args()

    async def forever() -> None:
        server, port = await serve(FakeModel(default=args.default, record=False), args.host, args.port)
        print(f"the fake chat server listens on http://{args.host}:{port}/v1", flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await server.cleanup()

    try:
        import uvloop  # not on Windows (pyproject's marker)

        runner: Callable[[Coroutine[Any, Any, None]], None] = uvloop.run
    except ImportError:
        runner = asyncio.run
    with contextlib.suppress(KeyboardInterrupt):
        runner(forever())


if __name__ == "__main__":
    main()
