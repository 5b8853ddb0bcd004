"""The chat client's own request path (no SDK): what it sends, how it reads a refusal, a 5xx or a torn
answer, and a keep-alive pool shared by several agents; the fake server's HTTP side."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

import pytest

from rankedmafia.ai.client import ChatClient, HttpPool, NoAnswer, Reply
from rankedmafia.ai.config import AgentConfig
from rankedmafia.ai.fake_server import FakeModel, serve

from .helpers import ai_config


class Scripted:
    """A transport that answers from a list and keeps what it was sent."""

    def __init__(self, *replies: Reply) -> None:
        self.replies = list(replies)
        self.sent: list[tuple[str, dict[str, Any], dict[str, str]]] = []

    async def post(self, url: str, body: dict[str, Any], headers: Mapping[str, str]) -> Reply:
        self.sent.append((url, body, dict(headers)))
        return self.replies.pop(0)

    async def close(self) -> None:
        raise AssertionError("a shared transport is not the client's to close")


def ok(text: str) -> Reply:
    return 200, {}, {"choices": [{"message": {"content": text}}], "usage": {"prompt_tokens": 7, "completion_tokens": 2}}


def complete(transport: Scripted, config: AgentConfig | None = None, schema: dict[str, Any] | None = None) -> Any:
    async def main() -> Any:
        client = ChatClient(config or ai_config(), transport=transport)
        try:
            return await client.complete([{"role": "user", "content": "ход?"}], schema)
        finally:
            await client.close()

    return asyncio.run(main())


def test_the_request_is_a_plain_post_with_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_TEST_KEY", "sk-test")
    transport = Scripted(ok('{"choice": 0}'))
    config = AgentConfig("a", "ai", "http://models.invalid/v1/", "qwen", api_key_env="ARENA_TEST_KEY",
                         temperature=0.3, max_tokens=50)
    done = complete(transport, config, {"type": "object"})
    assert (done.text, done.prompt_tokens, done.completion_tokens, done.retries) == ('{"choice": 0}', 7, 2, 0)
    url, body, headers = transport.sent[0]
    assert url == "http://models.invalid/v1/chat/completions"
    assert headers["Authorization"] == "Bearer sk-test"
    assert body == {"model": "qwen", "messages": [{"role": "user", "content": "ход?"}], "temperature": 0.3,
                    "max_tokens": 50, "response_format": {"type": "json_schema", "json_schema": {
                        "name": "answer", "schema": {"type": "object"}, "strict": False}}}


def test_a_5xx_and_a_torn_answer_are_retried() -> None:
    transport = Scripted((503, {}, {"error": {"message": "loading"}}), (200, {}, None), ok("да"))
    done = complete(transport, ai_config(deadline=30.0))
    assert done.text == "да" and done.retries == 2 and len(transport.sent) == 3


def test_a_refusal_says_the_servers_words_and_is_not_retried() -> None:
    transport = Scripted((401, {}, {"error": {"message": "invalid api key"}}))
    with pytest.raises(NoAnswer, match="status 401: invalid api key"):
        complete(transport)
    transport = Scripted((400, {}, {"error": {"message": "context too long"}}))
    with pytest.raises(NoAnswer, match="bad request: context too long"):
        complete(transport)  # no schema was sent: nothing to fall back from
    assert len(transport.sent) == 1


def test_agents_sharing_a_pool_share_its_connections() -> None:
    async def main() -> tuple[int, list[str]]:
        model = FakeModel(default="first")
        server, port = await serve(model)
        pool = HttpPool()
        url = f"http://127.0.0.1:{port}/v1"
        clients = [ChatClient(AgentConfig(name, "ai", url, "m"), transport=pool) for name in ("a", "b")]
        try:
            texts = []
            for i in range(6):
                done = await clients[i % 2].complete([{"role": "user", "content": f"{i}"}],
                                                     {"enum": ["да", "нет"]})
                texts.append(done.text)
            for client in clients:
                await client.close()  # the pool is not theirs: still open
            await clients[0].complete([{"role": "user", "content": "ещё"}], None)
            return server.accepted, texts
        finally:
            await pool.close()
            await server.cleanup()

    accepted, texts = asyncio.run(main())
    assert accepted == 1 and texts == ['"да"'] * 6


def test_the_fake_server_answers_its_route_only() -> None:
    async def main() -> list[tuple[int, Any]]:
        server, port = await serve(FakeModel())
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            replies = []
            for path, body in (("/v1/models", b"{}"), ("/v1/chat/completions", b"[1"),
                               ("/v1/chat/completions", json.dumps({"messages": []}).encode())):
                writer.write(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s"
                             % (path.encode(), len(body), body))
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(next(line for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length")).split(b":")[1])
                replies.append((int(head.split()[1]), json.loads(await reader.readexactly(length))))
            writer.close()
            return replies
        finally:
            await server.cleanup()

    (missing, _), (torn, refusal), (fine, answer) = asyncio.run(main())
    assert (missing, torn, fine) == (404, 400, 200)  # on one connection: it stays open
    assert "JSON" in refusal["error"]["message"] and answer["choices"][0]["message"]["content"]


def test_the_environments_proxy_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> str:
        server, port = await serve(FakeModel(default="first"))
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{port}")
        for name in ("NO_PROXY", "no_proxy", "http_proxy"):
            monkeypatch.delenv(name, raising=False)
        client = ChatClient(AgentConfig("a", "ai", "http://models.invalid/v1", "m", timeout=5, deadline=5))
        try:
            return (await client.complete([{"role": "user", "content": "да?"}], {"enum": ["да"]})).text
        finally:
            await client.close()
            await server.cleanup()

    assert asyncio.run(main()) == '"да"'  # models.invalid does not resolve: only the proxy could answer
