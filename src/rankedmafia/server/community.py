"""The site as a place people come back to: games to watch, the dead's chat, absent players replaced by
bots, push notifications, moderation, play again and the ranked quick join. Installed on the app by
`install`; importing `community_texts` and `host_lines` adds
their words and the thread's English lines to the pages."""

from __future__ import annotations

from fastapi import FastAPI

from rankedmafia.live.absence import drive_absence
from rankedmafia.server import (
    again,
    community_texts,
    dead_chat,
    dead_chat_forms,
    host_lines,
    moderation,
    push,
    quick_join,
    watch,
)

__all__ = ["community_texts", "host_lines", "install"]


def install(app: FastAPI) -> None:
    platform = app.state.platform

    async def absence() -> None:
        drive_absence(platform.service)

    platform.on_start.append(absence)
    holder = app.state.push = push.Holder()

    async def notifications() -> None:
        await push.start(platform, holder)

    platform.on_start.append(notifications)
    app.include_router(push.router)
    app.include_router(moderation.router)
    app.include_router(again.router)
    app.include_router(quick_join.router)
    app.include_router(watch.router)
    app.include_router(dead_chat.router)
    app.include_router(dead_chat_forms.router)
