"""`rankedmafia arena agents.yaml --setup classic-12 --games N`: agents seated at random, rated.

The arena's modules (and the `openai` client they bring, a second to import) are imported when an arena
command runs, not when `rankedmafia` starts: every other command starts without them.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from rankedmafia.ai.config import LANES, ConfigError, load_agents
from rankedmafia.bots import MAX_PHASES
from rankedmafia.rules.errors import SetupError
from rankedmafia.setup import resolve_setup
from rankedmafia.text.errors import describe


class Backend(StrEnum):
    PROCESS = "process"
    RAY = "ray"


def arena_command(
    agents_file: Annotated[Path | None, typer.Argument(metavar="AGENTS", help="agents.yaml (docs/ai.md)")] = None,
    setup_name: Annotated[str, typer.Option("--setup", help="a preset or a setup file")] = "classic-12",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="how many games")] = 100,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="processes (or ray workers)")] = 1,
    lanes: Annotated[int, typer.Option("--lanes", min=1, help="games a process plays at once (a model server "
                                       "that answers one request at a time: 1)")] = LANES,
    out: Annotated[Path, typer.Option("--out", help="the run's directory: results, records, prompts")] = Path(
        "arena"),
    seed: Annotated[str, typer.Option("--seed", help="game i is dealt and seated from SEED:i")] = "arena",
    resume: Annotated[Path | None, typer.Option("--resume", help="resume the run in this directory")] = None,
    backend: Annotated[Backend, typer.Option("--backend", help="process, or ray if installed")] = Backend.PROCESS,
    bootstrap: Annotated[int, typer.Option("--bootstrap", min=0, help="bootstrap resamples")] = 200,
    max_phases: Annotated[int, typer.Option("--max-phases", min=1)] = MAX_PHASES,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Seat the configured agents (AI models, heuristic and random bots) at random in many games, play them
    to the end, record and verify each, and rate every agent with OpenSkill overall and by side."""
    from rankedmafia.ai.arena import ArenaError, Settings, resume_settings, run

    errors = Console(stderr=True)
    try:
        if resume is not None:
            out = resume
            settings = resume_settings(resume)
        elif agents_file is None:
            raise ArenaError("give an agents file, or --resume DIR")
        else:
            settings = Settings(load_agents(agents_file), resolve_setup(setup_name), games, seed, max_phases,
                                bootstrap)
    except SetupError as error:
        errors.print(f"[red]{escape(describe(error, 'en'))}[/red]")
        raise typer.Exit(2) from None
    except (ConfigError, ArenaError, OSError, ValueError, KeyError) as error:
        errors.print(f"[red]{escape(str(error))}[/red]")
        raise typer.Exit(2) from None
    progress = Progress(TextColumn(f"arena {settings.setup.name}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=errors)
    try:
        with progress:
            task = progress.add_task("games", total=settings.games)
            report = run(settings, out, jobs, backend.value, progress=lambda n: progress.advance(task, n),
                         lanes=lanes)
    except ArenaError as error:
        errors.print(f"[red]{escape(str(error))}[/red]")
        raise typer.Exit(2) from None
    if as_json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        print_report(report)


def _ci(entry: dict[str, Any] | None) -> str:
    if not entry:
        return "—"
    low, high = entry["ci95"]
    return f"{entry['mu']:.1f} [{low:.1f}, {high:.1f}]"


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


OUTCOMES = {"stalemate": "no winner (stalemate)", "unfinished": "unfinished (phase cap)"}  # counted apart


def print_report(report: dict[str, Any]) -> None:
    console = Console(width=max(Console().width, 150))
    console.print(f"{report['setup']}: {report['games']} games, {report['verified']} verified; wins "
                  + ", ".join(f"{OUTCOMES.get(side, side)} {n}" for side, n in report["winners"].items()),
                  markup=False)
    table = Table()
    for column in ("agent", "seats", "wins", "μ [95%]", "as town", "as mafia", "as other", "town votes on mafia",
                   "finds/commissar", "invalid", "words/post", "tokens"):
        table.add_column(column)
    for name, entry in report["agents"].items():
        rating = entry["rating"] or {}
        sides = rating.get("sides", {})
        words = ", ".join(f"{side} {value:.1f}" for side, value in entry["words_per_post"].items()) or "—"
        table.add_row(name, str(entry["seats"]), str(entry["wins"]), _ci(rating or None), _ci(sides.get("town")),
                      _ci(sides.get("mafia")), _ci(sides.get("other")), _share(entry["town_vote_share_on_mafia"]),
                      _share(entry["finds_per_commissar"]), f"{entry['invalid']}/{entry['decisions']}", words,
                      str(entry["prompt_tokens"] + entry["completion_tokens"]))
    console.print(table)


def publish_command(
    run_dir: Annotated[Path, typer.Argument(metavar="DIR", help="an arena run's directory")],
    games: Annotated[list[int] | None, typer.Option(
        "--game", "-g", min=0, help="a game's index (repeat the option); every finished game by default")] = None,
    data: Annotated[Path, typer.Option("--data", help="the site's data folder (its SQLite database)")] = Path("data"),
    database: Annotated[str | None, typer.Option("--database", help="the site's postgresql://... instead")] = None,
    site: Annotated[str, typer.Option("--site", help="the site's address, for the links")] = "http://127.0.0.1:8000",
) -> None:
    """Open an arena run's games on the site (`rankedmafia serve` with the same --data or --database): each
    becomes a finished game whose replay shows its AI seats' prompts and answers."""
    import asyncio

    from rankedmafia.ai.arena import ArenaError
    from rankedmafia.ai.publish import publish
    from rankedmafia.live.hub import Hub
    from rankedmafia.live.service import GameService
    from rankedmafia.store import Store, connect

    async def main() -> dict[int, str]:
        store = Store(await asyncio.to_thread(connect, data, database))
        try:
            return await publish(GameService(store, Hub()), run_dir, games)
        finally:
            await asyncio.to_thread(store.close)

    errors = Console(stderr=True)
    try:
        links = asyncio.run(main())
    except (ArenaError, OSError, ValueError, KeyError) as error:
        errors.print(f"[red]{escape(str(error))}[/red]")
        raise typer.Exit(2) from None
    for index, game_id in links.items():
        print(f"{index}: {site.rstrip('/')}/g/{game_id}/replay")
