"""What a route is given, as FastAPI dependencies: the platform, a game by its id (any, or a finished one), a
player's seat by his secret token, the host's game by the admin token (any, or a forum desk's), the
signed-in account (optional) or a site moderator, a site form's checked CSRF token and a token's rate limit.
A route names what it needs (`seat: PlayerSeat`) and receives it found, or the request is refused (404)
before the route runs; the path parameters' shapes are checked here once (a link of the wrong shape is an
unknown link: app.py answers it 404 as well). Dependencies run in the order a route names them, so a
route that names `CheckedForm` first checks its form before it looks anything up."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Form, Path, Request

from rankedmafia.accounts import User
from rankedmafia.live.desk import is_desk
from rankedmafia.live.errors import NotFound, Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.server.platform import Platform, platform_of
from rankedmafia.server.security import csrf_valid

Token = Annotated[str, Path(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
GameId = Annotated[str, Path(min_length=4, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
PATH_IDS = ("token", "game_id")  # the path parameters that name a game or a seat
SESSION = "rm_session"  # the browser's session cookie, which a site form's CSRF token is bound to
MODERATORS_VARIABLE = "RANKEDMAFIA_MODERATORS"  # account names, separated by commas


@dataclass(frozen=True, slots=True)
class Seat:
    live: LiveGame
    name: str
    token: str


@dataclass(frozen=True, slots=True)
class Hosting:
    """The host's game with the admin token it was found by (his pages link back to it)."""

    live: LiveGame
    token: str


async def _game(request: Request, game_id: GameId) -> LiveGame:
    return await platform_of(request).service.get(game_id)


def finished(live: LiveGame) -> LiveGame:
    """A game that is over: its replay, its AI seats' prompts and its record are public only then. (The
    replay's routes find the `Game` and ask this in their body: their step, a query parameter, is checked
    first, and a dependency that refuses would answer before it.)"""
    if live.status != "over":
        raise Refusal("not_found", 404, what="replay")
    return live


async def _finished(request: Request, game_id: GameId) -> LiveGame:
    return finished(await platform_of(request).service.get(game_id))


async def _seat(request: Request, token: Token) -> Seat:
    live, name = await platform_of(request).service.seat(token)
    return Seat(live, name, token)


async def _hosted(request: Request, token: Token) -> LiveGame:
    return await platform_of(request).service.hosted(token)


async def _hosting(request: Request, token: Token) -> Hosting:
    return Hosting(await platform_of(request).service.hosted(token), token)


async def _desk(request: Request, token: Token) -> Hosting:
    """A forum desk's game (server/desk.py): the host's game of any other kind is not a desk."""
    live = await platform_of(request).service.hosted(token)
    if not is_desk(live):
        raise Refusal("not_found", 404, what="desk")
    return Hosting(live, token)


async def _account(request: Request) -> User | None:
    find = platform_of(request).account_of  # set by the accounts (server/accounts.py)
    return None if find is None else await find(request)


def moderators(request: Request) -> set[str]:
    """The site's moderators: the accounts the settings name, and those of $RANKEDMAFIA_MODERATORS."""
    named = getattr(platform_of(request).settings, "moderators", ()) or ()
    from_env = os.environ.get(MODERATORS_VARIABLE, "")
    return {n.strip().casefold() for n in (*named, *from_env.split(",")) if n.strip()}


async def _moderator(request: Request, user: Annotated[User | None, Depends(_account)]) -> str:
    if user is None or user.name.casefold() not in moderators(request):
        raise Refusal("moderators_only", 403)
    return user.name


async def check_form(request: Request, csrf: str) -> None:
    """A site form: its CSRF token bound to this browser's session, and the sender's rate at this address."""
    platform = platform_of(request)
    if not csrf_valid(platform.key, request.cookies.get(SESSION), csrf):
        raise Refusal("csrf", 403)
    client = request.client.host if request.client else "?"
    if not await platform.submit_limit.allow(f"{client}:{request.url.path}"):
        raise Refusal("rate_limited", 429)


async def _checked_form(request: Request, csrf: Annotated[str, Form()]) -> None:
    await check_form(request, csrf)


async def _token_limit(request: Request, token: Token) -> None:
    """A seat's or a host's commands by the API, limited per token before the token is looked up."""
    if not await platform_of(request).submit_limit.allow(token):
        raise Refusal("rate_limited", 429)


SitePlatform = Annotated[Platform, Depends(platform_of)]
Game = Annotated[LiveGame, Depends(_game)]
FinishedGame = Annotated[LiveGame, Depends(_finished)]
PlayerSeat = Annotated[Seat, Depends(_seat)]
HostedGame = Annotated[LiveGame, Depends(_hosted)]
HostToken = Annotated[Hosting, Depends(_hosting)]
DeskGame = Annotated[Hosting, Depends(_desk)]
Account = Annotated[User | None, Depends(_account)]
Moderator = Annotated[str, Depends(_moderator)]
CheckedForm = Annotated[None, Depends(_checked_form)]
TokenLimit = Annotated[None, Depends(_token_limit)]

# the dependencies that find what a path's `{token}` or `{game_id}` names (tests/server/test_shape.py)
FINDERS = (_game, _finished, _seat, _hosted, _hosting, _desk)


def unknown_link(errors: object) -> NotFound | None:
    """A path id of the wrong shape names nothing: refused as an unknown link, as one of the right shape."""
    if not isinstance(errors, list | tuple) or not errors:
        return None
    for error in errors:
        loc: tuple[Any, ...] = tuple(error.get("loc") or ()) if isinstance(error, dict) else ()
        if len(loc) != 2 or loc[0] != "path" or loc[1] not in PATH_IDS:
            return None
    return NotFound()
