"""Server-rendered pages (Jinja2): home, host, the game page and lobby, a player's page and the thread.

Forms carry a CSRF token bound to the browser's session cookie. A page asked with `X-Partial: 1` is the
same page: the little script swaps its live sections in place when the game changes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.errors import Refusal
from rankedmafia.live.posts import add_post, read_posts
from rankedmafia.live.tokens import new_token
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.rules.model import Act
from rankedmafia.server.ai_replay import ai_seat_data, ai_seats_data
from rankedmafia.server.api import within_limits
from rankedmafia.server.assets import asset_url
from rankedmafia.server.dead_chat import dead_section
from rankedmafia.server.forms import question_detail
from rankedmafia.server.i18n import LANGS, ui
from rankedmafia.server.lobby import setup_title
from rankedmafia.server.platform import platform_of, request_lang
from rankedmafia.server.security import csrf_token, csrf_valid
from rankedmafia.server.setup_form import picked_setup, pickers
from rankedmafia.server.views import host_data, player_data, replay_data, spectator_data
from rankedmafia.setup import preset_names
from rankedmafia.text.names import phase_name, preset_title
from rankedmafia.text.refusals import refusal_text

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
SESSION = "rm_session"
Text = Annotated[str, Form(max_length=20_000)]


def _clock(ts: float | None) -> str:
    """A deadline before the page's script shows it in the reader's own zone: UTC, said so."""
    return time.strftime("%d.%m %H:%M UTC", time.gmtime(ts)) if ts else ""


def _duration(seconds: float | None) -> str:
    seconds = max(0, int(seconds or 0))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def _left(ts: float | None) -> str:
    """The countdown as first drawn (the script ticks it every second)."""
    return _duration((ts or 0) - time.time())


templates.env.globals["asset"] = asset_url
templates.env.filters["clock"] = _clock
templates.env.filters["left"] = _left
templates.env.filters["duration"] = _duration
templates.env.filters["phase"] = lambda label, lang="ru": phase_name(str(label), lang)
templates.env.filters["preset"] = lambda name, lang="ru": setup_title({"name": str(name)}, lang)  # never the id


def _session(request: Request) -> tuple[str, bool]:
    current = request.cookies.get(SESSION)
    return (current, False) if current else (new_token(), True)


def render(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
    lang = request_lang(request)
    session, fresh = _session(request)
    platform = platform_of(request)
    context = {
        "request": request,
        "lang": lang,
        "t": ui(lang),
        "other_lang": "en" if lang == "ru" else "ru",
        "csrf": csrf_token(platform.key, session),
        "once": new_token,  # each game form's one-time token: `{{ once() }}`, a new one for every form drawn
        "path": quote(request.url.path),
        **context,
    }
    response = templates.TemplateResponse(request, name, context, status_code=status)
    if fresh:
        response.set_cookie(SESSION, session, httponly=True, samesite="lax", max_age=30 * 86400)
    return response


def error_page(request: Request, message: str, status: int) -> Response:
    try:
        return render(request, "error.html", {"message": message}, status)
    except RuntimeError:  # the platform is not up (should not happen): plain text still explains
        return HTMLResponse(message, status_code=status)


async def _check(request: Request, given: str) -> None:
    platform = platform_of(request)
    if not csrf_valid(platform.key, request.cookies.get(SESSION), given):
        raise Refusal("csrf", 403)
    client = request.client.host if request.client else "?"
    if not await platform.submit_limit.allow(f"{client}:{request.url.path}"):
        raise Refusal("rate_limited", 429)


def _back(url: str) -> Response:
    return RedirectResponse(url, status_code=303)


@router.get("/lang/{code}")
async def switch_lang(code: str, next: str = "/") -> Response:
    target = next if next.startswith("/") and not next.startswith("//") else "/"
    response = _back(target)
    response.set_cookie("lang", code if code in LANGS else "ru", max_age=365 * 86400, samesite="lax")
    return response


def presets(lang: str) -> list[dict[str, str]]:
    return [{"id": name, "label": preset_title(name, lang)} for name in preset_names()]


async def home_context(request: Request) -> dict[str, Any]:
    """The home page: the lobby's open games, and the creation form (presets in words, role pickers)."""
    lang = request_lang(request)
    return {
        "presets": presets(lang),
        "pickers": pickers(lang),
        "games": await platform_of(request).lobby.games(lang),
        "agents": list(platform_of(request).service.ai_agents),  # the form offers AI players only if any
    }


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> Response:
    return render(request, "home.html", await home_context(request))


