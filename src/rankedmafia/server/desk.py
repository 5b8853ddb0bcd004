"""The forum host's desk: a forum game hosted from the site, where the engine is the host's calculator.

The host creates the game (a setup, the players' nicknames and sex, the thread's address), deals from a
committed seed and copies each role card into a private message. By night he pastes a player's private
message, sees it read as an action in words («Вася: убить Петю») and accepts it, or enters it by hand
from what the engine offers (`Game.choices`); he sees who has not sent (`Game.awaiting`), resolves and
copies the results post and each private result. By day he pastes the thread's pages: the count flags
every vote it is unsure of (forum/votes.py) and waits for his decision; he enters the votes, resolves
and copies the day's post. Everything is the log's (live/desk.py): a reload keeps it, and the game is an
ordinary game of the log (record, replay, verify). A terminal save opens here, and a desk game downloads
as one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import PlainTextResponse, Response
from starlette.datastructures import UploadFile

from rankedmafia.forum.cards import card_text
from rankedmafia.forum.count import FLAGGED, SKIPPED, Count, count_votes
from rankedmafia.forum.count_post import count_lines
from rankedmafia.forum.flags import describe as describe_reading
from rankedmafia.forum.messages import ReadError, read_error, read_replacing
from rankedmafia.forum.phase_end import final_post, unsent
from rankedmafia.forum.saves import dumps, loads, pending
from rankedmafia.forum.thread import decode, parse_time, parse_today, read_thread
from rankedmafia.live import commands as cmd
from rankedmafia.live import desk
from rankedmafia.live import service as svc
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame, public_votes
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act, PhaseKind
from rankedmafia.script import ScriptError, phase_record
from rankedmafia.server.deps import CheckedForm, DeskGame, Hosting, SitePlatform
from rankedmafia.server.desk_texts import desk_texts
from rankedmafia.server.forms import choice_form
from rankedmafia.server.pages import _back, presets, render, required_phase
from rankedmafia.server.platform import platform_of, request_lang
from rankedmafia.text.acts import describe_act
from rankedmafia.text.formats import Format
from rankedmafia.text.names import action_name, engine_name
from rankedmafia.text.refusals import refusal_text
from rankedmafia.text.roles import side_name
from rankedmafia.text.summary import Renderer

router = APIRouter(include_in_schema=False)
Line = Annotated[str, Form(max_length=500)]
SEXES = {"м": "m", "m": "m", "ж": "f", "f": "f"}
FORMATS = {"bbcode": Format.BBCODE, "text": Format.TEXT}


def parse_players(text: str) -> list[desk.Seat]:
    """One player a line: a nickname, then perhaps his sex (м/ж, m/f) as the last word; a nickname that
    itself ends in such a word is written in quotes («"Вася М"»). ValueError names a line it cannot read."""
    seats = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line[0] in "\"«'":
            close = {"\"": "\"", "«": "»", "'": "'"}[line[0]]
            end = line.find(close, 1)
            if end < 0:
                raise ValueError(line)
            name, rest = line[1:end].strip(), line[end + 1:].strip()
            if rest and rest.casefold() not in SEXES:
                raise ValueError(line)
            seats.append(desk.Seat(name, SEXES.get(rest.casefold())))
            continue
        words = line.split()
        sex = SEXES.get(words[-1].casefold()) if len(words) > 1 else None
        seats.append(desk.Seat(" ".join(words[:-1] if sex else words), sex))
    return seats


def _fmt(request: Request) -> Format:
    return FORMATS.get(request.query_params.get("fmt", ""), Format.BBCODE)


# --- creating ---------------------------------------------------------------------------------------------
@router.get("/desk")
async def desk_new(request: Request) -> Response:
    lang = request_lang(request)
    return render(request, "desk_new.html", {"k": desk_texts(lang), "presets": presets(lang), "form": {}})


@router.post("/desk")
async def desk_create(request: Request, platform: SitePlatform, checked: CheckedForm,
                      players: Annotated[str, Form(max_length=5000)],
                      title: Line = "", preset: Line = "classic-12", thread: Line = "") -> Response:
    lang = request_lang(request)
    k = desk_texts(lang)
    service = platform.service
    try:
        seats = parse_players(players)
    except ValueError as error:
        return _new_again(request, k["bad_players"].format(line=str(error)), title, preset, thread, players)
    try:
        setup = svc.parse_setup(preset, None)
        _, admin = await desk.create_desk(service, title, setup, seats, thread)
    except (Refusal, SetupError) as error:
        return _new_again(request, refusal_text(error, lang), title, preset, thread, players)
    return _back(f"/desk/{admin}")


def _new_again(request: Request, error: str, title: str, preset: str, thread: str, players: str) -> Response:
    lang = request_lang(request)
    form = {"title": title, "preset": preset, "thread": thread, "players": players}
    return render(request, "desk_new.html", {"k": desk_texts(lang), "presets": presets(lang), "form": form,
                                             "error": error}, 422)


@router.post("/desk/open")
async def desk_open(request: Request, platform: SitePlatform, checked: CheckedForm) -> Response:
    """A terminal save (a file or its pasted text) opened as a desk game."""
    form = await request.form()  # the save comes as a file or as text
    lang = request_lang(request)
    k = desk_texts(lang)
    upload = form.get("save")
    text = str(form.get("save_text", "") or "")
    if isinstance(upload, UploadFile):
        data = await upload.read()
        text = decode(data) if data else text
    try:
        game, _ = loads(text)
    except ScriptError as error:
        reason = error.describe(lang)
    except RuleViolation as error:
        reason = refusal_text(error, lang)
    else:
        _, admin = await desk.open_game(platform.service, game, str(form.get("title", ""))[:100],
                                        str(form.get("thread", ""))[:500])
        return _back(f"/desk/{admin}")
    return render(request, "desk_new.html", {"k": k, "presets": presets(lang), "form": {},
                                             "error": k["bad_save"].format(reason=reason)}, 422)


# --- the desk -----------------------------------------------------------------------------------------------
@dataclass(slots=True)
class Shown:
    """What a desk page shows beside the game: a message just read, a refusal, a count's outcome."""

    reading: dict[str, Any] | None = None
    error: str = ""
    pm_from: str = ""
    pm_text: str = ""


