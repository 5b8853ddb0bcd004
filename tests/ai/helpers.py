"""Shared by the AI tests: games of fake-model agents, in process or over loopback HTTP."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Sequence
from typing import Any

import httpx2

from rankedmafia.ai.arena import Settings, Table, play_game
from rankedmafia.ai.client import ChatClient
from rankedmafia.ai.config import AgentConfig
from rankedmafia.ai.fake_server import FakeModel
from rankedmafia.setup import Setup, preset


def free_port() -> int:
    """A port nobody listens on (bound and let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ai_config(name: str = "fake", **fields: Any) -> AgentConfig:
    return AgentConfig(name=name, kind="ai", base_url="http://fake.invalid/v1", model="scripted", **fields)


def client_for(model: FakeModel, config: AgentConfig | None = None) -> ChatClient:
    config = config or ai_config()
    return ChatClient(config, httpx2.AsyncClient(transport=model.transport(), base_url=config.base_url))


def play_fake_games(setup: Setup | str, seeds: Sequence[int], model: FakeModel,
                    agents: Sequence[AgentConfig] | None = None) -> list[Table]:
    """Games with every AI agent on `model` (in process); bots for the other agents."""
    setup = preset(setup) if isinstance(setup, str) else setup
    agents = list(agents or [ai_config()])
    settings = Settings(agents, setup, max(seeds) + 1, "leak")

    async def main() -> list[Table]:
        clients = {a.name: client_for(model, a) for a in agents if a.is_ai}
        try:
            return [(await play_game(settings, index, clients))[0] for index in seeds]
        finally:
            for client in clients.values():
                await client.close()

    return asyncio.run(main())
