"""Quick join for ranked games: signed-in players wait in a queue (`/ranked/quick`, `POST|GET|DELETE
/api/quick`); once as many wait as the quick setup has seats, a ranked game of that setup opens with them
seated, listed, and starts at once (nobody hosts it). Each finds his seat from the queue's page.
The queue is this server process's own (one process serves a site on SQLite)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rankedmafia.accounts import User
from rankedmafia.live import commands as cmd
from rankedmafia.live.errors import Refusal
from rankedmafia.live.nicknames import seat_nickname
from rankedmafia.server.accounts import ladder_of
from rankedmafia.server.deps import Account, CheckedForm
from rankedmafia.server.pages import render
from rankedmafia.server.platform import platform_of
from rankedmafia.setup import preset

router = APIRouter()
QUICK_PRESET = "classic-12"
NIGHT_SECONDS = 10 * 60
DAY_SECONDS = 20 * 60
TITLE = "Быстрая рейтинговая игра"


@dataclass
class Queue:
    waiting: dict[int, str] = field(default_factory=dict)  # account -> name, in the order they came
    seated: dict[int, str] = field(default_factory=dict)  # account -> the game the queue opened for him
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def queue_of(request: Request) -> Queue:
    state = request.app.state
    if not hasattr(state, "quick_queue"):
        state.quick_queue = Queue()
    found: Queue = state.quick_queue
    return found


def _allowed(user: User | None) -> User:
    """A player who may wait in the queue: signed in, not banned."""
    if user is None:
        raise Refusal("quick_signed_out", 401)
    if user.banned:
        raise Refusal("quick_banned", 403)
    return user


async def state(request: Request, user: User | None) -> dict[str, Any]:
    queue = queue_of(request)
    needed = preset(QUICK_PRESET).players
    seat = None
    if user is not None and user.id in queue.seated:
        game_id = queue.seated[user.id]
        seat = f"/p/{ladder_of(request).seat_token(game_id, user.id)}"
    return {"waiting": len(queue.waiting), "needed": needed, "queued": user is not None and user.id in queue.waiting,
            "seat": seat}


async def enqueue(request: Request, account: User | None) -> dict[str, Any]:
    user = _allowed(account)
    queue = queue_of(request)
    async with queue.lock:
        queue.seated.pop(user.id, None)
        queue.waiting.setdefault(user.id, user.name)
        if len(queue.waiting) >= preset(QUICK_PRESET).players:
            await _open(request, queue)
    return await state(request, user)


async def _open(request: Request, queue: Queue) -> None:
    """The first players in the queue get a ranked game of the quick setup, seated, started."""
    setup = preset(QUICK_PRESET)
    chosen: list[tuple[int, str]] = []
    for user_id, name in queue.waiting.items():  # in the order they came; a look-alike of one chosen waits
        try:
            seat_nickname(name, [n for _, n in chosen])
        except Refusal:
            continue
        chosen.append((user_id, name))
        if len(chosen) == setup.players:
            break
    if len(chosen) < setup.players:
        return
    service = platform_of(request).service
    ladder = ladder_of(request)
    _, record = await ladder.ready()
    game_id, _ = await service.create(TITLE, setup, NIGHT_SECONDS, DAY_SECONDS, listed=True, ranked=True)
    await record.mark_ranked(game_id, None)
    for user_id, name in chosen:
        await service.join(game_id, name, token=ladder.seat_token(game_id, user_id))
        await record.hold(game_id, name, user_id)
        queue.waiting.pop(user_id, None)
        queue.seated[user_id] = game_id
    await service.execute(game_id, cmd.start_build)


@router.get("/api/quick", tags=["community"], summary="The ranked quick-join queue: how many wait, and his seat")
async def quick_state(request: Request, user: Account) -> dict[str, Any]:
    return await state(request, user)


@router.post("/api/quick", tags=["community"], summary="Wait for a ranked game (signed in)")
async def quick_join(request: Request, user: Account) -> dict[str, Any]:
    return await enqueue(request, user)


@router.delete("/api/quick", tags=["community"], summary="Leave the queue")
async def quick_leave(request: Request, account: Account) -> dict[str, Any]:
    user = _allowed(account)
    queue_of(request).waiting.pop(user.id, None)
    return await state(request, user)


@router.get("/ranked/quick", response_class=HTMLResponse, include_in_schema=False)
async def quick_page(request: Request, user: Account) -> Response:
    return render(request, "quick.html", {"q": await state(request, user), "signed_in": user is not None,
                                          "setup": preset(QUICK_PRESET)})


@router.post("/ranked/quick", include_in_schema=False)
async def quick_form(request: Request, checked: CheckedForm, user: Account,
                     leave: Annotated[str, Form(max_length=4)] = "") -> Response:
    if user is None:
        return RedirectResponse("/signin?next=/ranked/quick", status_code=303)
    if leave:
        await quick_leave(request, user)
    else:
        found = await enqueue(request, user)
        if found["seat"]:
            return RedirectResponse(found["seat"], status_code=303)
    return RedirectResponse("/ranked/quick", status_code=303)