@router.post("/games")
async def create(
    request: Request,
    csrf: Annotated[str, Form()],
    title: Annotated[str, Form(max_length=100)] = "",
    preset: Annotated[str, Form(max_length=64)] = "classic-12",
    setup_yaml: Text = "",
    night_minutes: Annotated[float, Form(ge=0.17, le=10080)] = 1440,
    day_minutes: Annotated[float, Form(ge=0.17, le=10080)] = 1440,
    listed: Annotated[str, Form(max_length=8)] = "",
    bots: Annotated[str, Form(max_length=16)] = "none",
    ai_count: Annotated[int, Form(ge=0, le=60)] = 0,
    ai_agent: Annotated[str, Form(max_length=64)] = "",
    replace_absent: Annotated[str, Form(max_length=8)] = "",
) -> Response:
    await _check(request, csrf)
    platform = platform_of(request)
    lang = request_lang(request)
    form = await request.form()
    try:
        setup = picked_setup(form, lang) or svc.parse_setup(preset, setup_yaml)
        within_limits(setup, platform.settings.max_players)
        _, admin = await platform.service.create(title, setup, int(night_minutes * 60), int(day_minutes * 60),
                                                 listed=bool(listed), bots=bots, ai=[ai_agent] * ai_count,
                                                 house={"replace_absent": bool(replace_absent)})
    except (SetupError, Refusal) as error:
        context = await home_context(request)
        picked = {str(k): str(v) for k, v in form.items() if str(k).startswith("role_") or k == "players"}
        context.update(
            form_error=refusal_text(error, lang),
            form={"title": title, "setup_yaml": setup_yaml, "preset": preset, "listed": bool(listed), "bots": bots,
                  "replace_absent": bool(replace_absent),
                  "ai_count": ai_count, "ai_agent": ai_agent, "night": night_minutes, "day": day_minutes,
                  "picked": picked},
        )
        return render(request, "home.html", context, 422)
    return _back(f"/h/{admin}")


# --- what every game form carries: the phase its sender saw, and a one-time token ---------------------------
def required_phase(phase: str) -> str:
    """A game form's phase (a hidden field drawn with the page): without it the command could land in a
    phase its sender never saw, so it is refused."""
    phase = phase.strip()[:40]
    if not phase:
        raise Refusal("no_phase", 409)
    return phase


def sent_phase(form: Any) -> str:
    return required_phase(str(form.get("phase", "") or ""))


def sent_once(form: Any) -> str | None:
    """A form's one-time token (a hidden field made when the page is drawn): sent twice, taken once."""
    return str(form.get("once", "") or "")[:128] or None


# --- the host ---------------------------------------------------------------------------------------
@router.get("/h/{token}", response_class=HTMLResponse)
async def host_page(request: Request, token: str, everything: bool = False, link: str = "") -> Response:
    live = await platform_of(request).service.hosted(token)
    async with live.lock:
        data = host_data(live, request_lang(request), everything)
    return render(request, "host.html", {"d": data, "token": token, "new_link": link, "base": str(request.base_url)})


