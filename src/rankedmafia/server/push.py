"""Push notifications on the site: `POST /api/player/{token}/push` takes the browser's PushSubscription,
`GET /api/push/key` gives the server's VAPID public key, `/p/{token}/sw.js` is the player's service worker
(its scope is his own pages: a click on a notification opens his page). live/push.py decides what to push."""

from __future__ import annotations

import binascii
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from rankedmafia.live.errors import Refusal
from rankedmafia.live.push import Notifier, public_key, state_of, unb64url, vapid_key
from rankedmafia.server.deps import PlayerSeat, SitePlatform, TokenLimit
from rankedmafia.server.pages import templates
from rankedmafia.server.platform import Platform, request_lang
from rankedmafia.server.views import game_title

router = APIRouter()
WORKER = (Path(__file__).parent / "static" / "push-worker.js").read_text(encoding="utf-8")


class PushKeys(BaseModel):
    p256dh: str = Field(min_length=80, max_length=120, description="the browser's P-256 public key (base64url)")
    auth: str = Field(min_length=16, max_length=32, description="its authentication secret (base64url)")


class PushSubscription(BaseModel):
    """The browser's standard PushSubscription, as `subscription.toJSON()` gives it."""

    endpoint: str = Field(min_length=10, max_length=2000, description="the push service's URL for this browser")
    keys: PushKeys
    expirationTime: float | None = None


def _checked(body: PushSubscription) -> None:
    url = urlsplit(body.endpoint)
    if url.scheme not in ("https", "http") or not url.hostname:
        raise Refusal("bad_push", 422)
    try:
        point, secret = unb64url(body.keys.p256dh), unb64url(body.keys.auth)
    except (binascii.Error, ValueError):
        raise Refusal("bad_push", 422) from None
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise Refusal("bad_push", 422)


@router.get("/api/push/key", summary="The server's VAPID public key (a browser's applicationServerKey)",
            tags=["community"])
async def push_key(request: Request) -> dict[str, str]:
    return {"public_key": holder_of(request).public}


@router.post("/api/player/{token}/push", status_code=201, tags=["community"],
             summary="Push notifications to this browser (its PushSubscription): his move, a phase's end")
async def subscribe(request: Request, limited: TokenLimit, seat: PlayerSeat, platform: SitePlatform,
                    body: PushSubscription) -> dict[str, Any]:
    _checked(body)
    live, name = seat.live, seat.name
    notifier = notifier_of(request)
    async with live.lock:
        told = state_of(live, name)  # told from now on: what is already so is not news
    await notifier.subscriptions.subscribe(live.id, name, body.endpoint, body.keys.p256dh, body.keys.auth,
                                           request_lang(request), told, platform.service.clock())
    return {"ok": True}


@router.delete("/api/player/{token}/push", tags=["community"], summary="No more push notifications to this browser")
async def unsubscribe(request: Request, seat: PlayerSeat, body: PushSubscription) -> dict[str, Any]:
    await notifier_of(request).subscriptions.unsubscribe(seat.live.id, seat.name, body.endpoint)
    return {"ok": True}


@router.get("/p/{token}/sw.js", include_in_schema=False)
async def worker(seat: PlayerSeat) -> Response:
    return Response(WORKER, media_type="text/javascript", headers={"cache-control": "no-cache"})


class Holder:
    notifier: Notifier | None = None
    public: str = ""


def page_key(request: Request) -> str:
    """The key the player's page subscribes with ("" where push is not installed: the button stays hidden)."""
    holder: Holder | None = getattr(request.app.state, "push", None)
    return holder.public if holder is not None else ""


templates.env.globals["push_key"] = page_key


def holder_of(request: Request) -> Holder:
    holder: Holder = request.app.state.push
    return holder


def notifier_of(request: Request) -> Notifier:
    notifier = holder_of(request).notifier
    if notifier is None:
        raise RuntimeError("the platform has not started")
    return notifier


async def start(platform: Platform, holder: Holder) -> None:
    vapid = await vapid_key(platform.service.store)
    holder.notifier = Notifier(platform.service, vapid, game_title)
    holder.public = public_key(vapid)
