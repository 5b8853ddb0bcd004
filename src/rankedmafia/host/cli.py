"""`rankedmafia host`: deal a game from a setup and host it in the terminal."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from rankedmafia.host.i18n import LANGS, setup_refusal, t
from rankedmafia.host.session import Session, default_save_path
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.script import ScriptError, load_script, play
from rankedmafia.setup import new_game, resolve_setup
from rankedmafia.text.errors import ERRORS, describe
from rankedmafia.text.formats import Format


def read_names(spec: str) -> list[str]:
    """A file with one nickname a line (blank lines and `#` comments skipped), or a comma-separated list."""
    path = Path(spec)
    if path.is_file():
        lines = path.read_text(encoding="utf-8-sig").splitlines()
        return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    return [name.strip() for name in spec.split(",") if name.strip()]


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
    return describe(error, lang)


def host_command(
    setup: Annotated[str | None, typer.Argument(
        help="a preset (see `rankedmafia setups`) or a setup YAML file")] = None,
    players: Annotated[str | None, typer.Option(
        "--players", help="a file with one nickname a line, or A,B,C")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="the seed (default: a random one)")] = None,
    lang: Annotated[str, typer.Option("--lang", help="ru (default) or en")] = "ru",
    fmt: Annotated[Format, typer.Option("--format", help="text, bbcode or markdown")] = Format.TEXT,
    actions: Annotated[Path | None, typer.Option("--actions", help="take commands from this file")] = None,
    save_to: Annotated[Path | None, typer.Option("--save", help="the game script to save to")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="continue a game saved by `host` (instead of SETUP and --players)")] = None,
) -> None:
    """Host a game: deal the roles, take the night actions and day votes, print what to post and send."""
    console = Console(highlight=False)
    if lang not in LANGS:
        raise typer.BadParameter(f"{lang!r}: {', '.join(LANGS)}", param_hint="--lang")
    try:
        if resume is not None:
            game, title = play(load_script(resume)), t(lang, "resumed", path=resume)
        elif setup is None or players is None:
            console.print(t(lang, "usage"), style="red", markup=False)
            raise typer.Exit(2)
        else:
            chosen = resolve_setup(setup)
            game = new_game(chosen, read_names(players), parse_seed(seed))
            title = t(lang, "title", setup=chosen.title.get(lang, chosen.name), players=chosen.players)
        lines = actions.read_text(encoding="utf-8-sig").splitlines() if actions is not None else None
    except (SetupError, RuleViolation) as error:
        console.print(refusal(error, lang), style="red", markup=False)
        raise typer.Exit(2) from None
    except ScriptError as error:
        console.print(str(error), style="red", markup=False)
        raise typer.Exit(2) from None
    except OSError as error:
        console.print(t(lang, "read_failed", path=error.filename, error=error.strerror), style="red",
                      markup=False)
        raise typer.Exit(2) from None
    session = Session(game, console, save_to or resume or default_save_path(game), lang, fmt, title)
    if game.over:
        session.say("over_already")
        return
    session.start()
    if lines is None:
        session.interactive()
    else:
        session.run(lines, echo=True)
