"""The leaderboard (by season), the setups' real balance beside the simulator's, and the admin page (bans
and voids, behind the admin key from the settings: `?key=` once, then an HttpOnly cookie)."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rankedmafia.accounts import AccountError
from rankedmafia.ladder.balance import balance, predict_all, predictions_ready
from rankedmafia.server.accounts import check_form, ladder_of, page
from rankedmafia.server.platform import request_lang
from rankedmafia.text.roles import side_name

router = APIRouter(include_in_schema=False)
ADMIN_COOKIE = "rm_admin"


@router.get("/ladder", response_class=HTMLResponse)
async def leaderboard(request: Request, season: str = "") -> Response:
    ladder = ladder_of(request)
    accounts, record = await ladder.ready()
    rated = await record.ladder(ladder.rating)
    seasons = sorted(rated.seasons, reverse=True)
    chosen = season if season in rated.seasons else (seasons[0] if seasons else "")
    board = rated.board(chosen, await record.banned_accounts()) if chosen else []
    names = await accounts.names([s.user_id for s in board])
    return await page(request, "ladder.html", {
        "board": board, "names": names, "season": chosen, "seasons": seasons, "z": ladder.rating.z,
        "min_games": ladder.rating.min_games})


@router.get("/balance", response_class=HTMLResponse)
async def balance_page(request: Request) -> Response:
    ladder = ladder_of(request)
    _, record = await ladder.ready()
    await record.sync()
    games = await record.recorded()
    pending = not predictions_ready(ladder.sim_games)
    if pending:  # the simulator takes seconds: the real games are shown at once, its figures once ready
        ladder.start_background(predict_all, ladder.sim_games)
    rows = balance(games, ladder.sim_games, wait=False)
    lang = request_lang(request)
    return await page(request, "balance.html", {"rows": rows, "pending": pending,
                                                "side": lambda s: side_name(s, lang)})


# --- admin ------------------------------------------------------------------------------------------------
def _admin(request: Request, key: str = "") -> bool:
    expected = ladder_of(request).admin_token
    given = key or request.cookies.get(ADMIN_COOKIE, "")
    return expected is not None and hmac.compare_digest(expected.encode(), given.encode())


@router.get("/admin", response_class=HTMLResponse)
async def admin_page(request: Request, key: str = "", done: str = "") -> Response:
    if not _admin(request, key):
        raise AccountError("admin_only", 403)
    accounts, _ = await ladder_of(request).ready()
    banned, tg_banned = await accounts.banned_list()
    response = await page(request, "admin.html", {"banned": banned, "tg_banned": tg_banned, "done": done})
    if key:
        response.set_cookie(ADMIN_COOKIE, key, httponly=True, samesite="strict", max_age=86400,
                            secure=request.url.scheme == "https")
    return response


@router.post("/admin/{command}")
async def admin_command(
    request: Request,
    command: str,
    csrf: Annotated[str, Form()],
    target: Annotated[str, Form(max_length=64)] = "",
    reason: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    await check_form(request, csrf)
    if not _admin(request):
        raise AccountError("admin_only", 403)
    accounts, record = await ladder_of(request).ready()
    target = target.strip()
    if command in ("ban", "unban"):
        user = await accounts.by_name(target)
        if user is None:
            raise AccountError("no_user", 404)
        await (accounts.ban(user.id, reason) if command == "ban" else accounts.unban(user.id))
    elif command in ("ban-telegram", "unban-telegram"):
        if not target.lstrip("-").isdigit():
            raise AccountError("no_user", 404)
        tg = int(target)
        await (accounts.ban_telegram(tg, reason) if command == "ban-telegram" else accounts.unban_telegram(tg))
    elif command in ("void", "unvoid"):
        await (record.void(target, reason) if command == "void" else record.unvoid(target))
    else:
        raise AccountError("not_found", 404, what=command)
    return RedirectResponse(f"/admin?done={command}", status_code=303)
