"""The dead's chat on the site: the spectator page's and a player's page's section, its API and its live
stream (live/dead_chat.py decides who reads and writes). The living player's own page, API and stream never
carry it; the spectator page hides it from a browser that has just opened a living player's page of the
same game, or whose account holds a living seat in it (a spectator link cannot tell who reads it otherwise)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field
from sse_starlette import EventSourceResponse

from rankedmafia.live.dead_chat import add_dead_post, living, read_dead_posts
from rankedmafia.live.errors import NotFound, Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.nicknames import NICK_MAX
from rankedmafia.live.service import POST_MAX
from rankedmafia.server.deps import SESSION, Game, GameId, PlayerSeat, SitePlatform, TokenLimit
from rankedmafia.server.platform import platform_of
from rankedmafia.server.sse import event_stream

router = APIRouter()
_LIVING_SESSIONS: dict[str, set[str]] = {}  # browser session -> games where it opened a living player's page
_SESSIONS_MOST = 100_000


class DeadPost(BaseModel):
    text: str = Field(min_length=1, max_length=POST_MAX)


class SpectatorPost(DeadPost):
    name: str = Field(min_length=1, max_length=NICK_MAX, description="the spectator's name in the chat")


def remember_living(request: Request, live: LiveGame, name: str) -> None:
    """This browser holds a living player's link of this game: its spectator page hides the dead's chat."""
    session = request.cookies.get(SESSION)
    if session and living(live, name):
        if len(_LIVING_SESSIONS) > _SESSIONS_MOST:
            _LIVING_SESSIONS.clear()
        _LIVING_SESSIONS.setdefault(session, set()).add(live.id)


async def reader_is_living(request: Request, live: LiveGame) -> bool:
    if live.status == "over":
        return False
    if live.id in _LIVING_SESSIONS.get(request.cookies.get(SESSION) or "", ()):
        return True
    find = platform_of(request).own_seat
    token = await find(request, live.id) if find is not None else None
    if token is None:
        return False
    try:
        held, name = await platform_of(request).service.seat(token)
    except NotFound:
        return False
    return living(held, name)


async def dead_section(request: Request, live: LiveGame, name: str | None, token: str = "") -> dict[str, Any] | None:
    """The page's section (None: not for this reader). `name`/`token`: a player's page, else the spectator's."""
    if name is not None:
        remember_living(request, live, name)
    if live.status == "lobby" or living(live, name) or (name is None and await reader_is_living(request, live)):
        return None
    service = platform_of(request).service
    posts = await read_dead_posts(service, live, name)
    base = f"/p/{token}" if name is not None else f"/g/{live.id}"
    events = f"/api/player/{token}/dead/events" if name is not None else f"/api/games/{live.id}/dead/events"
    return {"posts": posts, "post": f"{base}/dead", "events": events, "spectator": name is None,
            "over": live.status == "over"}


def _stream(request: Request, live: LiveGame, name: str | None, token: str) -> EventSourceResponse:
    platform = platform_of(request)

    async def state() -> dict[str, Any]:
        if token:
            current, seat = await platform.service.seat(token)
        else:
            current, seat = await platform.service.get(live.id), None
        return {"posts": await read_dead_posts(platform.service, current, seat)}

    # a revived player, or a link that is gone: the chat is no longer his
    return event_stream(request, platform.hub, live.id, state, event="dead", gone=(Refusal, NotFound))


async def limit(request: Request, key: str) -> None:
    if not await platform_of(request).submit_limit.allow(key):
        raise Refusal("rate_limited", 429)


# --- the API ------------------------------------------------------------------------------------------
@router.get("/api/games/{game_id}/dead", summary="The dead's and the spectators' chat (for spectators)",
            tags=["community"])
async def spectator_read(live: Game, platform: SitePlatform) -> list[dict[str, Any]]:
    return await read_dead_posts(platform.service, live, None)


async def _spectator_limit(request: Request, game_id: GameId) -> None:
    """A spectator's posts, limited per address and game before the game is looked up."""
    client = request.client.host if request.client else "?"
    await limit(request, f"{client}:dead:{game_id}")


@router.post("/api/games/{game_id}/dead", summary="A spectator writes in the dead's chat", status_code=201,
             tags=["community"])
async def spectator_write(limited: Annotated[None, Depends(_spectator_limit)], live: Game, platform: SitePlatform,
                          body: SpectatorPost) -> dict[str, Any]:
    post_id = await add_dead_post(platform.service, live, None, body.text, body.name)
    return {"ok": True, "id": post_id}


@router.get("/api/games/{game_id}/dead/events", summary="Live updates of the dead's chat (Server-Sent Events)",
            tags=["community"])
async def spectator_events(request: Request, live: Game) -> Any:
    return _stream(request, live, None, "")


@router.get("/api/player/{token}/dead", summary="The dead's chat: for a player out of the game (403 while alive)",
            tags=["community"])
async def player_read(seat: PlayerSeat, platform: SitePlatform) -> list[dict[str, Any]]:
    return await read_dead_posts(platform.service, seat.live, seat.name)


@router.post("/api/player/{token}/dead", summary="A player out of the game writes in the dead's chat",
             status_code=201, tags=["community"])
async def player_write(limited: TokenLimit, seat: PlayerSeat, platform: SitePlatform, body: DeadPost) -> dict[str, Any]:
    return {"ok": True, "id": await add_dead_post(platform.service, seat.live, seat.name, body.text)}


@router.get("/api/player/{token}/dead/events", summary="Live updates of the dead's chat for a player out of the game",
            tags=["community"])
async def player_events(request: Request, seat: PlayerSeat, platform: SitePlatform) -> Any:
    await read_dead_posts(platform.service, seat.live, seat.name)  # refused while he lives
    return _stream(request, seat.live, seat.name, seat.token)
