"""Moderation on the site: any player reports a post (with a reason); the host closes the thread to a
player for the game, opens it again, or gives his seat to a bot; the site's moderators (accounts named in
the settings, `Settings.moderators` or $RANKEDMAFIA_MODERATORS) see the reports at `/mod`, hide a post,
dismiss a report and ban an account from playing. Every step is logged (`rm_mod_log`) and none of them
reads or shows anything the game hides: a report names the post, its author's nickname and the reason."""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from rankedmafia.live.dead_chat import CHANNEL as DEAD
from rankedmafia.live.dead_chat import may_read
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.moderation import host_moderates
from rankedmafia.live.posts import clan_channels
from rankedmafia.server.accounts import current_user, ladder_of
from rankedmafia.server.dead_chat import limit
from rankedmafia.server.deps import Token
from rankedmafia.server.pages import _check, render
from rankedmafia.server.platform import platform_of, request_lang
from rankedmafia.server.views import game_title
from rankedmafia.store.moderation import ModerationStore

router = APIRouter()
MODERATORS_VARIABLE = "RANKEDMAFIA_MODERATORS"  # account names, separated by commas


class Report(BaseModel):
    post_id: int = Field(ge=1, description="the post's id, as the posts' list gives it")
    reason: str = Field(min_length=1, max_length=500)


class Moderate(BaseModel):
    name: str = Field(min_length=1, max_length=64, description="the player's seat name")
    action: Literal["mute", "unmute", "bot"] = Field(description="close the thread to him, open it, or give his "
                                                                  "seat to a bot")


async def report_post(request: Request, token: str, post_id: int, reason: str) -> None:
    platform = platform_of(request)
    live, name = await platform.service.seat(token)
    moderation = ModerationStore(platform.service.store)
    found = await moderation.post(live.id, post_id)
    if found is None or not _readable(live, name, found[0]):
        raise Refusal("not_found", 404, what="post")
    await moderation.report(live.id, post_id, name, reason.strip()[:500], platform.service.clock())


def _readable(live: LiveGame, name: str, channel: str) -> bool:
    if channel == "thread":
        return True
    if channel == DEAD:
        return may_read(live, name)
    return channel in clan_channels(live, name)


@router.post("/api/player/{token}/report", status_code=201, tags=["community"],
             summary="Report a post he can read, with a reason (the site's moderators see it)")
async def report_api(request: Request, token: Token, body: Report) -> dict[str, Any]:
    await limit(request, token)
    await report_post(request, token, body.post_id, body.reason)
    return {"ok": True}


@router.post("/p/{token}/report", include_in_schema=False)
async def report_form(request: Request, token: str, csrf: Annotated[str, Form()],
                      post_id: Annotated[int, Form(ge=1)], reason: Annotated[str, Form(min_length=1, max_length=500)]
                      ) -> Response:
    await _check(request, csrf)
    await report_post(request, token, post_id, reason)
    return RedirectResponse(f"/p/{token}/thread?reported=1", status_code=303)


@router.post("/api/host/{token}/moderate", tags=["community"],
             summary="The host closes the thread to a player for the game, opens it again, or gives his seat to a bot")
async def moderate_api(request: Request, token: Token, body: Moderate) -> dict[str, Any]:
    service = platform_of(request).service
    live = await service.hosted(token)
    await host_moderates(service, live.id, body.action, body.name)
    return {"ok": True}


@router.post("/h/{token}/moderate", include_in_schema=False)
async def moderate_form(request: Request, token: str, csrf: Annotated[str, Form()],
                        name: Annotated[str, Form(max_length=64)],
                        action: Annotated[str, Form(pattern=r"^(mute|unmute|bot)$")]) -> Response:
    await _check(request, csrf)
    service = platform_of(request).service
    live = await service.hosted(token)
    await host_moderates(service, live.id, action, name)
    return RedirectResponse(f"/h/{token}", status_code=303)


# --- the site's moderators ----------------------------------------------------------------------------------
def moderators(request: Request) -> set[str]:
    named = getattr(platform_of(request).settings, "moderators", ()) or ()
    from_env = os.environ.get(MODERATORS_VARIABLE, "")
    return {n.strip().casefold() for n in (*named, *from_env.split(",")) if n.strip()}


async def moderator(request: Request) -> str:
    user = await current_user(request)
    if user is None or user.name.casefold() not in moderators(request):
        raise Refusal("moderators_only", 403)
    return user.name


@router.get("/mod", response_class=HTMLResponse, include_in_schema=False)
async def mod_page(request: Request, done: str = "") -> Response:
    await moderator(request)
    service = platform_of(request).service
    moderation = ModerationStore(service.store)
    rows = []
    for report in await moderation.reports():
        try:
            live = await service.get(report.game_id)
        except Refusal:
            continue
        rows.append({"id": report.id, "game": game_title(live, request_lang(request)), "game_id": live.id,
                     "author": report.author[1:] if report.author.startswith("~") else live.nickname(report.author)
                     if report.author else "—", "text": report.text, "reason": report.reason,
                     "reporter": live.nickname(report.reporter)})
    return render(request, "mod.html", {"reports": rows, "entries": await moderation.entries(50), "done": done})


@router.post("/mod/{command}", include_in_schema=False)
async def mod_command(request: Request, command: str, csrf: Annotated[str, Form()],
                      report: Annotated[int, Form()] = 0, target: Annotated[str, Form(max_length=64)] = "",
                      reason: Annotated[str, Form(max_length=500)] = "") -> Response:
    await _check(request, csrf)
    who = "admin:" + await moderator(request)
    service = platform_of(request).service
    moderation = ModerationStore(service.store)
    if command in ("hide", "dismiss"):
        game_id = await moderation.settle(report, command == "hide", who, service.clock())
        if game_id is None:
            raise Refusal("not_found", 404, what="report")
        service.hub.publish(game_id)  # the pages redraw without the hidden post
    elif command == "ban":
        accounts, _ = await ladder_of(request).ready()
        user = await accounts.by_name(target.strip())
        if user is None:
            raise Refusal("not_found", 404, what="account")
        await accounts.ban(user.id, reason)
        await moderation.log(service.clock(), who, "ban", "", user.name, reason)
    else:
        raise Refusal("not_found", 404, what=command)
    return RedirectResponse(f"/mod?done={command}", status_code=303)