@router.get("/desk/{token}")
async def desk_page(request: Request, platform: SitePlatform, host: DeskGame) -> Response:
    """The desk; a private message pasted in this phase and not yet accepted or dropped is read again."""
    live = host.live
    message = await desk.pasted_message(platform.service, live)
    if message.actor and live.game is not None and not live.game.over:
        shown, _status = await _reading(live, message.actor, message.text, request_lang(request))
        return await _page(request, host, shown)
    return await _page(request, host, Shown())


async def _page(request: Request, host: Hosting, shown: Shown, status: int = 200) -> Response:
    """The desk drawn from the game as it is now (a command may have just changed it)."""
    service = platform_of(request).service
    live = await service.hosted(host.token)
    lang = request_lang(request)
    fmt = _fmt(request)
    paste = await desk.pasted(service, live)
    async with live.lock:
        data = desk_data(live, lang, fmt)
        thread = thread_data(live, paste, lang, fmt) if live.game is not None and data["day"] else None
    return render(request, "desk.html", {"k": desk_texts(lang), "d": data, "th": thread, "token": host.token,
                                         "shown": shown, "fmt": fmt.value, "error": shown.error,
                                         "base": str(request.base_url)}, status)


def _game(live: LiveGame) -> Game:
    if live.game is None:
        raise Refusal("not_running", state=live.status)
    return live.game


def _ending(game: Game, k: dict[str, str], lang: str) -> str:
    """How the game ended, for the host: the winner, or why nobody won (RULINGS.md, "Stalemate")."""
    if game.winner is not None:
        return k["won_by"].format(side=side_name(game.winner, lang))
    if game.ended is not None:
        return k["ended_stalemate"] if game.ended == "stalemate" else k["ended_host"]
    return ""


