"""Server-Sent Events: each open page gets a nudge with the game's public version when it changes.

Streams are sse-starlette's: a keep-alive comment goes out every `keepalive_seconds` (15 s) from a task of
its own, whatever the stream's nudges do, so a page that is nudged often but shown nothing new (a
civilian's night), or nudged never (a quiet lobby), still hears from the server and no proxy cuts it as
idle; a closed page ends its stream at once.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import Request
from sse_starlette import EventSourceResponse, ServerSentEvent

from rankedmafia.live.errors import NotFound
from rankedmafia.live.hub import Hub

RETRY_MS = 2000  # how soon a browser reconnects a lost stream
SEP = "\n"


def _ping() -> ServerSentEvent:
    return ServerSentEvent(comment="ping", sep=SEP)


def event_stream(
    request: Request, hub: Hub, game_id: str, state: Callable[[], Awaitable[dict[str, Any]]],
    event: str = "state", gone: tuple[type[Exception], ...] = (NotFound,),
) -> EventSourceResponse:
    """`state` builds what this viewer may see (it re-checks his token each time); a nudge that changes
    nothing he sees sends nothing (its `version` is a digest of his page's facts, see live/versions.py).
    `event` names the stream's events (the dead's chat has its own); `state` raising one of `gone` ends the
    stream with a `gone` event (the link no longer shows him this)."""
    settings = request.app.state.platform.settings

    async def events() -> AsyncIterator[ServerSentEvent]:
        queue = hub.subscribe(game_id)
        try:
            last = await state()
            yield ServerSentEvent(json.dumps(last), event=event, retry=RETRY_MS, sep=SEP)
            while True:
                await queue.get()
                try:
                    payload = await state()
                except gone:
                    yield ServerSentEvent("{}", event="gone", sep=SEP)
                    return
                if payload == last:
                    continue
                last = payload
                yield ServerSentEvent(json.dumps(payload), event=event, sep=SEP)
        finally:
            hub.unsubscribe(game_id, queue)

    return EventSourceResponse(events(), ping=settings.keepalive_seconds, sep=SEP, ping_message_factory=_ping,
                               send_timeout=30, headers={"Cache-Control": "no-store"})
