"""The JSON API (published as OpenAPI at /openapi.json). Tokens travel in the path: a seat's secret token,
or the host's admin token. A player's answers are built from his own view only (see views.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.posts import clan_channels
from rankedmafia.live.tokens import new_token, token_hash
from rankedmafia.live.versions import player_version, public_version
from rankedmafia.rules import model
from rankedmafia.rules.errors import SetupError
from rankedmafia.rules.model import BLUE
from rankedmafia.script import record
from rankedmafia.server.ai_replay import ai_seat_data, ai_seats_data
from rankedmafia.server.deps import (
    FinishedGame,
    Game,
    GameId,
    HostedGame,
    HostToken,
    PlayerSeat,
    Seat,
    SitePlatform,
    TokenLimit,
    finished,
)
from rankedmafia.server.lobby import CUSTOM_TITLE, LOBBY_KEY, roles_text
from rankedmafia.server.platform import platform_of, request_lang
from rankedmafia.server.setup_form import picked_setup
from rankedmafia.server.sse import event_stream
from rankedmafia.server.views import game_info, host_data, player_data, replay_data, spectator_data
from rankedmafia.setup import Setup, preset_names
from rankedmafia.text.refusals import refusal_text


class Error(BaseModel):
    """Every refusal (4xx): the rule or reason's id, and a sentence in the caller's language."""

    error: str = Field(description="a stable id: a rule of the game (409), or the platform's reason")
    message: str = Field(description="the refusal in words, Russian by default (?lang=en)")


ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Error, "description": "an unknown or outdated link"},
    409: {"model": Error, "description": "refused by the rules or by the game's state"},
    413: {"model": Error, "description": "the request body is too large"},
    422: {"model": Error, "description": "invalid input"},
    429: {"model": Error, "description": "too many requests"},
}
router = APIRouter(prefix="/api", responses=ERRORS)
Name = Annotated[str, Field(min_length=1, max_length=64)]


class CreateGame(BaseModel):
    title: str = Field("", max_length=100)
    preset: str | None = Field("classic-12", max_length=64)
    setup_yaml: str | None = Field(None, max_length=20_000, description="a custom setup (YAML); wins over preset")
    night_seconds: int = Field(86_400, ge=10, le=7 * 86_400)
    day_seconds: int = Field(86_400, ge=10, le=7 * 86_400)
    follow_up_seconds: int | None = Field(
        None, ge=10, le=86_400, description="the reanimator's step (after everyone else); the server's default if unset"
    )
    listed: bool = Field(False, description="shown in the site's list of open games (otherwise found by its link only)")
    replace_absent: bool = Field(True, description="a player who could act or vote and sent nothing for two phases "
                                 "in a row is replaced by a bot (always so in a ranked game)")
    bots: Literal["none", "heuristic", "random"] = Field(
        "none", description="bots (and their policy) fill the seats still empty at the start; never in a ranked game"
    )
    ai: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(
        [], max_length=60, description="the agent of each AI seat, one entry a seat (of the server's agents.yaml: "
        "/api/agents); they take the seats still empty at the start before the bots; never in a ranked game"
    )


class Created(BaseModel):
    id: str
    admin_token: str
    host_url: str
    invite_url: str
    commitment: str


class Join(BaseModel):
    nickname: str = Field(min_length=1, max_length=64)
    sex: Literal["m", "f"] | None = Field(None, description="optional: the texts then agree with it (Маша лишена)")


class Joined(BaseModel):
    name: str
    token: str
    player_url: str


PHASE_FIELD = ("the phase the command was sent in, as the game's `key` shows it (\"night-1\", \"day-2\"); "
               "if it has ended the command is refused (409). Without it, the phase current when the request "
               "arrives")


class Phased(BaseModel):
    """A command with nothing to say but the phase it was sent in."""

    phase: str | None = Field(None, max_length=40, description=PHASE_FIELD)


class Act(BaseModel):
    action: str = Field(min_length=1, max_length=40)
    targets: list[Name] = Field(default_factory=list, max_length=4)
    option: str | None = Field(None, max_length=40, description="heal_from's source, the joker's role, a question")
    detail: str | None = Field(
        None, max_length=2000, description="the joker's copied action, or the question's arguments (JSON)"
    )
    copied_option: str | None = Field(None, max_length=40, description="a joker's copy: the copied action's option")
    copied_detail: str | None = Field(
        None, max_length=2000, description="a joker's copy: the copied question's arguments (JSON)"
    )
    phase: str | None = Field(None, max_length=40, description=PHASE_FIELD)


class Vote(BaseModel):
    choice: Name = Field(description=f"a living player's name, or {BLUE!r} to hang nobody")
    phase: str | None = Field(None, max_length=40, description=PHASE_FIELD)


class Post(BaseModel):
    text: str = Field(min_length=1, max_length=svc.POST_MAX)
    channel: str = Field("thread", pattern=r"^(thread|clan)$")
    clan: str | None = Field(None, max_length=40, description="which of his clans' chats (the double agent has two)")


class Extend(BaseModel):
    seconds: int = Field(ge=10, le=7 * 86_400)
    phase: str | None = Field(None, max_length=40, description=PHASE_FIELD)


class Replace(BaseModel):
    name: Name
    nickname: str = Field(min_length=1, max_length=64)


class Ack(BaseModel):
    ok: bool = True
    version: str = Field(description="a digest of the game's public facts (it never counts secret commands)")
    status: str
    phase: str | None = None
    number: int | None = None
    key: str = Field("", description="the phase's key, to send with the next command")
    taken: bool = Field(False, description="this Idempotency-Key was already taken: nothing changed this time")


Json = dict[str, Any]


def _ack(live: Any, outcome: Any = None) -> Ack:
    game = live.game
    return Ack(
        version=public_version(live),
        status=live.status,
        phase=game.phase.kind.value if game else None,
        number=game.phase.number if game else None,
        key=cmd.phase_key(live),
        taken=outcome is not None and outcome.value == svc.TAKEN,
    )


IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=128,
                                              description="a one-time token: the same command sent again with "
                                                          "it (a retry) is taken once")]


def within_limits(setup: Setup, most: int) -> None:
    """A setup the platform will host: at most `most` seats."""
    if setup.players > most:
        raise Refusal("too_many_players", 422, most=most, players=setup.players)


async def _limit(request: Request, key: str) -> None:
    if not await platform_of(request).submit_limit.allow(key):
        raise Refusal("rate_limited", 429)


@router.get("/ping", summary="A bare endpoint (no database, no game): the benchmark's baseline")
async def ping() -> Json:
    return {"ok": True}


@router.get("/presets", summary="The setups a game can be created from")
async def presets() -> list[str]:
    return preset_names()


@router.post("/games", summary="Create a game in its lobby", status_code=201)
async def create_game(request: Request, platform: SitePlatform, body: CreateGame) -> Created:
    client = request.client.host if request.client else "?"
    if not await platform.create_limit.allow(client):
        raise Refusal("rate_limited", 429)
    setup = svc.parse_setup(body.preset, body.setup_yaml)
    within_limits(setup, platform.settings.max_players)
    game_id, admin = await platform.service.create(
        body.title, setup, body.night_seconds, body.day_seconds, body.follow_up_seconds, listed=body.listed,
        bots=body.bots, ai=body.ai, house={"replace_absent": body.replace_absent}
    )
    live = await platform.service.get(game_id)
    return Created(
        id=game_id,
        admin_token=admin,
        host_url=f"/h/{admin}",
        invite_url=f"/g/{game_id}/join",
        commitment=live.row.commitment,
    )


@router.get("/agents", summary="The AI players a game may seat on this server (none unless it was given agents)")
async def agents(request: Request, platform: SitePlatform) -> list[str]:
    return list(platform.service.ai_agents)


@router.get("/lobby", summary="The open games their hosts listed, newest first")
async def lobby(request: Request, platform: SitePlatform) -> list[Json]:
    return await platform.lobby.games(request_lang(request))


@router.get("/lobby/events", summary="Live updates of the list of open games (Server-Sent Events)")
async def lobby_events(request: Request, platform: SitePlatform) -> Any:
    async def state() -> Json:  # the shared board's version: no query per page
        await platform.lobby.games("ru")
        return {"version": platform.lobby.version}

    return event_stream(request, platform.hub, LOBBY_KEY, state)


class SetupCheck(BaseModel):
    players: int | None = Field(None, ge=0, le=1000, description="the seats (the roles' total if unset)")
    roles: dict[Annotated[str, Field(max_length=40)], Annotated[int, Field(ge=0, le=1000)]] = Field(
        default_factory=dict, max_length=100, description="role id -> count; the open seats are civilians")


class SetupChecked(BaseModel):
    ok: bool
    message: str = Field(description="the engine's refusal in words, or the setup's roles in words")
    players: int = 0


@router.post("/setups/check", summary="Check a custom setup by the engine's own rules (the creation form's pickers)")
async def check_setup(request: Request, platform: SitePlatform, body: SetupCheck) -> SetupChecked:
    lang = request_lang(request)
    form: dict[str, Any] = {f"role_{role}": count for role, count in body.roles.items()}
    if body.players:
        form["players"] = body.players
    try:
        setup = picked_setup(form, lang)
        if setup is None:
            raise SetupError("setup_roles", source=CUSTOM_TITLE["en" if lang == "en" else "ru"])
        within_limits(setup, platform.settings.max_players)
    except (SetupError, Refusal) as error:
        return SetupChecked(ok=False, message=refusal_text(error, lang))
    mapping = {"players": setup.players, "roles": setup.roles}
    return SetupChecked(ok=True, message=roles_text(mapping, lang), players=setup.players)


@router.get("/games/{game_id}", summary="A game's public page: lobby, summaries, open votes")
async def game_public(request: Request, live: Game) -> Json:
    async with live.lock:
        return spectator_data(live, request_lang(request))


@router.get("/games/{game_id}/record", summary="The full record, published once the game is over")
async def game_record(request: Request, live: FinishedGame) -> Json:
    if live.game is None:
        raise Refusal("not_found", 404, what="record")
    return record(live.game, request_lang(request))


@router.get("/games/{game_id}/ai", summary="A finished game's AI seats with their counts (decisions, invalid "
            "answers, passes, time-outs, tokens, seconds) and the game's")
async def game_ai(request: Request, live: FinishedGame, platform: SitePlatform) -> Json:
    return await ai_seats_data(platform.service, live, request_lang(request))


@router.get("/games/{game_id}/ai/{seat}", summary="A finished game's AI seat: its prompts, answers, refusals and "
            "moves in order")
async def game_ai_seat(request: Request, live: FinishedGame, platform: SitePlatform,
                       seat: Annotated[str, Path(min_length=1, max_length=64)]) -> Json:
    return await ai_seat_data(platform.service, live, seat, request_lang(request))


@router.get("/games/{game_id}/replay", summary="A finished game at one step of its replay (public, or a player's view)")
async def game_replay(
    request: Request, game: Game, platform: SitePlatform, step: Annotated[int, Query(ge=-1, le=10_000)] = -1,
    who: Annotated[str, Query(max_length=64)] = "",
) -> Json:
    return await replay_data(platform.service, finished(game), step, who, request_lang(request))


async def _join_limit(request: Request, game_id: GameId) -> None:
    """Joins, limited per game before it is looked up."""
    await _limit(request, f"join:{game_id}")


@router.post("/games/{game_id}/join", summary="Take a seat in the lobby with a nickname", status_code=201)
async def join(limited: Annotated[None, Depends(_join_limit)], game: Game, platform: SitePlatform,
               body: Join) -> Joined:
    live, token = await platform.service.join(game.id, body.nickname, body.sex)
    name = next(s.name for s in live.seats.values() if s.token_hash == token_hash(token))
    return Joined(name=name, token=token, player_url=f"/p/{token}")


@router.get("/games/{game_id}/events", summary="Live updates of the public page (Server-Sent Events)")
async def game_events(request: Request, live: Game, platform: SitePlatform) -> Any:
    lang = request_lang(request)

    async def state() -> Json:
        current = await platform.service.get(live.id)
        latest = await platform.post_heads.newest(current.id, ["thread"])  # the public thread's
        async with current.lock:  # one consistent, committed state (a command applies before it commits)
            # every spectator sees the same: built once per change and shared (the game's log head, seats
            # and newest post say whether anything changed)
            key = (id(current), current.head, len(current.seats), current.status, current.deadline, latest)
            shared = PUBLIC_STATES.get((current.id, lang))
            if shared is not None and shared[0] == key:
                return shared[1]
            info = game_info(current, lang)
            version = f"{public_version(current)}.{latest}"
            payload = {**{k: info[k] for k in ("status", "phase", "number", "deadline")}, "version": version}
            if len(PUBLIC_STATES) > 10_000:
                PUBLIC_STATES.clear()
            PUBLIC_STATES[(current.id, lang)] = (key, payload)
        return payload

    return event_stream(request, platform.hub, live.id, state)


# a game's public stream state per language, shared by its spectators: (what it was built from, the state)
PUBLIC_STATES: dict[tuple[str, str], tuple[tuple[Any, ...], Json]] = {}


# --- a player ---------------------------------------------------------------------------------------
@router.get("/player/{token}", summary="Everything this player may see: his view of the game")
async def player(request: Request, seat: PlayerSeat) -> Json:
    async with seat.live.lock:
        data = player_data(seat.live, seat.name, request_lang(request))
    return JSONResponse(data)  # type: ignore[return-value]  # plain JSON: no re-validation of a big dict


async def _player_command(request: Request, seat: Seat, build: Callable[[str, str], cmd.Build],
                          phase: str | None, once: str | None) -> Ack:
    """A seat's command (rate-limited by `TokenLimit` before the seat was looked up): built for the seat's
    player and the phase it was sent in (the one current on arrival if it names none: a retry after a
    conflict never lands in the next), taken once for its Idempotency-Key, acknowledged once durably
    stored."""
    service = platform_of(request).service
    build_now = build(seat.name, phase or cmd.phase_key(seat.live))
    live, outcome = await service.execute(seat.live.id, build_now, once=once)
    return _ack(live, outcome)


@router.post("/player/{token}/act", summary="Send tonight's action")
async def act(request: Request, limited: TokenLimit, seat: PlayerSeat, body: Act, once: IdempotencyKey = None) -> Ack:
    return await _player_command(
        request, seat, lambda name, phase: cmd.act_build(model.Act.from_fields({**body.model_dump(), "actor": name}),
                                                          phase=phase),
        body.phase, once)


@router.post("/player/{token}/pass", summary="The reanimator, asked after everyone else, revives nobody")
async def pass_turn(request: Request, limited: TokenLimit, seat: PlayerSeat, body: Phased | None = None,
                    once: IdempotencyKey = None) -> Ack:
    return await _player_command(request, seat, lambda name, phase: cmd.pass_build(name, phase=phase),
                                 body.phase if body else None, once)


@router.post("/player/{token}/withdraw", summary="Take back tonight's action")
async def withdraw(request: Request, limited: TokenLimit, seat: PlayerSeat, body: Phased | None = None,
                   once: IdempotencyKey = None) -> Ack:
    return await _player_command(request, seat, lambda name, phase: cmd.withdraw_build(name, phase=phase),
                                 body.phase if body else None, once)


@router.post("/player/{token}/vote", summary="Vote today: a name, or blue")
async def vote(request: Request, limited: TokenLimit, seat: PlayerSeat, body: Vote, once: IdempotencyKey = None) -> Ack:
    return await _player_command(request, seat, lambda name, phase: cmd.vote_build(name, body.choice, phase=phase),
                                 body.phase, once)


@router.post("/player/{token}/post", summary="Post in the game thread (by day) or the mafia's chat", status_code=201)
async def post(limited: TokenLimit, seat: PlayerSeat, platform: SitePlatform, body: Post,
               once: IdempotencyKey = None) -> Json:
    from rankedmafia.live.posts import add_post

    post_id = await add_post(platform.service, seat.live, seat.name, body.channel, body.text, body.clan, once=once)
    platform.hub.publish(seat.live.id)
    return {"ok": True, "id": post_id, **({"taken": True} if post_id == 0 else {})}


@router.get("/player/{token}/posts", summary="The thread's posts, or the mafia chat's")
async def posts(
    seat: PlayerSeat, platform: SitePlatform, channel: Annotated[str, Query(pattern=r"^(thread|clan)$")] = "thread"
) -> list[Json]:
    from rankedmafia.live.posts import read_posts

    return await read_posts(platform.service, seat.live, seat.name, channel)


@router.get("/player/{token}/events", summary="Live updates of this player's pages (Server-Sent Events)")
async def player_events(request: Request, seat: PlayerSeat, platform: SitePlatform) -> Any:
    live = seat.live
    lang = request_lang(request)

    async def state() -> Json:
        current, name = await platform.service.seat(seat.token)
        channels = ["thread", *clan_channels(current, name)]
        latest = await platform.post_heads.newest(current.id, channels)
        async with current.lock:  # one consistent, committed state
            info = game_info(current, lang)
            version = player_version(current, name, latest)
        return {**{k: info[k] for k in ("status", "phase", "number", "deadline")}, "version": version}

    return event_stream(request, platform.hub, live.id, state)


# --- the host ---------------------------------------------------------------------------------------
@router.get("/host/{token}", summary="The host's dashboard: seats, who has sent an action, everything on demand")
async def host(request: Request, live: HostedGame, everything: bool = False) -> Json:
    async with live.lock:
        data = host_data(live, request_lang(request), everything)
    data["seed"] = live.row.seed if live.status == "over" else None
    return data


@router.get("/host/{token}/record", summary="The full record so far (host only; the seed only once it is over)")
async def host_record(request: Request, live: HostedGame) -> Json:
    if live.game is None:
        raise Refusal("not_running", state=live.status)
    async with live.lock:
        data = record(live.game, request_lang(request))
    if live.status != "over":
        data["seed"] = None  # published at the end: until then only its commitment is
    return data


@router.get("/host/{token}/events", summary="Live updates of the host's page (Server-Sent Events): every command")
async def host_events(request: Request, host: HostToken, platform: SitePlatform) -> Any:
    live = host.live
    lang = request_lang(request)

    async def state() -> Json:
        current = await platform.service.hosted(host.token)
        latest = await platform.post_heads.newest(current.id, ["thread"])
        async with current.lock:  # one consistent, committed state
            info = game_info(current, lang)
            # the host may know of every command: his version is the log's head
            version = f"{current.head}.{len(current.seats)}.{latest}"
        return {**{k: info[k] for k in ("status", "phase", "number", "deadline")}, "version": version}

    return event_stream(request, platform.hub, live.id, state)


async def _host_command(request: Request, live: LiveGame, build: cmd.Build, once: str | None = None) -> Ack:
    """A host's command (rate-limited by `TokenLimit` before his game was looked up)."""
    live, outcome = await platform_of(request).service.execute(live.id, build, once=once)
    return _ack(live, outcome)


