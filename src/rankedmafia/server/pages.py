"""Server-rendered pages (Jinja2): home, host, the game page and lobby, a player's page and the thread.

Forms carry a CSRF token bound to the browser's session cookie. A page asked with `X-Partial: 1` is the
same page: the little script swaps its live sections in place when the game changes.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
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
from rankedmafia.server.deps import (
    SESSION,
    CheckedForm,
    FinishedGame,
    Game,
    Hosting,
    HostToken,
    PlayerSeat,
    Seat,
    SitePlatform,
    finished,
)
from rankedmafia.server.forms import question_detail
from rankedmafia.server.i18n import LANGS, ui
from rankedmafia.server.lobby import setup_title
from rankedmafia.server.platform import platform_of, request_lang
from rankedmafia.server.security import csrf_token
from rankedmafia.server.setup_form import picked_setup, pickers
from rankedmafia.server.views import host_data, player_data, replay_data, spectator_data
from rankedmafia.setup import preset_names
from rankedmafia.text.names import phase_name, preset_title
from rankedmafia.text.refusals import refusal_text

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
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
    checked: CheckedForm,
    platform: SitePlatform,
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
    lang = request_lang(request)
    form = await request.form()  # the role pickers' fields are named after the roles (`role_doctor`)
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
Phase = Annotated[str, Form(max_length=40)]
Once = Annotated[str, Form(max_length=128)]  # a form's one-time token: sent twice, taken once
Name = Annotated[str, Form(max_length=64)]


def required_phase(phase: str) -> str:
    """A game form's phase (a hidden field drawn with the page): without it the command could land in a
    phase its sender never saw, so it is refused."""
    phase = phase.strip()[:40]
    if not phase:
        raise Refusal("no_phase", 409)
    return phase


# --- the host ---------------------------------------------------------------------------------------
@router.get("/h/{token}", response_class=HTMLResponse)
async def host_page(request: Request, host: HostToken, everything: bool = False, link: str = "") -> Response:
    async with host.live.lock:
        data = host_data(host.live, request_lang(request), everything)
    return render(request, "host.html", {"d": data, "token": host.token, "new_link": link,
                                         "base": str(request.base_url)})


async def _host_command(request: Request, host: Hosting, build: Callable[[], cmd.Build], once: str,
                        back: str = "") -> Response:
    """A host's form: its command (built here, so that a missing phase is refused like the engine's own
    refusals) taken once for its one-time token; refused, the host's page again with the reason."""
    try:
        await platform_of(request).service.execute(host.live.id, build(), once=once or None)
    except (Refusal, RuleViolation) as error:
        lang = request_lang(request)
        context = {"d": host_data(host.live, lang, False), "token": host.token, "new_link": "",
                   "base": str(request.base_url), "error": refusal_text(error, lang)}
        return render(request, "host.html", context, getattr(error, "status", 409))
    return _back(back or f"/h/{host.token}")


@router.post("/h/{token}/start")
async def host_start(request: Request, checked: CheckedForm, host: HostToken, once: Once = "") -> Response:
    return await _host_command(request, host, lambda: cmd.start_build, once)


@router.post("/h/{token}/resolve")
async def host_resolve(request: Request, checked: CheckedForm, host: HostToken, phase: Phase = "",
                       once: Once = "") -> Response:
    return await _host_command(request, host, lambda: cmd.resolve_now_build(required_phase(phase)), once)


@router.post("/h/{token}/pause")
async def host_pause(request: Request, checked: CheckedForm, host: HostToken, once: Once = "") -> Response:
    return await _host_command(request, host, lambda: cmd.pause_build, once)


@router.post("/h/{token}/resume")
async def host_resume(request: Request, checked: CheckedForm, host: HostToken, once: Once = "") -> Response:
    return await _host_command(request, host, lambda: cmd.resume_build, once)


@router.post("/h/{token}/end")
async def host_end(request: Request, checked: CheckedForm, host: HostToken, once: Once = "") -> Response:
    return await _host_command(request, host, lambda: cmd.end_build, once)