def desk_data(live: LiveGame, lang: str, fmt: Format) -> dict[str, Any]:
    """The desk's facts for the template: all of them the host's own (he sees everything)."""
    game = _game(live)
    k = desk_texts(lang)
    renderer = Renderer(lang, fmt, game.sexes())
    sexes = game.sexes()
    night = game.phase.kind is PhaseKind.NIGHT and not game.over
    taken: dict[str, dict[str, Any]] = {}
    replaced: dict[str, list[str]] = {}  # each player's earlier actions tonight, shown struck through
    for command in pending(game):
        if command["type"] == "act":
            taken[command["actor"]] = {"actor": command["actor"],
                                       "words": describe_act(command, sexes, lang, with_actor=True)}
        elif command["type"] == "withdraw" and command["actor"] in taken:
            replaced.setdefault(command["actor"], []).append(taken.pop(command["actor"])["words"])
    for actor, entry in taken.items():
        entry["replaced"] = replaced.get(actor, [])
    asked = game.follow_up_step() if night else None
    waiting = [asked.player] if asked is not None else (game.awaiting() if night else [])
    results = []
    for result in reversed(game.results):
        rec = phase_record(game, result, renderer)
        results.append({"title": renderer.title(rec["phase"], rec["number"]), "public": "\n".join(
            [renderer.title(rec["phase"], rec["number"]), *rec["public"]]),
            "private": [{"name": name, "text": "\n".join(lines)} for name, lines in rec["private"].items()]})
    phase = k["over"] if game.over else k[game.phase.kind.value].format(n=game.phase.number)
    return {
        # a game saved before titles were put in words kept its setup's id («classic-12», «save»)
        "title": desk.title_in_words(live.row.setup, lang) if live.row.title in ("save", live.row.setup.get("name"))
        else live.row.title,
        "id": live.id,
        "key": cmd.phase_key(live),  # the phase the desk's forms send back: a stale one is refused
        "thread": live.row.options.get("thread", ""),
        "commitment": live.row.commitment,
        "seed": live.row.seed if game.over else "",
        "phase": phase,
        "phase_kind": "over" if game.over else game.phase.kind.value,
        "over": game.over,
        "ending": _ending(game, k, lang),
        "night": night,
        "day": game.phase.kind is PhaseKind.DAY and not game.over,
        "players": [p.name for p in game.players()],
        "alive": game.alive(),
        "cards": [{"name": p.name, "text": card_text(game, p.name, renderer, rules=True)} for p in game.players()],
        "final": "\n".join(final_post(game, renderer)),
        "voters": game.voters(),
        "silenced": [n for n in game.alive() if n not in game.voters()] if game.phase.kind is PhaseKind.DAY else [],
        "today": date.today().strftime("%d.%m.%Y"),
        "taken": list(taken.values()),
        "waiting": waiting,
        "unsent": unsent(game),
        "asked": {"name": asked.player, "action": action_name(asked.action, lang), "told": ", ".join(asked.told)}
        if asked is not None else None,
        # by hand: every choice but the joker's copies and the Council's questions (read from his message)
        "forms": {name: [choice_form(c, lang, game) for c in game.choices(name)
                         if not c.copies and c.option != "question"] for name in waiting},
        "votes": public_votes(game),
        "vote_lines": count_lines(public_votes(game), game.voters(), game.phase.number, lang, fmt)
        if game.phase.kind is PhaseKind.DAY else [],
        "results": results,
    }


def recount(live: LiveGame, paste: desk.Pasted, lang: str) -> tuple[Count, list[str], str]:
    """The day's count from the pages the host pasted, with his decisions; and what could not be read."""
    game = _game(live)
    k = desk_texts(lang)
    deadline = parse_time(paste.deadline) if paste.deadline else None
    today = parse_today(paste.today) if paste.today else None
    problem = ""
    if paste.deadline and deadline is None:
        problem = k["bad_deadline"].format(text=paste.deadline)
    elif paste.today and today is None:
        problem = k["bad_today"].format(text=paste.today)
    players = list(game.state.players)
    thread = read_thread(paste.pages, players, today, lang)
    silenced = [name for name in game.alive() if name not in game.voters()]
    count = count_votes(thread.posts, game.alive(), players, deadline, lang, paste.decisions, silenced)
    count.notes[:0] = thread.notes
    count.warnings[:0] = thread.warnings
    shown = ", ".join(engine_name(e, lang) for e in thread.engines)
    return count, [k["read_engines"].format(engines=shown, posts=len(thread.posts))], problem


def _post_text(count: Count, number: int) -> str:
    post = count.posts.get(number)
    return "" if post is None else post.text if len(post.text) <= 600 else post.text[:600] + "…"


def _post_time(count: Count, number: int) -> str:
    post = count.posts.get(number)
    if post is None:
        return ""
    if post.time is not None:
        return post.time.strftime("%d.%m.%Y %H:%M")
    return post.stamp.written if post.stamp is not None else ""


def thread_data(live: LiveGame, paste: desk.Pasted, lang: str, fmt: Format) -> dict[str, Any] | None:
    if not paste.pages:
        return {"paste": paste, "count": None}
    game = _game(live)
    k = desk_texts(lang)
    count, read, problem = recount(live, paste, lang)
    standing = public_votes(game)
    changed = {v: c for v, c in count.votes.items() if standing.get(v) != c}
    flagged = [{"post": r.post, "author": r.author, "why": describe_reading(r, lang),
                "text": _post_text(count, r.post), "time": _post_time(count, r.post),
                "choices": [{"id": n, "label": k["count_for"].format(name=k["blue"] if n == BLUE else n)}
                            for n in dict.fromkeys([*r.names, *([r.choice] if r.choice else [])])]}
               for r in count.readings if r.status == FLAGGED]
    skipped = [describe_reading(r, lang) for r in count.readings if r.status == SKIPPED]
    rest = [w for w in count.warnings if not any(w == f["why"] for f in flagged) and w not in skipped]
    return {"paste": paste, "count": count, "lines": count_lines(count.votes, game.voters(), game.phase.number, lang,
                                                                  fmt),
            "flagged": flagged, "skipped": skipped + rest, "notes": count.notes, "read": read, "problem": problem,
            "changed": changed, "decided": paste.decisions or {}}


