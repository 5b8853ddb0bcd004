"""Play again: once a game is over its host opens a new one with the same setup and options, and its seats
are offered to the same people first: for `OFFER_SECONDS` the new game stays out of the lobby, and each
player of the old one takes a seat in it from his own page with one tap, under the same nickname and sex.
Anyone the host sends the invitation to may join as usual. Ranked games are found through the quick join."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.service import GameService
from rankedmafia.server.deps import CheckedForm, HostedGame, HostToken, PlayerSeat, Seat, SitePlatform
from rankedmafia.server.platform import Platform

router = APIRouter()
OFFER_SECONDS = 300
AGAIN = "again_of"


async def again_of(service: GameService, game_id: str) -> str | None:
    """The game opened to play this one again, while it takes players."""
    for row, _ in await service.store.open_games(200):
        if row.options.get(AGAIN) == game_id:
            return row.id
    return None


async def play_again(service: GameService, live: LiveGame) -> tuple[str, str]:
    """A new game like this finished one; (its id, the host's admin token)."""
    if live.status != "over":
        raise Refusal("again_not_over", 409)
    options = live.row.options
    if options.get("ranked") or options.get("kind"):
        raise Refusal("again_ranked", 409)
    if await again_of(service, live.id) is not None:
        raise Refusal("again_exists", 409)
    house = {key: options[key] for key in ("replace_absent",) if key in options}
    house |= {AGAIN: live.id, "offered_until": service.clock() + OFFER_SECONDS}
    return await service.create(live.row.title, live.setup, int(options["night_seconds"]), int(options["day_seconds"]),
                                options.get("follow_up_seconds"), listed=bool(options.get("listed")),
                                bots=str(options.get("bots", "none")), ai=list(options.get("ai", [])), house=house)


@router.post("/api/host/{token}/again", status_code=201, tags=["community"],
             summary="A finished game's host opens a new one like it; its seats are offered to the same players first")
async def again_api(request: Request, old: HostedGame, platform: SitePlatform) -> dict[str, Any]:
    game_id, admin = await play_again(platform.service, old)
    await _tell(request, old)
    return {"id": game_id, "admin_token": admin, "host_url": f"/h/{admin}", "invite_url": f"/g/{game_id}/join"}


@router.post("/h/{token}/again", include_in_schema=False)
async def again_form(request: Request, checked: CheckedForm, host: HostToken, platform: SitePlatform) -> Response:
    _, admin = await play_again(platform.service, host.live)
    await _tell(request, host.live)
    return RedirectResponse(f"/h/{admin}", status_code=303)


async def _tell(request: Request, old: LiveGame) -> None:
    """The old table's players with push notifications on hear of the new game at once."""
    holder = getattr(request.app.state, "push", None)
    if holder is not None and holder.notifier is not None:
        await holder.notifier.tell_again(old)


async def take_again(platform: Platform, seat: Seat) -> str:
    """The old table's player takes a seat in the new game; his new secret token."""
    service = platform.service
    live, name = seat.live, seat.name
    new = await again_of(service, live.id)
    if new is None:
        raise Refusal("again_none", 404)
    sex = live.game.sexes().get(name) if live.game is not None else None
    _, new_token = await service.join(new, live.nickname(name), sex)
    return new_token


@router.post("/api/player/{token}/again", status_code=201, tags=["community"],
             summary="Take a seat in the game its host opened to play this one again (same nickname)")
async def take_again_api(seat: PlayerSeat, platform: SitePlatform) -> dict[str, Any]:
    new_token = await take_again(platform, seat)
    return {"token": new_token, "player_url": f"/p/{new_token}"}


@router.post("/p/{token}/again", include_in_schema=False)
async def take_again_form(checked: CheckedForm, seat: PlayerSeat, platform: SitePlatform) -> Response:
    return RedirectResponse(f"/p/{await take_again(platform, seat)}", status_code=303)