@router.post("/h/{token}/extend")
async def host_extend(request: Request, checked: CheckedForm, host: HostToken,
                      minutes: Annotated[float, Form(ge=0, le=10080)] = 0, phase: Phase = "",
                      once: Once = "") -> Response:
    return await _host_command(
        request, host, lambda: cmd.extend_build(max(10, int(minutes * 60)), phase=required_phase(phase)), once)


@router.post("/h/{token}/replace")
async def host_replace(request: Request, checked: CheckedForm, host: HostToken, name: Name = "", nickname: Name = "",
                       once: Once = "") -> Response:
    """A seat given to a replacement: the host's page shows the new secret link once."""
    new = new_token()
    return await _host_command(request, host, lambda: cmd.replace_build(name, nickname, new), once,
                               back=f"/h/{host.token}?link={new}")


# --- the game page and the lobby ------------------------------------------------------------------------
@router.get("/g/{game_id}", response_class=HTMLResponse)
async def game_page(request: Request, platform: SitePlatform, live: Game) -> Response:
    service = platform.service
    async with live.lock:
        data = spectator_data(live, request_lang(request))
    thread = await read_posts(service, live, None, "thread")  # the thread is public, as on a forum
    return render(request, "game.html", {"d": data, "thread": thread, "base": str(request.base_url),
                                         "my_seat": await seat_link(request, live.id),
                                         "dead": await dead_section(request, live, None)})


async def seat_link(request: Request, game_id: str) -> str | None:
    """The signed-in reader's secret link to his seat in this game, if his account holds one."""
    find = platform_of(request).own_seat
    return await find(request, game_id) if find is not None else None