# --- the host's commands ----------------------------------------------------------------------------------
Phase = Annotated[str, Form(max_length=40)]  # the phase the form was drawn in
Once = Annotated[str, Form(max_length=128)]  # the form's one-time token
Name = Annotated[str, Form(max_length=64)]


async def _run(request: Request, host: Hosting, build: Callable[[str], cmd.Build], phase: str, once: str) -> Response:
    """A host's command, built for the phase his form was drawn in (its hidden field; a stale one is
    refused in words), taken once for its one-time token."""
    try:
        made = build(required_phase(phase))
        await platform_of(request).service.execute(host.live.id, made, once=once or None)
    except (Refusal, RuleViolation) as error:
        return await _page(request, host, Shown(error=refusal_text(error, request_lang(request))),
                           getattr(error, "status", 409))
    return _home(request, host.token)


def _home(request: Request, token: str, anchor: str = "") -> Response:
    """Back to the desk, in the texts' format the host chose (the forms carry it in their address)."""
    query = f"?fmt={_fmt(request).value}" if "fmt" in request.query_params else ""
    return _back(f"/desk/{token}{query}{anchor}")


@router.post("/desk/{token}/read")
async def read_pm(request: Request, platform: SitePlatform, checked: CheckedForm, host: DeskGame, actor: Line,
                  text: Annotated[str, Form(max_length=4000)]) -> Response:
    """A pasted private message, read as the action it means: shown in words for the host to accept. It is
    kept until he accepts its action or drops it, so that a reload (or a lost connection) keeps it."""
    live = host.live
    shown, status = await _reading(live, actor, text, request_lang(request))
    if actor in _game(live).state.players:
        await desk.keep_message(platform.service, live, desk.PastedMessage(actor, text))
    return await _page(request, host, shown, status)


async def _reading(live: LiveGame, actor: str, text: str, lang: str) -> tuple[Shown, int]:
    """The message read under the game's lock (the page is drawn after it: it takes the lock itself)."""
    async with live.lock:
        game = _game(live)
        problem, status = "", 422
        earlier = ""
        if actor not in game.state.players:
            problem = desk_texts(lang)["unknown_player"]
        else:
            try:
                # his newer message replaces his earlier action (forum/messages.py, as in the terminal host)
                reading, replaced = read_replacing(game, actor, text)
                if replaced is not None:
                    earlier = describe_act(replaced, game.sexes(), lang, with_actor=True)
            except ReadError as error:
                problem = read_error(error, lang)
            except RuleViolation as error:
                problem, status = refusal_text(error, lang), 409
        if not problem:
            act = reading.act
            words = describe_act(act, game.sexes(), lang, with_actor=True)
    if problem:
        return Shown(error=problem, pm_from=actor, pm_text=text), status
    k = desk_texts(lang)
    shown = {"words": words, "fields": act.fields(), "earlier": earlier,
             "guesses": [k["check_name"].format(typed=g.typed, name=g.name) for g in reading.guesses]}
    return Shown(reading=shown, pm_from=actor, pm_text=text), 200


@router.post("/desk/{token}/drop")
async def drop_pm(request: Request, platform: SitePlatform, checked: CheckedForm, host: DeskGame) -> Response:
    """The pasted message put aside without acting on it."""
    await desk.keep_message(platform.service, host.live, desk.PastedMessage())
    return _home(request, host.token)


Targets = Annotated[list[str] | None, Form(max_length=6)]
Field = Annotated[str, Form(max_length=2000)]


@router.post("/desk/{token}/act")
async def act(request: Request, platform: SitePlatform, checked: CheckedForm, host: DeskGame, actor: Name = "",
              action: Annotated[str, Form(max_length=40)] = "", targets: Targets = None, option: Field = "",
              detail: Field = "", copied_option: Field = "", copied_detail: Field = "", phase: Phase = "",
              once: Once = "") -> Response:
    """An action accepted from a reading, or entered by hand from the engine's choices."""
    act = Act.from_fields({"actor": actor, "action": action, "targets": [t[:64] for t in targets or () if t],
                           "option": option or None, "detail": detail or None,
                           "copied_option": copied_option or None, "copied_detail": copied_detail or None})
    response = await _run(request, host, lambda phase: cmd.act_build(act, phase=phase, replace=True), phase, once)
    if response.status_code == 303:  # accepted: the message it came from is dealt with
        service = platform.service
        live = await service.hosted(host.token)
        if (await desk.pasted_message(service, live)).actor == actor:
            await desk.keep_message(service, live, desk.PastedMessage())
    return response


