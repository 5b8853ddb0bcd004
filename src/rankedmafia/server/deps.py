"""What a route is given, as FastAPI dependencies: the platform, a game by its id, a player's seat by his
secret token, the host's game by the admin token, and the signed-in account (optional). A route names
what it needs (`seat: PlayerSeat`) and receives it found, or the request is refused (404) before the
route runs; the path parameters' shapes are checked here once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Path, Request

from rankedmafia.accounts import User
from rankedmafia.live.live_game import LiveGame
from rankedmafia.server.platform import Platform, platform_of

Token = Annotated[str, Path(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
GameId = Annotated[str, Path(min_length=4, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@dataclass(frozen=True, slots=True)
class Seat:
    live: LiveGame
    name: str
    token: str


async def _game(request: Request, game_id: GameId) -> LiveGame:
    return await platform_of(request).service.get(game_id)


async def _seat(request: Request, token: Token) -> Seat:
    live, name = await platform_of(request).service.seat(token)
    return Seat(live, name, token)


async def _hosted(request: Request, token: Token) -> LiveGame:
    return await platform_of(request).service.hosted(token)


async def _account(request: Request) -> User | None:
    find = platform_of(request).account_of  # set by the accounts (server/accounts.py)
    return None if find is None else await find(request)


SitePlatform = Annotated[Platform, Depends(platform_of)]
Game = Annotated[LiveGame, Depends(_game)]
PlayerSeat = Annotated[Seat, Depends(_seat)]
HostedGame = Annotated[LiveGame, Depends(_hosted)]
Account = Annotated[User | None, Depends(_account)]
