"""The dead's chat's forms on the spectator page and on a player's page (server/dead_chat.py: the section,
the API, the stream)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from rankedmafia.live.dead_chat import add_dead_post
from rankedmafia.live.errors import Refusal
from rankedmafia.live.service import POST_MAX
from rankedmafia.server.dead_chat import reader_is_living
from rankedmafia.server.deps import CheckedForm, Game, PlayerSeat, SitePlatform
from rankedmafia.server.pages import error_page
from rankedmafia.server.platform import request_lang
from rankedmafia.text.refusals import refusal_text

router = APIRouter(include_in_schema=False)


@router.post("/g/{game_id}/dead", include_in_schema=False)
async def spectator_form(request: Request, checked: CheckedForm, live: Game, platform: SitePlatform,
                         text: Annotated[str, Form(max_length=POST_MAX + 1)] = "",
                         name: Annotated[str, Form(max_length=64)] = "") -> Response:
    service = platform.service
    if await reader_is_living(request, live):
        raise Refusal("dead_chat_living", 403)
    try:
        await add_dead_post(service, live, None, text, name)
    except Refusal as error:
        return error_page(request, refusal_text(error, request_lang(request)), error.status)
    return RedirectResponse(f"/g/{live.id}#dead-chat", status_code=303)


@router.post("/p/{token}/dead", include_in_schema=False)
async def player_form(request: Request, checked: CheckedForm, seat: PlayerSeat, platform: SitePlatform,
                      text: Annotated[str, Form(max_length=POST_MAX + 1)] = "") -> Response:
    try:
        await add_dead_post(platform.service, seat.live, seat.name, text)
    except Refusal as error:
        return error_page(request, refusal_text(error, request_lang(request)), error.status)
    return RedirectResponse(f"/p/{seat.token}#dead-chat", status_code=303)
