"""Games to watch: the listed games in progress, each with its setup in words, its phase, how many are
still alive, and the link to its spectator view (`/watch`, linked from the home page; `GET /api/watch`).
A game its host did not list stays findable by its link only, as in the lobby."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from rankedmafia.live.errors import NotFound
from rankedmafia.live.service import GameService
from rankedmafia.server.deps import SitePlatform
from rankedmafia.server.lobby import roles_text, setup_title
from rankedmafia.server.platform import request_lang
from rankedmafia.server.views import game_title
from rankedmafia.text.names import phase_name

WATCH_MOST = 50
router = APIRouter()


async def watch_games(service: GameService, lang: str) -> list[dict[str, Any]]:
    """The listed games running or paused, newest first: what a visitor needs to pick one to watch."""
    out: list[dict[str, Any]] = []
    for game_id in await service.store.active():
        try:
            live = await service.get(game_id)
        except NotFound:
            continue
        game = live.game
        if game is None or not live.row.options.get("listed") or live.status not in ("running", "paused"):
            continue
        out.append({
            "id": live.id,
            "title": game_title(live, lang),
            "setup": setup_title(live.row.setup, lang),
            "roles": roles_text(live.row.setup, lang),
            "phase": phase_name(game.phase.kind.value, lang, game.phase.number),
            "day": sum(1 for r in game.results if r.phase.kind.value == "day") + (game.phase.kind.value == "day"),
            "alive": len(game.alive()),
            "players": len(live.seats),
            "paused": live.status == "paused",
            "ranked": bool(live.row.options.get("ranked")),
            "created": live.row.created_at,
            "url": f"/g/{live.id}",
        })
    out.sort(key=lambda g: -float(g["created"]))
    return out[:WATCH_MOST]


@router.get("/api/watch", summary="The listed games in progress, to watch (newest first)", tags=["community"])
async def watch_api(request: Request, platform: SitePlatform) -> list[dict[str, Any]]:
    return await watch_games(platform.service, request_lang(request))


@router.get("/watch", response_class=HTMLResponse, include_in_schema=False)
async def watch_page(request: Request, platform: SitePlatform) -> Response:
    from rankedmafia.server.pages import render

    games = await watch_games(platform.service, request_lang(request))
    return render(request, "watch.html", {"games": games})
