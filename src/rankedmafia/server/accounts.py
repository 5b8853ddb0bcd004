"""Accounts on the web: sign-up, sign-in and out (a session in an HttpOnly cookie, Secure over HTTPS),
ranked games (created by a signed-in player; seats for accounts only, one each, under the account's
name), the Telegram link code, and the player's profile (the one join page and route of every game, the
account optional, is server/join.py's). Installed by `install(app)`."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rankedmafia.accounts import AccountError, Accounts, User
from rankedmafia.accounts.texts import UI as ACCOUNT_UI
from rankedmafia.accounts.texts import refusals_into, ui_into
from rankedmafia.ladder.profile import history, stats
from rankedmafia.ladder.ratings import RatingSettings, season_of
from rankedmafia.ladder.record import Record
from rankedmafia.live import service as svc
from rankedmafia.live.errors import Refusal
from rankedmafia.rules.errors import SetupError
from rankedmafia.server import i18n
from rankedmafia.server.deps import Account, CheckedForm, SitePlatform, check_form
from rankedmafia.server.lobby import setup_title
from rankedmafia.server.platform import platform_of, request_lang
from rankedmafia.server.security import SignInLimits
from rankedmafia.server.setup_form import picked_setup, pickers
from rankedmafia.setup import preset_names
from rankedmafia.text import refusals
from rankedmafia.text.roles import role_name, side_name

router = APIRouter(include_in_schema=False)
ACCOUNT_COOKIE = "rm_account"
refusals_into(refusals.REFUSALS)
ui_into(i18n.UI)


class LadderSite:
    """What the account and ladder pages share: built on the platform's store once it has started."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        settings = app.state.platform.settings
        limits = app.state.platform.limits
        self.sign_limit = limits.limit("sign", settings.account_rate, settings.account_burst)  # per address
        self.signin_limits = SignInLimits(limits.limit("signin-pair", settings.signin_rate, settings.signin_pair_burst),
                                          limits.limit("signin-account", settings.signin_rate,
                                                       settings.signin_account_burst),
                                          self.sign_limit)
        self.rating = RatingSettings(min_games=settings.ladder_min_games)
        self.sim_games: int = settings.balance_sim_games
        self.admin_token: str | None = settings.admin_token or os.environ.get("RANKEDMAFIA_ADMIN_TOKEN") or None
        self._accounts: Accounts | None = None
        self._record: Record | None = None
        self._seat_key = ""
        self._locks: dict[int, asyncio.Lock] = {}
        self._background: asyncio.Task[None] | None = None

    def start_background(self, work: Callable[[int], None], arg: int) -> None:
        """Runs slow work (the simulator's predictions) in a thread, one at a time, without waiting."""
        if self._background is None or self._background.done():
            self._background = asyncio.create_task(asyncio.to_thread(work, arg))

    async def ready(self) -> tuple[Accounts, Record]:
        """The accounts and the record on the platform's store (the join guard installed on first use)."""
        if self._accounts is None or self._record is None:
            service = self.app.state.platform.service
            store = service.store
            self._seat_key = await store.secret("seats", lambda: hashlib.sha256(os.urandom(32)).hexdigest())
            self._accounts, self._record = Accounts(store), Record(store)
            service.join_guard = self.guard
        return self._accounts, self._record

    async def guard(self, game_id: str) -> None:
        """An anonymous join (a nickname and a secret link) is refused in a ranked game."""
        _, record = await self.ready()
        if (await record.ranked(game_id))[0]:
            raise AccountError("signed_out", 401)

    def seat_token(self, game_id: str, user_id: int) -> str:
        """An account's seat secret: derived, so the account always finds its seat again (the store keeps
        only its hash, as for every seat)."""
        return hmac.new(self._seat_key.encode(), f"{game_id}:{user_id}".encode(), hashlib.sha256).hexdigest()[:40]

    def lock(self, user_id: int) -> asyncio.Lock:
        if len(self._locks) > 10_000:
            self._locks.clear()
        return self._locks.setdefault(user_id, asyncio.Lock())


def ladder_of(request: Request) -> LadderSite:
    found: LadderSite = request.app.state.ladder
    return found


def install(app: FastAPI) -> None:
    """The accounts' state and routes (the ladder's pages are included beside them by the app)."""
    app.state.ladder = LadderSite(app)
    app.state.platform.on_start.append(app.state.ladder.ready)  # the store is open: the join guard goes on
    app.state.platform.own_seat = own_seat
    app.state.platform.account_of = current_user
    app.include_router(router)


