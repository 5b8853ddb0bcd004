"""The one join page and the one join route of every game, the account optional; the route decides. A
ranked game's seats are the accounts' own: its page asks the signed-out reader to sign in and offers the
signed-in one his seat under his account's name. Any other game's seat is taken under a nickname: signed
out, by its secret link alone; signed in, the seat is held by the account too (its secret derived as in
ranked games), so he finds it again from his profile or the game's page if he loses the link, and a second
join gives him the same seat."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rankedmafia.accounts import AccountError, User
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.tokens import token_hash
from rankedmafia.server.accounts import ladder_of, message, page, take_seat
from rankedmafia.server.deps import Account, CheckedForm, Game, SitePlatform
from rankedmafia.server.pages import render, seat_link
from rankedmafia.server.platform import Platform, request_lang
from rankedmafia.server.views import spectator_data
from rankedmafia.text.refusals import refusal_text

router = APIRouter(include_in_schema=False)


async def _ranked(request: Request, live: LiveGame) -> bool:
    _, record = await ladder_of(request).ready()
    return bool((await record.ranked(live.id))[0])


@router.get("/g/{game_id}/join", response_class=HTMLResponse)
async def join_page(request: Request, live: Game, user: Account) -> Response:
    """A ranked game's join page asks for an account, any other's for a nickname (the signed-in reader
    who holds a seat is shown the way back to it)."""
    if not await _ranked(request, live):
        return render(request, "join.html", {"d": spectator_data(live, request_lang(request)),
                                             "my_seat": await seat_link(request, live.id),
                                             "signed_in": user is not None})
    return await _ranked_page(request, live, user)


async def _ranked_page(request: Request, live: LiveGame, user: User | None, error: Refusal | None = None) -> Response:
    """A ranked game's join page: sign in, the seat to take, or the seat already taken."""
    ladder = ladder_of(request)
    _, record = await ladder.ready()
    seat = await record.seat_of(live.id, user.id) if user and error is None else None
    context = {"game_id": live.id, "title": live.row.title, "me": user, "joined": len(live.seats),
               "players": live.setup.players, "open": live.status == "lobby",
               "seat": ladder.seat_token(live.id, user.id) if user and seat else None}
    if error is None:
        return await page(request, "ranked_join.html", context)
    return await page(request, "ranked_join.html", {**context, "error": message(error, request)}, error.status)


@router.post("/g/{game_id}/join")
@router.post("/g/{game_id}/join-ranked")  # the ranked join page's button posts here (the address is kept)
async def join(
    request: Request,
    checked: CheckedForm,
    live: Game,
    user: Account,
    platform: SitePlatform,
    nickname: Annotated[str, Form(max_length=64)] = "",
    sex: Annotated[str, Form(pattern=r"^[mf]?$")] = "",
) -> Response:
    """A seat: in a ranked game the account's (refused to the signed out), in any other under the nickname
    typed (held by the account as well if one is signed in). Refused, the join page again with the reason."""
    if await _ranked(request, live):
        try:
            if user is None:
                raise AccountError("signed_out", 401)
            token = await take_seat(request, live.id, user)
        except Refusal as error:
            return await _ranked_page(request, await platform.service.get(live.id), user, error)
        return RedirectResponse(f"/p/{token}", status_code=303)
    try:
        if user is None:
            _, token = await platform.service.join(live.id, nickname, sex or None)
        else:
            token = await _held_seat(request, platform, live, user, nickname, sex)
    except Refusal as error:
        return _refused(request, await platform.service.get(live.id), nickname, error)
    return RedirectResponse(f"/p/{token}", status_code=303)


async def _held_seat(request: Request, platform: Platform, live: LiveGame, user: User, nickname: str,
                     sex: str) -> str:
    """The signed-in player's seat in a game that is not ranked: taken once, then the same one again."""
    ladder = ladder_of(request)
    _, record = await ladder.ready()
    token = ladder.seat_token(live.id, user.id)
    async with ladder.lock(user.id):
        if await record.seat_of(live.id, user.id) is None:
            joined, _ = await platform.service.join(live.id, nickname, sex or None, token=token)
            name = next(s.name for s in joined.seats.values() if s.token_hash == token_hash(token))
            await record.hold(live.id, name, user.id)
    return token


def _refused(request: Request, live: LiveGame, nickname: str, error: Refusal) -> Response:
    """The join page again, with the nickname typed and why it was refused."""
    lang = request_lang(request)
    return render(request, "join.html", {"d": spectator_data(live, lang), "nickname": nickname,
                                         "error": refusal_text(error, lang)}, error.status)
