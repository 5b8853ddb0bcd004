"""The leaderboard (by season), the setups' real balance beside the simulator's, and the admin page (bans
and voids, behind the admin key from the settings: `?key=` once, then an HttpOnly cookie)."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rankedmafia.accounts import AccountError, User
from rankedmafia.ladder.balance import balance, predict_all, predictions_ready
from rankedmafia.server.accounts import ladder_of, page
from rankedmafia.server.deps import CheckedForm
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


def _admin_only(request: Request) -> None:
    """The admin's forms: refused without the admin key's cookie."""
    if not _admin(request):
        raise AccountError("admin_only", 403)


# the form is checked first, then the admin key (a dependency runs where the route names it)
AdminForm = Annotated[None, Depends(_admin_only)]
Target = Annotated[str, Form(max_length=64)]
Reason = Annotated[str, Form(max_length=500)]


def _done(command: str) -> Response:
    return RedirectResponse(f"/admin?done={command}", status_code=303)


async def _account_named(request: Request, target: str) -> User:
    accounts, _ = await ladder_of(request).ready()
    user = await accounts.by_name(target.strip())
    if user is None:
        raise AccountError("no_user", 404)
    return user


def _telegram_id(target: str) -> int:
    target = target.strip()
    if not target.lstrip("-").isdigit():
        raise AccountError("no_user", 404)
    return int(target)


@router.post("/admin/ban")
async def admin_ban(request: Request, checked: CheckedForm, admin: AdminForm, target: Target = "",
                    reason: Reason = "") -> Response:
    accounts, _record = await ladder_of(request).ready()
    await accounts.ban((await _account_named(request, target)).id, reason)
    return _done("ban")


@router.post("/admin/unban")
async def admin_unban(request: Request, checked: CheckedForm, admin: AdminForm, target: Target = "") -> Response:
    accounts, _record = await ladder_of(request).ready()
    await accounts.unban((await _account_named(request, target)).id)
    return _done("unban")


@router.post("/admin/ban-telegram")
async def admin_ban_telegram(request: Request, checked: CheckedForm, admin: AdminForm, target: Target = "",
                             reason: Reason = "") -> Response:
    accounts, _record = await ladder_of(request).ready()
    await accounts.ban_telegram(_telegram_id(target), reason)
    return _done("ban-telegram")


@router.post("/admin/unban-telegram")
async def admin_unban_telegram(request: Request, checked: CheckedForm, admin: AdminForm,
                               target: Target = "") -> Response:
    accounts, _record = await ladder_of(request).ready()
    await accounts.unban_telegram(_telegram_id(target))
    return _done("unban-telegram")


@router.post("/admin/void")
async def admin_void(request: Request, checked: CheckedForm, admin: AdminForm, target: Target = "",
                     reason: Reason = "") -> Response:
    _accounts, record = await ladder_of(request).ready()
    await record.void(target.strip(), reason)
    return _done("void")


@router.post("/admin/unvoid")
async def admin_unvoid(request: Request, checked: CheckedForm, admin: AdminForm, target: Target = "") -> Response:
    _accounts, record = await ladder_of(request).ready()
    await record.unvoid(target.strip())
    return _done("unvoid")