async def current_user(request: Request) -> User | None:
    accounts, _ = await ladder_of(request).ready()
    return await accounts.session_user(request.cookies.get(ACCOUNT_COOKIE))


def texts(lang: str) -> dict[str, str]:
    return ACCOUNT_UI["en" if lang == "en" else "ru"]


async def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
    from rankedmafia.server.pages import render

    lang = request_lang(request)
    me = context.pop("me", None) or await current_user(request)
    return render(request, name, {"a": texts(lang), "me": me, **context}, status)


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _back(url: str) -> Response:
    return RedirectResponse(url, status_code=303)


def message(error: Exception, request: Request) -> str:
    return refusals.refusal_text(error, request_lang(request))


# --- signing up and in ---------------------------------------------------------------------------------
@router.get("/signup", response_class=HTMLResponse)
async def signup_page(request: Request, next: str = "") -> Response:
    return await page(request, "signin.html", {"mode": "signup", "next": _safe(next)})


@router.get("/signin", response_class=HTMLResponse)
async def signin_page(request: Request, next: str = "") -> Response:
    return await page(request, "signin.html", {"mode": "signin", "next": _safe(next)})


def _safe(target: str) -> str:
    return target if target.startswith("/") and not target.startswith("//") else ""


@router.post("/signup")
@router.post("/signin")
async def sign(
    request: Request,
    csrf: Annotated[str, Form()],
    name: Annotated[str, Form(max_length=64)],
    password: Annotated[str, Form(max_length=300)],
    next: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    mode = "signup" if request.url.path == "/signup" else "signin"
    ladder = ladder_of(request)
    accounts, _ = await ladder.ready()
    try:
        await check_form(request, csrf)
        if mode == "signup":
            if not await ladder.sign_limit.allow(_client(request)):
                raise AccountError("too_many", 429)
            user = await accounts.sign_up(name, password)
        else:
            user = await _sign_in(ladder, accounts, name, password, _client(request))
    except Refusal as error:
        return await page(request, "signin.html", {"mode": mode, "next": _safe(next), "name": name,
                                                    "error": message(error, request)}, error.status)
    token = await accounts.open_session(user.id)
    response = _back(_safe(next) or f"/u/{user.name}")
    response.set_cookie(ACCOUNT_COOKIE, token, httponly=True, samesite="lax", max_age=30 * 86400,
                        secure=request.url.scheme == "https")
    return response


async def _sign_in(ladder: LadderSite, accounts: Accounts, name: str, password: str, address: str) -> User:
    limits = ladder.signin_limits
    if not await limits.allowed(name, address):
        raise AccountError("too_many", 429)
    try:
        return await accounts.sign_in(name, password)
    except AccountError:
        await limits.failed(name, address)
        raise


@router.post("/signout")
async def signout(request: Request, checked: CheckedForm) -> Response:
    accounts, _ = await ladder_of(request).ready()
    token = request.cookies.get(ACCOUNT_COOKIE)
    if token:
        await accounts.close_session(token)
    response = _back("/")
    response.delete_cookie(ACCOUNT_COOKIE)
    return response


@router.get("/me")
async def me(user: Account) -> Response:
    return _back(f"/u/{user.name}" if user else "/signin?next=/me")


@router.post("/me/telegram")
async def telegram_code(request: Request, checked: CheckedForm, user: Account) -> Response:
    if user is None:
        return _back("/signin?next=/me")
    accounts, _ = await ladder_of(request).ready()
    code = await accounts.issue_code(user.id)
    return await profile_response(request, user, me=user, code=code)


# --- ranked games ----------------------------------------------------------------------------------------
@router.get("/ranked/new", response_class=HTMLResponse)
async def ranked_new(request: Request) -> Response:
    lang = request_lang(request)
    return await page(request, "ranked_new.html", {"presets": preset_names(), "pickers": pickers(lang)})


@router.post("/ranked/new")
async def ranked_create(
    request: Request,
    checked: CheckedForm,
    user: Account,
    platform: SitePlatform,
    title: Annotated[str, Form(max_length=100)] = "",
    preset: Annotated[str, Form(max_length=64)] = "classic-12",
    setup_yaml: Annotated[str, Form(max_length=20_000)] = "",
    night_minutes: Annotated[float, Form(ge=0.17, le=10080)] = 1440,
    day_minutes: Annotated[float, Form(ge=0.17, le=10080)] = 1440,
    listed: Annotated[str, Form(max_length=8)] = "",
) -> Response:
    if user is None:
        return _back("/signin?next=/ranked/new")
    if not await platform.create_limit.allow(_client(request)):
        raise Refusal("rate_limited", 429)
    lang = request_lang(request)
    form = await request.form()  # the role pickers' fields are named after the roles (`role_doctor`)
    try:
        setup = picked_setup(form, lang) or svc.parse_setup(preset, setup_yaml)
    except SetupError as error:
        picked = {str(k): str(v) for k, v in form.items() if str(k).startswith("role_") or k == "players"}
        return await page(request, "ranked_new.html", {
            "presets": preset_names(), "pickers": pickers(lang), "form_error": message(error, request),
            "form": {"title": title, "setup_yaml": setup_yaml, "preset": preset, "picked": picked}}, 422)
    _, record = await ladder_of(request).ready()
    game_id, admin = await platform.service.create(title, setup, int(night_minutes * 60), int(day_minutes * 60),
                                                   listed=bool(listed), ranked=True)
    await record.mark_ranked(game_id, user.id)
    return _back(f"/h/{admin}")


async def own_seat(request: Request, game_id: str) -> str | None:
    """The signed-in reader's secret link to his seat in this game, while his account holds it (a seat the
    host gave to a replacement is no longer his)."""
    user = await current_user(request)
    if user is None:
        return None
    ladder = ladder_of(request)
    _, record = await ladder.ready()
    if await record.seat_of(game_id, user.id) is None:
        return None
    token = ladder.seat_token(game_id, user.id)
    try:
        await platform_of(request).service.seat(token)
    except Refusal:
        return None
    return token


async def take_seat(request: Request, game_id: str, user: User) -> str:
    """The account's seat in a ranked game (the same seat if it has one): refused to the signed out, the
    banned, the game's creator, and in a game that is not ranked."""
    ladder = ladder_of(request)
    _, record = await ladder.ready()
    ranked, host = await record.ranked(game_id)
    if not ranked:
        raise Refusal("not_found", 404, what="game")
    if user.banned:
        raise AccountError("banned", 403)
    if host == user.id:
        raise AccountError("host_plays", 409)
    token = ladder.seat_token(game_id, user.id)
    async with ladder.lock(user.id):
        if await record.seat_of(game_id, user.id) is not None:
            return token
        await platform_of(request).service.join(game_id, user.name, token=token)
        await record.hold(game_id, user.name, user.id)
    return token


# --- profiles --------------------------------------------------------------------------------------------
@router.get("/u/{name}", response_class=HTMLResponse)
async def profile(request: Request, name: str, me: Account) -> Response:
    accounts, _ = await ladder_of(request).ready()
    user = await accounts.by_name(name)
    if user is None:
        raise AccountError("no_user", 404)
    return await profile_response(request, user, me=me)


def _day(ts: float) -> str:
    """A game's date in the profile's list (UTC)."""
    return time.strftime("%d.%m.%Y", time.gmtime(ts))


async def profile_response(request: Request, user: User, me: User | None, code: str = "") -> Response:
    ladder = ladder_of(request)
    _, record = await ladder.ready()
    rated = await record.ladder(ladder.rating)
    played = history(user.id, await record.recorded(user.id), rated)
    lang = request_lang(request)
    seasons = {season: table[user.id] for season, table in sorted(rated.seasons.items(), reverse=True)
               if user.id in table}
    playing = []
    if me is not None and me.id == user.id:
        playing = [(gid, title, ladder.seat_token(gid, user.id)) for gid, _, title in await record.playing(user.id)]
    store = platform_of(request).service.store
    titles = {}  # each game's own title, as its host named it (the outcome keeps the setup's)
    for item in played[:200]:
        row = await store.game(item.game.outcome.game_id)
        if row is not None:
            titles[row.id] = row.title if row.title != row.setup.get("name") else ""
    return await page(request, "profile.html", {
        "user": user, "me": me, "played": played, "titles": titles, "day": _day,
        "stats": stats(played), "seasons": seasons, "z": ladder.rating.z,
        "code": code, "playing": playing, "role": lambda r: role_name(r, lang), "side": lambda s: side_name(s, lang),
        "action": lambda a: i18n.action_name(a, lang), "season_of": season_of,
        "setup_title": lambda o: o.title.get(lang) or o.title.get("ru") or setup_title({"name": o.setup}, lang),
    })
