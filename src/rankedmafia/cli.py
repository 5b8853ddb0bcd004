"""`rankedmafia`: run a script, verify a record, list setups, play a demo, host a game in the terminal.

Every command is an adapter around `Game`; none re-implements a rule.
"""

from __future__ import annotations

import json
import random
import sys
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml
from rich.table import Table

from rankedmafia.ai.cli import arena_command, publish_command
from rankedmafia.bots.random_policy import play_random_game
from rankedmafia.host import host_command
from rankedmafia.host.votes import votes_command
from rankedmafia.ladder.cli import ladder_app, stats_command
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.script import ScriptError, load_script, record, run_script
from rankedmafia.server.cli import serve_command
from rankedmafia.setup import new_game, preset, preset_names
from rankedmafia.sim.cli import simulate_command
from rankedmafia.telegram.cli import telegram_command
from rankedmafia.text.formats import Format, output_console
from rankedmafia.text.names import refusal
from rankedmafia.text.places import refusal_sentence
from rankedmafia.text.roles import role_name
from rankedmafia.text.script_errors import file_error_text
from rankedmafia.text.summary import Renderer
from rankedmafia.verify import say as verify_text
from rankedmafia.verify import verify as verify_record

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Ranked Mafia: an exact rules engine, game scripts and records, a host's tools.")
console = output_console()
errors = output_console(stderr=True)

# The command line's own words: table headers and verify's verdict, in the chosen language.
WORDS = {
    "ru": {"presets": "Расклады", "name": "название", "players": "игроков", "title": "заголовок", "roles": "роли",
           "role": "роль", "nickname": "ник", "id": "id", "side": "сторона", "actions": "действия",
           "bots": "{setup}, сид {seed}, случайные боты", "roles_title": "Роли"},
    "en": {"presets": "Presets", "name": "name", "players": "players", "title": "title", "roles": "roles",
           "role": "role", "nickname": "nickname", "id": "id", "side": "side", "actions": "actions",
           "bots": "{setup}, seed {seed}, random bots", "roles_title": "Roles"},
}


def word(lang: str, key: str, **fields: Any) -> str:
    return WORDS.get(lang, WORDS["ru"])[key].format(**fields)

Lang = Annotated[str, typer.Option("--lang", help="ru (default) or en")]


def refuse(error: Exception, lang: str, start: str = "night") -> None:
    """A refused script or command as one sentence in the reader's language, naming the place as the
    host counts it («Ночь 2, строка 3 — Петя выбыл: его нельзя указать»), on stderr; exit status 2."""
    if isinstance(error, RuleViolation):
        text = refusal_sentence(error, lang, start)
    elif isinstance(error, SetupError):
        text = refusal(error, lang)
    elif isinstance(error, ScriptError):
        text = error.describe(lang, start)
    elif isinstance(error, OSError | UnicodeDecodeError):
        text = file_error_text(error, getattr(error, "filename", None) or "", lang)
    else:
        text = str(error)
    errors.print(text, style="red", markup=False, highlight=False)
    raise typer.Exit(2)


