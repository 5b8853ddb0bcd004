"""The site as a place people come back to: games to watch, the dead's chat, absent players replaced by
bots, push notifications. Installed on the app by `install` (its routes before the pages' catch-all ones)."""

from __future__ import annotations

from fastapi import FastAPI

from rankedmafia.server import community_texts, dead_chat, dead_chat_forms, watch

__all__ = ["community_texts", "install"]


def install(app: FastAPI) -> None:
    app.include_router(watch.router)
    app.include_router(dead_chat.router)
    app.include_router(dead_chat_forms.router)
