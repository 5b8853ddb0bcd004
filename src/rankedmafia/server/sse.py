"""Server-Sent Events: each open page gets a nudge with the game's public version when it changes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import Request
from fastapi.responses import StreamingResponse

from rankedmafia.live.errors import NotFound
from rankedmafia.live.hub import Hub

PING_SECONDS = 15.0


def event_stream(
    request: Request, hub: Hub, game_id: str, state: Callable[[], Awaitable[dict[str, Any]]]
) -> StreamingResponse:
    """`state` builds what this viewer may see (it re-checks his token each time); a nudge that changes
    nothing he sees sends nothing (its `version` is a digest of his page's facts, see live/versions.py)."""

    async def events() -> AsyncIterator[str]:
        queue = hub.subscribe(game_id)
        try:
            yield "retry: 2000\n\n"
            last = await state()
            yield f"event: state\ndata: {json.dumps(last)}\n\n"
            while True:
                try:
                    await asyncio.wait_for(queue.get(), PING_SECONDS)
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": ping\n\n"
                    continue
                try:
                    payload = await state()
                except NotFound:
                    yield "event: gone\ndata: {}\n\n"
                    return
                if payload == last:
                    continue
                last = payload
                yield f"event: state\ndata: {json.dumps(payload)}\n\n"
        finally:
            hub.unsubscribe(game_id, queue)

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
