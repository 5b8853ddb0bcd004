"""Moderation on the site: any player reports a post (with a reason); the host closes the thread to a
player for the game, opens it again, or gives his seat to a bot; the site's moderators (accounts named in
the settings, `Settings.moderators` or $RANKEDMAFIA_MODERATORS: server/deps.py's `Moderator`) see the
reports at `/mod`, hide a post, dismiss a report and ban an account from playing. Every step is logged
(`rm_mod_log`) and none of them reads or shows anything the game hides: a report names the post, its
author's nickname and the reason."""

from __future__ import annotations

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
from rankedmafia.server.accounts import ladder_of
from rankedmafia.server.deps import (
    CheckedForm,
    HostedGame,
    HostToken,
    Moderator,
    PlayerSeat,
    Seat,
    SitePlatform,
    TokenLimit,
)
from rankedmafia.server.pages import render
from rankedmafia.server.platform import Platform, request_lang
from rankedmafia.server.views import game_title
from rankedmafia.store.moderation import ModerationStore

router = APIRouter()


class Report(BaseModel):
    post_id: int = Field(ge=1, description="the post's id, as the posts' list gives it")
    reason: str = Field(min_length=1, max_length=500)


class Moderate(BaseModel):
    name: str = Field(min_length=1, max_length=64, description="the player's seat name")
    action: Literal["mute", "unmute", "bot"] = Field(description="close the thread to him, open it, or give his "
                                                                  "seat to a bot")


async def report_post(platform: Platform, seat: Seat, post_id: int, reason: str) -> None:
    live, name = seat.live, seat.name
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
async def report_api(limited: TokenLimit, seat: PlayerSeat, platform: SitePlatform, body: Report) -> dict[str, Any]:
    await report_post(platform, seat, body.post_id, body.reason)
    return {"ok": True}


@router.post("/p/{token}/report", include_in_schema=False)
async def report_form(checked: CheckedForm, seat: PlayerSeat, platform: SitePlatform, post_id: Annotated[int,
                      Form(ge=1)],
                      reason: Annotated[str, Form(min_length=1, max_length=500)]) -> Response:
    await report_post(platform, seat, post_id, reason)
    return RedirectResponse(f"/p/{seat.token}/thread?reported=1", status_code=303)


@router.post("/api/host/{token}/moderate", tags=["community"],
             summary="The host closes the thread to a player for the game, opens it again, or gives his seat to a bot")
async def moderate_api(live: HostedGame, platform: SitePlatform, body: Moderate) -> dict[str, Any]:
    await host_moderates(platform.service, live.id, body.action, body.name)
    return {"ok": True}


@router.post("/h/{token}/moderate", include_in_schema=False)
async def moderate_form(checked: CheckedForm, host: HostToken, platform: SitePlatform,
                        name: Annotated[str, Form(max_length=64)],
                        action: Annotated[str, Form(pattern=r"^(mute|unmute|bot)$")]) -> Response:
    await host_moderates(platform.service, host.live.id, action, name)
    return RedirectResponse(f"/h/{host.token}", status_code=303)


# --- the site's moderators ----------------------------------------------------------------------------------
@router.get("/mod", response_class=HTMLResponse, include_in_schema=False)
async def mod_page(request: Request, moderator: Moderator, platform: SitePlatform, done: str = "") -> Response:
    service = platform.service
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


ReportId = Annotated[int, Form()]


async def _settle(platform: Platform, moderator: str, report: int, hide: bool) -> Response:
    """A report settled: the post hidden, or the report dismissed."""
    service = platform.service
    game_id = await ModerationStore(service.store).settle(report, hide, "admin:" + moderator, service.clock())
    if game_id is None:
        raise Refusal("not_found", 404, what="report")
    service.hub.publish(game_id)  # the pages redraw without the hidden post
    return RedirectResponse(f"/mod?done={'hide' if hide else 'dismiss'}", status_code=303)


# the form is checked first, then that its sender is a moderator (dependencies run in the order named)
@router.post("/mod/hide", include_in_schema=False)
async def mod_hide(checked: CheckedForm, moderator: Moderator, platform: SitePlatform,
                   report: ReportId = 0) -> Response:
    return await _settle(platform, moderator, report, hide=True)


@router.post("/mod/dismiss", include_in_schema=False)
async def mod_dismiss(checked: CheckedForm, moderator: Moderator, platform: SitePlatform,
                      report: ReportId = 0) -> Response:
    return await _settle(platform, moderator, report, hide=False)


@router.post("/mod/ban", include_in_schema=False)
async def mod_ban(request: Request, checked: CheckedForm, moderator: Moderator, platform: SitePlatform,
                  target: Annotated[str, Form(max_length=64)] = "",
                  reason: Annotated[str, Form(max_length=500)] = "") -> Response:
    service = platform.service
    accounts, _record = await ladder_of(request).ready()
    user = await accounts.by_name(target.strip())
    if user is None:
        raise Refusal("not_found", 404, what="account")
    await accounts.ban(user.id, reason)
    await ModerationStore(service.store).log(service.clock(), "admin:" + moderator, "ban", "", user.name, reason)
    return RedirectResponse("/mod?done=ban", status_code=303)
