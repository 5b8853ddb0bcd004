"""`rankedmafia host`: deal a game from a setup and host it in the terminal."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from rankedmafia.host.i18n import LANGS, setup_refusal, t
from rankedmafia.host.saves import load as load_saved
from rankedmafia.host.session import Session, default_save_path
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.script import ScriptError
from rankedmafia.setup import new_game, resolve_setup
from rankedmafia.text.errors import ERRORS
from rankedmafia.text.formats import Format, output_console
from rankedmafia.text.names import refusal as named_refusal
from rankedmafia.text.script_errors import file_error_text

SEX_MARKS = {"м": "m", "m": "m", "муж": "m", "ж": "f", "f": "f", "жен": "f"}


def read_players(spec: str) -> tuple[list[str], dict[str, str]]:
    """A file with one player a line (blank lines and `#` comments skipped), or a comma-separated list.
    A player's sex may follow his nickname as its last word: `Маша ж`, `Маша f`, `Вася м`, `Вася m`
    (a nickname that ends in such a word is written in quotes: `"Вася М"`)."""
    path = Path(spec)
    if path.is_file():
        lines = path.read_text(encoding="utf-8-sig").splitlines()
        entries = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    else:
        entries = [name.strip() for name in spec.split(",") if name.strip()]
    names: list[str] = []
    sexes: dict[str, str] = {}
    for entry in entries:
        if entry[0] in "\"«'" and entry[-1] in "\"»'":
            names.append(entry[1:-1].strip())
            continue
        head, _, last = entry.rpartition(" ")
        mark = SEX_MARKS.get(last.strip("()").casefold())
        if head.strip() and mark is not None:
            names.append(head.strip())
            sexes[head.strip()] = mark
        else:
            names.append(entry)
    return names, sexes


def read_names(spec: str) -> list[str]:
    """The nicknames of `read_players`, without their sex."""
    return read_players(spec)[0]


def parse_seed(text: str | None) -> int | str:
    """The seed as given (an integer if it looks like one), or a fresh random one."""
    if text is None:
        return secrets.randbelow(2**63)
    stripped = text.strip()
    return int(stripped) if stripped.lstrip("-").isdigit() else stripped


def refusal(error: SetupError | RuleViolation, lang: str) -> str:
    """The text layer's sentence for the refusal, or the host's own where the text layer has none."""
    if error.rule not in ERRORS.get(lang, ERRORS["ru"]):
        own = setup_refusal(error.rule, dict(error.params), lang)
        if own is not None:
            return own
    return named_refusal(error, lang)


def host_command(
    setup: Annotated[str | None, typer.Argument(
        help="a preset (see `rankedmafia setups`) or a setup YAML file")] = None,
    players: Annotated[str | None, typer.Option(
        "--players", help="a file with one nickname a line, or A,B,C")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="the seed (default: a random one)")] = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="ru (default, or the saved game's) or en")] = None,
    fmt: Annotated[Format | None, typer.Option(
        "--format", help="text (default, or the saved game's), bbcode or markdown")] = None,
    actions: Annotated[Path | None, typer.Option("--actions", help="take commands from this file")] = None,
    save_to: Annotated[Path | None, typer.Option("--save", help="the game script to save to")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="continue a game saved by `host` (instead of SETUP and --players)")] = None,
) -> None:
    """Host a game: deal the roles, take the night actions and day votes, print what to post and send."""
    console = output_console()
    if lang is not None and lang not in LANGS:
        raise typer.BadParameter(f"{lang!r}: {', '.join(LANGS)}", param_hint="--lang")
    settings: dict[str, object] = {}
    try:
        if resume is not None:
            game, settings = load_saved(resume)
            lang = lang or str(settings.get("lang") or "ru")
            if lang not in LANGS:
                lang = "ru"
            title = t(lang, "resumed", path=resume)
        elif setup is None or players is None:
            console.print(t(lang or "ru", "usage"), style="red", markup=False)
            raise typer.Exit(2)
        else:
            lang = lang or "ru"
            chosen = resolve_setup(setup)
            names, sexes = read_players(players)
            game = new_game(chosen, names, parse_seed(seed), sexes=sexes)
            title = t(lang, "title", setup=chosen.title.get(lang, chosen.name), players=chosen.players)
        lines = actions.read_text(encoding="utf-8-sig").splitlines() if actions is not None else None
    except (SetupError, RuleViolation) as error:
        console.print(refusal(error, lang or "ru"), style="red", markup=False)
        raise typer.Exit(2) from None
    except ScriptError as error:
        console.print(error.describe(lang or "ru"), style="red", markup=False)
        raise typer.Exit(2) from None
    except (OSError, UnicodeDecodeError) as error:
        console.print(file_error_text(error, resume or actions or players or "", lang or "ru"), style="red",
                      markup=False)
        raise typer.Exit(2) from None
    saved_format = str(settings.get("format") or Format.TEXT.value)
    chosen_format = fmt or (Format(saved_format) if saved_format in set(Format) else Format.TEXT)
    session = Session(game, console, save_to or resume or default_save_path(game), lang, chosen_format, title)
    if game.over:
        session.say("over_already")
        return
    if resume is not None:
        session.resume()
    else:
        session.start()
    if lines is None:
        session.interactive()
    else:
        session.run(lines, echo=True)