@router.post("/desk/{token}/withdraw")
async def withdraw(request: Request, checked: CheckedForm, host: DeskGame, actor: Name = "", phase: Phase = "",
                   once: Once = "") -> Response:
    return await _run(request, host, lambda phase: cmd.withdraw_build(actor, phase=phase), phase, once)


@router.post("/desk/{token}/resolve")
async def resolve(request: Request, checked: CheckedForm, host: DeskGame, phase: Phase = "",
                  once: Once = "") -> Response:
    return await _run(request, host, cmd.resolve_by_hand_build, phase, once)


@router.post("/desk/{token}/end")
async def end(request: Request, platform: SitePlatform, checked: CheckedForm, host: DeskGame,
              once: Once = "") -> Response:
    """The host ends the game by hand, with no winner (the page asks him to confirm first). It belongs to no
    phase: sent again once the game is over, it changes nothing."""
    try:
        await platform.service.execute(host.live.id, cmd.end_build, once=once or None)
    except Refusal as error:
        return await _page(request, host, Shown(error=refusal_text(error, request_lang(request))), error.status)
    return _home(request, host.token)


@router.post("/desk/{token}/vote")
async def vote(request: Request, checked: CheckedForm, host: DeskGame, voter: Name = "", choice: Name = "",
               phase: Phase = "", once: Once = "") -> Response:
    return await _run(request, host, lambda phase: cmd.votes_build({voter: choice}, phase=phase), phase, once)


@router.post("/desk/{token}/thread")
async def paste_thread(request: Request, platform: SitePlatform, checked: CheckedForm, host: DeskGame,
                       text: Annotated[str, Form(max_length=8 * 1024 * 1024)] = "",  # as large as an upload
                       deadline: Annotated[str, Form(max_length=1000)] = "",
                       today: Annotated[str, Form(max_length=1000)] = "") -> Response:
    """The day's thread: saved pages (files) and/or pasted text, with the deadline and today's date."""
    form = await request.form()  # the saved pages: any number of files
    k = desk_texts(request_lang(request))
    pages = []
    for upload in form.getlist("files"):
        if isinstance(upload, UploadFile):
            data = await upload.read()
            if data:
                pages.append(decode(data))
    text = text.strip()
    if text:
        pages.append(text)
    if not pages:
        return await _page(request, host, Shown(error=k["no_pages"]), 422)
    paste = desk.Pasted(tuple(pages), deadline[:40].strip(), today[:40].strip(), {})
    await desk.keep_pasted(platform.service, host.live, paste)
    return _home(request, host.token, "#count")


@router.post("/desk/{token}/decide")
async def decide(request: Request, platform: SitePlatform, checked: CheckedForm, host: DeskGame,
                 post: Annotated[int, Form(ge=1)],
                 choice: Line = "") -> Response:
    """The host's decision on one flagged post: a vote for someone, blue, or "" (not a vote)."""
    service = platform.service
    paste = await desk.pasted(service, host.live)
    if not paste.pages:
        raise Refusal("not_found", 404, what="thread")
    decisions = {**(paste.decisions or {}), post: choice}
    await desk.keep_pasted(service, host.live, desk.Pasted(paste.pages, paste.deadline, paste.today, decisions))
    return _home(request, host.token, "#count")


@router.post("/desk/{token}/apply")
async def apply_count(request: Request, platform: SitePlatform, checked: CheckedForm, host: DeskGame, phase: Phase = "",
                      once: Once = "") -> Response:
    """The thread's standing votes entered into the day (only the ones that changed)."""
    paste = await desk.pasted(platform.service, host.live)
    async with host.live.lock:
        count, _, _ = recount(host.live, paste, request_lang(request))
    return await _run(request, host, lambda phase: cmd.votes_build(dict(count.votes), phase=phase), phase, once)


@router.get("/desk/{token}/save")
async def download_save(request: Request, host: DeskGame) -> Response:
    """The game as the terminal host's save: `rankedmafia host --resume` goes on from it."""
    live = host.live
    fmt = _fmt(request)
    async with live.lock:
        text = dumps(_game(live), request_lang(request), fmt.value)
    return PlainTextResponse(text, media_type="application/x-yaml; charset=utf-8",
                             headers={"content-disposition": f'attachment; filename="game-{live.id}.yaml"'})