async def _phased_host_command(request: Request, live: LiveGame, build: Callable[[str], cmd.Build],
                               phase: str | None, once: str | None) -> Ack:
    """«End now», «extend»: built for the phase they were sent in, or the one current on arrival, so that
    two crossing «end now» end one phase (the second, built again after the first, is refused)."""
    return await _host_command(request, live, build(phase or cmd.phase_key(live)), once)


@router.post("/host/{token}/start", summary="Deal the roles from the committed seed and start")
async def start(request: Request, limited: TokenLimit, live: HostedGame, once: IdempotencyKey = None) -> Ack:
    return await _host_command(request, live, cmd.start_build, once=once)


@router.post("/host/{token}/resolve", summary="End the current phase now")
async def resolve_now(request: Request, limited: TokenLimit, live: HostedGame, body: Phased | None = None,
                      once: IdempotencyKey = None) -> Ack:
    return await _phased_host_command(request, live, cmd.resolve_now_build, body.phase if body else None, once)


@router.post("/host/{token}/extend", summary="Push the current phase's deadline back")
async def extend(request: Request, limited: TokenLimit, live: HostedGame, body: Extend,
                 once: IdempotencyKey = None) -> Ack:
    return await _phased_host_command(request, live, lambda phase: cmd.extend_build(body.seconds, phase=phase),
                                      body.phase, once)


@router.post("/host/{token}/pause", summary="Stop the clock")
async def pause(request: Request, limited: TokenLimit, live: HostedGame) -> Ack:
    return await _host_command(request, live, cmd.pause_build)


@router.post("/host/{token}/resume", summary="Start the clock again")
async def resume(request: Request, limited: TokenLimit, live: HostedGame) -> Ack:
    return await _host_command(request, live, cmd.resume_build)


@router.post("/host/{token}/end", summary="End the game and publish the seed")
async def end(request: Request, limited: TokenLimit, live: HostedGame) -> Ack:
    return await _host_command(request, live, cmd.end_build)


@router.post("/host/{token}/replace", summary="Give a seat to a replacement (a new secret link)")
async def replace(request: Request, limited: TokenLimit, live: HostedGame, body: Replace) -> Joined:
    new = new_token()
    await _host_command(request, live, cmd.replace_build(body.name, body.nickname, new))
    return Joined(name=body.name, token=new, player_url=f"/p/{new}")