def read_file(path: Path, lang: str) -> str:
    """A file given on the command line, or its refusal («Файл game.yaml не найден», exit status 2)."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        errors.print(file_error_text(error, path, lang), style="red", markup=False, highlight=False)
        raise typer.Exit(2) from None


def print_summaries(rec: dict[str, Any], lang: str, fmt: Format) -> None:
    renderer = Renderer(lang, fmt, {p["name"]: p.get("sex") for p in rec["players"]})
    for phase in rec["phases"]:
        console.print(renderer.title(phase["phase"], phase["number"]), markup=False, highlight=False)
        for line in phase["public"]:
            console.print(line, markup=False, highlight=False)
        console.print()


@app.command()
def run(script: Annotated[Path, typer.Argument(help="a game script (YAML or JSON)")],
        as_json: Annotated[bool, typer.Option("--json", help="print the record as JSON")] = False,
        fmt: Annotated[Format, typer.Option("--format", help="text, bbcode or markdown")] = Format.TEXT,
        lang: Lang = "ru") -> None:
    """Play a game script and print its record or the summaries a host would post."""
    read_file(script, lang)  # a missing or unreadable file is said so before anything is read from it
    start = "night"
    try:
        loaded = load_script(script)
        start = "day" if loaded.get("start") == "day" else "night"
        rec = run_script(loaded, lang, fmt)
    except (RuleViolation, ScriptError, SetupError, OSError, UnicodeDecodeError) as error:
        refuse(error, lang, start)
        return
    if as_json:
        sys.stdout.write(json.dumps(rec, ensure_ascii=False, indent=2) + "\n")
    else:
        print_summaries(rec, lang, fmt)


@app.command()
def verify(record_file: Annotated[Path, typer.Argument(help="a published record (JSON)")],
           seed: Annotated[str, typer.Option("--seed", help="the seed published at the end of the game")],
           lang: Lang = "ru") -> None:
    """Check a published record against its seed commitment and replay it."""
    text = read_file(record_file, lang)
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as error:
        refuse(ScriptError.of("record_json", path=record_file, error=error.msg), lang)
        return
    start = _record_start(rec)
    seed_value: int | str = int(seed) if seed.lstrip("-").isdigit() and isinstance(rec.get("seed"), int) else seed
    try:
        problems = verify_record(rec, seed_value, lang)
    except (RuleViolation, ScriptError) as error:
        refuse(error, lang, start)
        return
    if problems:
        for problem in problems:
            errors.print("✗ " + problem, style="red", markup=False)
        raise typer.Exit(1)
    console.print("✓ " + verify_text(lang, "ok"), style="green", markup=False)


def _record_start(rec: Any) -> str:
    """The phase a recorded game started with (its `game` event says), so that a refusal's place is
    counted as the host counts it; night if the record does not say."""
    phases = rec.get("phases") if isinstance(rec, dict) else None
    first = phases[0] if isinstance(phases, list) and phases and isinstance(phases[0], dict) else {}
    events = first.get("events")
    if not isinstance(events, list):
        return "night"
    game = next((e for e in events if isinstance(e, dict) and e.get("type") == "game"), {})
    return "day" if game.get("start") == "day" else "night"


@app.command()
def setups(lang: Lang = "ru") -> None:
    """List the preset setups."""
    table = Table(title=word(lang, "presets"))
    table.add_column(word(lang, "name"))
    table.add_column(word(lang, "players"), justify="right")
    table.add_column(word(lang, "title"))
    table.add_column(word(lang, "roles"))
    for name in preset_names():
        setup = preset(name)
        roles = ", ".join(f"{role_name(r, lang)}×{n}" if n > 1 else role_name(r, lang)
                          for r, n in setup.roles.items())
        table.add_row(name, str(setup.players), setup.title.get(lang, name), roles)
    console.print(table)


@app.command()
def demo(setup_name: Annotated[str, typer.Option("--setup")] = "classic-12",
         seed: Annotated[int, typer.Option("--seed")] = 2026,
         lang: Lang = "ru") -> None:
    """Play the shipped demo script, then deal a preset game to random bots, and print the summaries."""
    script_text = (resources.files("rankedmafia") / "demo" / "first-night.yaml").read_text(encoding="utf-8")
    console.rule("demo/first-night.yaml")
    print_summaries(run_script(yaml.safe_load(script_text), lang), lang, Format.TEXT)
    setup = preset(setup_name)
    names = [f"Игрок{i + 1}" if lang == "ru" else f"Player{i + 1}" for i in range(setup.players)]
    game = play_random_game(new_game(setup, names, seed), random.Random(seed))
    console.rule(word(lang, "bots", setup=setup_name, seed=seed))
    table = Table()
    table.add_column(word(lang, "nickname"))
    table.add_column(word(lang, "role"))
    for player in game.players():
        table.add_row(player.name, role_name(player.initial_role, lang))
    console.print(table)
    print_summaries(record(game, lang), lang, Format.TEXT)


app.command("host")(host_command)
app.command("votes")(votes_command)
app.command("simulate")(simulate_command)
app.command("arena")(arena_command)
app.command("arena-publish")(publish_command)
app.command("serve")(serve_command)
app.command("stats")(stats_command)
app.add_typer(ladder_app, name="ladder")
app.command("telegram")(telegram_command)


@app.command()
def roles(lang: Lang = "ru",
          as_markdown: Annotated[bool, typer.Option("--markdown", help="the reference of docs/roles.md")] = False
          ) -> None:
    """List every role with its side and actions, generated from the role modules."""
    from rankedmafia.text.reference import SIDE_TITLES, actions_of, describe_action, entries, markdown

    if as_markdown:
        sys.stdout.write(markdown(lang if lang in SIDE_TITLES else "en"))
        return
    table = Table(title=word(lang, "roles_title"))
    for column in ("id", "name", "side", "actions"):
        table.add_column(word(lang, column))
    sides = SIDE_TITLES.get(lang, SIDE_TITLES["en"])
    for entry in entries():
        role = entry.role
        table.add_row(role.id, role_name(role.id, lang), sides[role.side.value],
                      "\n".join(describe_action(a) for a in actions_of(role)) or "—")
    console.print(table)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