@router.post("/h/{token}/{command}")
async def host_command(
    request: Request,
    token: str,
    command: str,
    csrf: Annotated[str, Form()],
    minutes: Annotated[float, Form(ge=0, le=10080)] = 0,
    name: Annotated[str, Form(max_length=64)] = "",
    nickname: Annotated[str, Form(max_length=64)] = "",
    phase: Annotated[str, Form(max_length=40)] = "",
    once: Annotated[str, Form(max_length=128)] = "",
) -> Response:
    await _check(request, csrf)
    service = platform_of(request).service
    live = await service.hosted(token)
    new = new_token()
    builds: dict[str, Callable[[], cmd.Build]] = {
        "start": lambda: cmd.start_build,
        "resolve": lambda: cmd.resolve_now_build(required_phase(phase)),
        "pause": lambda: cmd.pause_build,
        "resume": lambda: cmd.resume_build,
        "end": lambda: cmd.end_build,
        "extend": lambda: cmd.extend_build(max(10, int(minutes * 60)), phase=required_phase(phase)),
        "replace": lambda: cmd.replace_build(name, nickname, new),
    }
    make = builds.get(command)
    if make is None:
        raise Refusal("not_found", 404, what=command)
    try:
        await service.execute(live.id, make(), once=once or None)
    except (Refusal, RuleViolation) as error:
        data = host_data(live, request_lang(request), False)
        return render(
            request,
            "host.html",
            {
                "d": data,
                "token": token,
                "new_link": "",
                "base": str(request.base_url),
                "error": refusal_text(error, request_lang(request)),
            },
            getattr(error, "status", 409),
        )
    return _back(f"/h/{token}?link={new}" if command == "replace" else f"/h/{token}")


# --- the game page and the lobby ------------------------------------------------------------------------
@router.get("/g/{game_id}", response_class=HTMLResponse)
async def game_page(request: Request, game_id: str) -> Response:
    service = platform_of(request).service
    live = await service.get(game_id)
    async with live.lock:
        data = spectator_data(live, request_lang(request))
    thread = await read_posts(service, live, None, "thread")  # the thread is public, as on a forum
    return render(request, "game.html", {"d": data, "thread": thread, "base": str(request.base_url),
                                         "my_seat": await _own_seat(request, game_id),
                                         "dead": await dead_section(request, live, None)})


async def _own_seat(request: Request, game_id: str) -> str | None:
    """The signed-in reader's secret link to his seat in this game, if his account holds one."""
    find = platform_of(request).own_seat
    return await find(request, game_id) if find is not None else None