@router.get("/g/{game_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, platform: SitePlatform, game: Game, step: int = -1, who: str = "") -> Response:
    """A finished game, phase by phase from its log: the public view, or any player's own."""
    service = platform.service
    lang = request_lang(request)
    live = finished(game)
    data = await replay_data(service, live, step, who, lang)
    ai = await ai_seats_data(service, live, lang)
    return render(request, "replay.html", {"d": data, "base": str(request.base_url), "ai": ai})


@router.get("/g/{game_id}/replay/ai/{seat}", response_class=HTMLResponse)
async def ai_seat_page(request: Request, platform: SitePlatform, live: FinishedGame, seat: str) -> Response:
    """An AI seat's prompts, answers and moves in order, once the game is over."""
    data = await ai_seat_data(platform.service, live, seat, request_lang(request))
    return render(request, "ai_seat.html", {"d": data})


# --- a player ---------------------------------------------------------------------------------------
@router.get("/p/{token}", response_class=HTMLResponse)
async def player_page(request: Request, seat: PlayerSeat) -> Response:
    return await _player(request, seat, "player.html")


@router.get("/p/{token}/thread", response_class=HTMLResponse)
async def thread_page(request: Request, seat: PlayerSeat) -> Response:
    return await _player(request, seat, "thread.html")


async def _player(request: Request, seat: Seat, template: str, error: str = "", status: int = 200) -> Response:
    service = platform_of(request).service
    live, name, token = seat.live, seat.name, seat.token
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


async def _seat_command(request: Request, seat: Seat, run: Callable[[], Awaitable[object]],
                        thread: bool = False) -> Response:
    """A player's form: `run` sends it; back to his page (the thread's, for a vote or a post), or, refused,
    that page again with the reason (drawn from the game as it is now)."""
    try:
        await run()
    except (Refusal, RuleViolation) as error:
        live, name = await platform_of(request).service.seat(seat.token)
        return await _player(request, Seat(live, name, seat.token), "thread.html" if thread else "player.html",
                             refusal_text(error, request_lang(request)), getattr(error, "status", 409))
    return _back(f"/p/{seat.token}/thread" if thread else f"/p/{seat.token}")


def _execute(request: Request, seat: Seat, build: Callable[[], cmd.Build],
             once: str) -> Callable[[], Awaitable[object]]:
    """A seat's game command, built when it is sent (a missing phase is refused as the engine's refusals
    are), taken once for its one-time token."""
    return lambda: platform_of(request).service.execute(seat.live.id, build(), once=once or None)


Targets = Annotated[list[str] | None, Form(max_length=4)]


@router.post("/p/{token}/act")
async def player_act(request: Request, checked: CheckedForm, seat: PlayerSeat,
                     action: Annotated[str, Form(max_length=40)] = "",
                     target: Targets = None, target2: Targets = None, target3: Targets = None,
                     copied_option: Annotated[str, Form(max_length=80)] = "", phase: Phase = "",
                     once: Once = "") -> Response:
    # the option, the detail and a Council question's fields are named after the action drawn (`option_kill`,
    # `detail_copy`, `q_…`), so they are read from the form as sent
    form = await request.form()

    def build() -> cmd.Build:
        sent = required_phase(phase)
        targets = [t[:64] for t in (*(target or ()), *(target2 or ()), *(target3 or ())) if t][:4]
        option = str(form.get(f"option_{action}", "") or "")[:80] or None
        detail = str(form.get(f"detail_{action}", "") or "")[:2000].strip() or None
        copied_detail = None
        fields = {str(k)[2:]: [str(v)[:64] for v in form.getlist(k)][:40] for k in form if str(k).startswith("q_")}
        game = seat.live.game
        if game is not None and action == "ask" and option is not None and detail is None:
            detail = question_detail(game, option, fields)
        elif game is not None and action == "copy" and detail == "ask" and copied_option:
            copied_detail = question_detail(game, copied_option, fields)  # the joker asks the Council
        act = Act.from_fields({"actor": seat.name, "action": action, "targets": targets, "option": option,
                               "detail": detail, "copied_option": copied_option or None,
                               "copied_detail": copied_detail})
        return cmd.act_build(act, phase=sent)

    return await _seat_command(request, seat, _execute(request, seat, build, once))


@router.post("/p/{token}/pass")
async def player_pass(request: Request, checked: CheckedForm, seat: PlayerSeat, phase: Phase = "",
                      once: Once = "") -> Response:
    run = _execute(request, seat, lambda: cmd.pass_build(seat.name, phase=required_phase(phase)), once)
    return await _seat_command(request, seat, run)


@router.post("/p/{token}/withdraw")
async def player_withdraw(request: Request, checked: CheckedForm, seat: PlayerSeat, phase: Phase = "",
                          once: Once = "") -> Response:
    run = _execute(request, seat, lambda: cmd.withdraw_build(seat.name, phase=required_phase(phase)), once)
    return await _seat_command(request, seat, run)


@router.post("/p/{token}/vote")
async def player_vote(request: Request, checked: CheckedForm, seat: PlayerSeat, choice: Name = "", phase: Phase = "",
                      once: Once = "") -> Response:
    run = _execute(request, seat, lambda: cmd.vote_build(seat.name, choice, phase=required_phase(phase)), once)
    return await _seat_command(request, seat, run, thread=True)


async def _post(request: Request, seat: Seat, channel: str, text: str, clan: str, once: str) -> None:
    platform = platform_of(request)
    await add_post(platform.service, seat.live, seat.name, channel, text, clan or None, once=once or None)
    platform.hub.publish(seat.live.id)


@router.post("/p/{token}/post")
async def player_post(request: Request, checked: CheckedForm, seat: PlayerSeat, text: Text = "",
                      once: Once = "") -> Response:
    return await _seat_command(request, seat, lambda: _post(request, seat, "thread", text, "", once), thread=True)


@router.post("/p/{token}/chat")
async def player_chat(request: Request, checked: CheckedForm, seat: PlayerSeat, text: Text = "",
                      clan: Annotated[str, Form(max_length=40)] = "", once: Once = "") -> Response:
    return await _seat_command(request, seat, lambda: _post(request, seat, "clan", text, clan, once))
