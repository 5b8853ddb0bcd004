"""`rankedmafia votes`: count a day's votes from the thread's saved pages, for a game the host keeps.

The count goes to standard output, ready to post; what the host should check (every flagged vote, which
is not counted: two names, a name or «синий» without a vote word, a typo, a post whose time cannot be
set against the deadline; posts skipped; what relative times were read against) goes to standard
error. `--apply` enters the votes into the saved game's
day, as if typed at `rankedmafia host`, which `--resume` then continues.
"""

from __future__ import annotations

from datetime import date, datetime, time
from pathlib import Path
from typing import Annotated

import typer

from rankedmafia.forum.count import count_votes
from rankedmafia.forum.count_post import count_lines
from rankedmafia.forum.dates import Reference
from rankedmafia.forum.thread import parse_time, parse_today, read_pages, read_thread
from rankedmafia.host.saves import load, save
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import PhaseKind
from rankedmafia.script import ScriptError
from rankedmafia.text.formats import Format, output_console
from rankedmafia.text.names import engine_name, refusal
from rankedmafia.text.script_errors import file_error_text

TEXTS = {
    "ru": {"not_day": "сохранённая игра сейчас на фазе «ночь {number}»: голоса считают днём",
           "over": "игра уже окончена", "deadline": "не понял срок «{text}»; пишите так: 30.11.2026 22:00",
           "today": "не понял дату «{text}»; пишите так: 30.11.2026 или 30.11.2026 22:14",
           "read_failed": "не удалось прочитать {path}: {error}", "note": "внимание: {text}",
           "applied": "голоса записаны в {path}: {count}; «rankedmafia host --resume {path}» продолжит день",
           "engines": "прочитано: {pages} (постов: {posts})",
           "today_default": "«Сегодня» в постах — {date} (сегодняшняя дата; другую задаёт --today)"},
    "en": {"not_day": "the saved game is at night {number}: votes are counted by day",
           "over": "the game is over already",
           "deadline": "could not read the deadline “{text}”; write 30.11.2026 22:00",
           "today": "could not read the date “{text}”; write 30.11.2026 or 30.11.2026 22:14",
           "read_failed": "could not read {path}: {error}", "note": "note: {text}",
           "applied": "votes entered into {path}: {count}; “rankedmafia host --resume {path}” goes on with the day",
           "engines": "read: {pages} ({posts} posts)",
           "today_default": "“Today” in the posts is {date} (today's date; --today sets another)"},
}


def votes_command(
    pages: Annotated[list[Path], typer.Argument(
        help="the thread's saved pages (HTML from phpBB, vBulletin, Invision, XenForo, SMF, MyBB, uCoz, "
             "Discourse, VK or another forum) or pasted text, in any order; "
             "a folder stands for its files in name order")],
    game_file: Annotated[Path, typer.Option("--game", help="the game saved by `rankedmafia host`")],
    deadline: Annotated[str | None, typer.Option(
        "--deadline", help="posts after this forum time are skipped, e.g. \"30.11.2026 22:00\"")] = None,
    lang: Annotated[str, typer.Option("--lang", help="ru (default) or en")] = "ru",
    fmt: Annotated[Format, typer.Option("--format", help="bbcode (default), markdown or text")] = Format.BBCODE,
    apply: Annotated[bool, typer.Option("--apply", help="enter the votes into the saved game's day")] = False,
    today: Annotated[str | None, typer.Option(
        "--today", help="the date relative post times («Сегодня, 19:45», «5 минут назад») are read against, "
                        "where the page shows none: \"30.11.2026\" or \"30.11.2026 22:14\"")] = None,
) -> None:
    """Count the day's votes in the thread: the count as a post, and the votes for the host's day."""
    out, err = output_console(), output_console(stderr=True)
    texts = TEXTS.get(lang, TEXTS["ru"])

    def fail(message: str) -> None:
        err.print(message, style="red", markup=False)
        raise typer.Exit(2)

    limit = None
    if deadline is not None:
        limit = parse_time(deadline)
        if limit is None:
            fail(texts["deadline"].format(text=deadline))
    reference = parse_today(today) if today is not None else None
    if today is not None and reference is None:
        fail(texts["today"].format(text=today))
    if reference is None:  # «Сегодня» in a post means the day the host counts, as on the desk
        reference = Reference(datetime.combine(date.today(), time()), False, "today")
    try:
        game, settings = load(game_file)
        text = read_pages(pages)
    except (OSError, UnicodeDecodeError) as error:
        fail(file_error_text(error, game_file, lang))
        return
    except ScriptError as error:
        fail(error.describe(lang))
        return
    except RuleViolation as error:
        fail(refusal(error, lang))
        return
    if game.over:
        fail(texts["over"])
    if game.phase.kind is not PhaseKind.DAY:
        fail(texts["not_day"].format(number=game.phase.number))
    players = list(game.state.players)
    thread = read_thread(text, players, reference, lang)
    posts, engines, voters = thread.posts, thread.engines, game.voters()
    silenced = [name for name in game.alive() if name not in voters]
    count = count_votes(posts, game.alive(), players, limit, lang, silenced=silenced)
    if today is None:
        err.print(texts["today_default"].format(date=f"{reference.when:%d.%m.%Y}"), style="dim", markup=False)
    err.print(texts["engines"].format(pages=", ".join(engine_name(e, lang) for e in engines), posts=len(posts)),
              style="dim", markup=False)
    for note in [*thread.notes, *count.notes]:
        err.print(texts["note"].format(text=note), style="dim", markup=False)
    for warning in [*thread.warnings, *count.warnings]:
        err.print(texts["note"].format(text=warning), style="yellow", markup=False)
    for line in count_lines(count.votes, voters, game.phase.number, lang, fmt):
        out.print(line, markup=False)
    if apply:
        for voter, choice in count.votes.items():
            game.vote(voter, choice)
        save(game, game_file, str(settings.get("lang") or lang), str(settings.get("format") or fmt.value))
        err.print(texts["applied"].format(path=game_file, count=len(count.votes)), style="green", markup=False)