@router.get("/g/{game_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, game_id: str, step: int = -1, who: str = "") -> Response:
    """A finished game, phase by phase from its log: the public view, or any player's own."""
    service = platform_of(request).service
    lang = request_lang(request)
    data = await replay_data(service, game_id, step, who, lang)
    ai = await ai_seats_data(service, game_id, lang)
    return render(request, "replay.html", {"d": data, "base": str(request.base_url), "ai": ai})


@router.get("/g/{game_id}/replay/ai/{seat}", response_class=HTMLResponse)
async def ai_seat_page(request: Request, game_id: str, seat: str) -> Response:
    """An AI seat's prompts, answers and moves in order, once the game is over."""
    data = await ai_seat_data(platform_of(request).service, game_id, seat, request_lang(request))
    return render(request, "ai_seat.html", {"d": data})


# The join page and its form are one route each, in server/accounts.py (the account is optional there):
# these are the plain join's parts it uses.
async def join_form(request: Request, game_id: str, signed_in: bool) -> Response:
    """The lobby's join form; the signed-in reader who holds a seat is shown the way back to it."""
    live = await platform_of(request).service.get(game_id)
    return render(request, "join.html", {"d": spectator_data(live, request_lang(request)),
                                         "my_seat": await _own_seat(request, game_id), "signed_in": signed_in})


async def join(
    request: Request,
    game_id: str,
    csrf: Annotated[str, Form()],
    nickname: Annotated[str, Form(max_length=64)],
    sex: Annotated[str, Form(pattern=r"^[mf]?$")] = "",
) -> Response:
    await _check(request, csrf)
    service = platform_of(request).service
    try:
        _, token = await service.join(game_id, nickname, sex or None)
    except Refusal as error:
        return await join_refused(request, game_id, nickname, error)
    return _back(f"/p/{token}")


async def join_refused(request: Request, game_id: str, nickname: str, error: Refusal) -> Response:
    """The join page again, with the nickname typed and why it was refused."""
    live = await platform_of(request).service.get(game_id)
    return render(
        request,
        "join.html",
        {
            "d": spectator_data(live, request_lang(request)),
            "nickname": nickname,
            "error": refusal_text(error, request_lang(request)),
        },
        error.status,
    )


# --- a player ---------------------------------------------------------------------------------------
@router.get("/p/{token}", response_class=HTMLResponse)
async def player_page(request: Request, token: str) -> Response:
    return await _player(request, token, "player.html")


@router.get("/p/{token}/thread", response_class=HTMLResponse)
async def thread_page(request: Request, token: str) -> Response:
    return await _player(request, token, "thread.html")


async def _player(request: Request, token: str, template: str, error: str = "", status: int = 200) -> Response:
    service = platform_of(request).service
    live, name = await service.seat(token)
    async with live.lock:
        data = player_data(live, name, request_lang(request))
    thread = await read_posts(service, live, name, "thread")
    chat = await read_posts(service, live, name, "clan") if data.get("in_clan") else []
    return render(
        request,
        template,
        {
            "d": data,
            "token": token,
            "thread": thread,
            "chat": chat,
            "error": error,
            "base": str(request.base_url),
            "dead": await dead_section(request, live, name, token),
        },
        status,
    )


@router.post("/p/{token}/{command}")
async def player_command(request: Request, token: str, command: str, csrf: Annotated[str, Form()]) -> Response:
    await _check(request, csrf)
    service = platform_of(request).service
    live, name = await service.seat(token)
    form = await request.form()
    back = "thread" if command in ("vote", "post") else ""
    once = sent_once(form)
    try:
        phase = sent_phase(form) if command in ("act", "pass", "withdraw", "vote") else None
        if command == "act":
            action = str(form.get("action", ""))[:40]
            targets = [str(v)[:64] for key in ("target", "target2", "target3") for v in form.getlist(key) if v][:4]
            option = str(form.get(f"option_{action}", "") or "")[:80] or None
            detail = str(form.get(f"detail_{action}", "") or "")[:2000].strip() or None
            copied_option = str(form.get("copied_option", "") or "")[:80] or None
            copied_detail = None
            fields = {str(k)[2:]: [str(v)[:64] for v in form.getlist(k)][:40] for k in form if str(k).startswith("q_")}
            if live.game is not None and action == "ask" and option is not None and detail is None:
                detail = question_detail(live.game, option, fields)
            elif live.game is not None and action == "copy" and detail == "ask" and copied_option is not None:
                copied_detail = question_detail(live.game, copied_option, fields)  # the joker asks the Council
            act = Act.from_fields({"actor": name, "action": action, "targets": targets, "option": option,
                                   "detail": detail, "copied_option": copied_option, "copied_detail": copied_detail})
            build = cmd.act_build(act, phase=phase)
            await service.execute(live.id, build, once=once)
        elif command == "pass":
            await service.execute(live.id, cmd.pass_build(name, phase=phase), once=once)
        elif command == "withdraw":
            await service.execute(live.id, cmd.withdraw_build(name, phase=phase), once=once)
        elif command == "vote":
            await service.execute(live.id, cmd.vote_build(name, str(form.get("choice", ""))[:64], phase=phase),
                                  once=once)
        elif command in ("post", "chat"):
            await add_post(
                service,
                live,
                name,
                "clan" if command == "chat" else "thread",
                str(form.get("text", ""))[: svc.POST_MAX + 1],
                str(form.get("clan", ""))[:40] or None,
                once=once,
            )
            platform_of(request).hub.publish(live.id)
        else:
            raise Refusal("not_found", 404, what=command)
    except (Refusal, RuleViolation) as error:
        return await _player(
            request,
            token,
            "thread.html" if back else "player.html",
            refusal_text(error, request_lang(request)),
            getattr(error, "status", 409),
        )
    return _back(f"/p/{token}/{back}" if back else f"/p/{token}")
