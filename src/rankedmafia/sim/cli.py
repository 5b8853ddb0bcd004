"""`rankedmafia simulate SETUP --games N`: the balance of a setup under bots, with confidence intervals."""

from __future__ import annotations

import json
import re
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from rankedmafia.rules.errors import SetupError
from rankedmafia.setup import Setup, resolve_setup
from rankedmafia.sim.chart import ChartError, check_chart_path, write_chart
from rankedmafia.sim.exact import exact_vanilla, is_vanilla, vanilla_setup
from rankedmafia.sim.runner import SimulationError, simulate
from rankedmafia.text.errors import describe

VANILLA = re.compile(r"vanilla-(\d+)(?:-(\d+))?")


class PolicyName(StrEnum):
    RANDOM = "random"
    HEURISTIC = "heuristic"
    VANILLA = "vanilla"


class Backend(StrEnum):
    PROCESS = "process"
    RAY = "ray"


def load_setup(name: str) -> Setup:
    """A preset's name, a setup file's path, or vanilla-N[-M]: N players, M of them ranked mafia."""
    match = VANILLA.fullmatch(name)
    if match:
        return vanilla_setup(int(match[1]), int(match[2]) if match[2] else None)
    return resolve_setup(name)


def simulate_command(
    setup_name: Annotated[str, typer.Argument(
        metavar="SETUP", help="a preset, a setup file, or vanilla-N[-M] (N players, M ranked mafia)")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="how many games")] = 1000,
    policy: Annotated[PolicyName, typer.Option("--policy", help="the bots in every seat")] = (
        PolicyName.RANDOM),
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="processes")] = 1,
    seed: Annotated[str, typer.Option("--seed", help="game i is played from the seed SEED:i")] = "0",
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    chart: Annotated[Path | None, typer.Option("--chart", help="write a chart: .png, .html or .svg")] = None,
    backend: Annotated[Backend, typer.Option("--backend", help="process, or ray if installed")] = (
        Backend.PROCESS),
    chunk: Annotated[int | None, typer.Option("--chunk", min=1, help="games per unit of work")] = None,
) -> None:
    """Simulate games of a setup: win rate of each side (95% Wilson intervals), length, survival by role."""
    errors = Console(stderr=True)
    try:
        setup = load_setup(setup_name)
        if chart is not None:
            check_chart_path(chart)
    except SetupError as error:
        errors.print(f"[red]{escape(describe(error, 'en'))}[/red] (rule: {error.rule})")
        raise typer.Exit(2) from None
    except (ChartError, ValueError) as error:
        errors.print(f"[red]{escape(str(error))}[/red]")
        raise typer.Exit(2) from None
    progress = Progress(TextColumn(f"{setup.name} [{policy.value}]"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=errors, transient=True)
    try:
        with progress:
            task = progress.add_task("games", total=games)
            run = simulate(setup, games, policy.value, seed, jobs, backend.value, chunk,
                           progress=lambda n: progress.advance(task, n))
    except SimulationError as error:
        errors.print(f"[red]{escape(str(error))}[/red]")
        raise typer.Exit(2) from None
    report = run.report()
    if policy is PolicyName.VANILLA and is_vanilla(setup):
        report["exact"] = {side: float(p) for side, p in exact_vanilla(setup).items()}
    if chart is not None:
        try:
            write_chart(report, chart)
        except (ChartError, OSError) as error:
            errors.print(f"[red]{escape(str(error))}[/red]")
            raise typer.Exit(2) from None
    if as_json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        print_report(report, Console())
        if chart is not None:
            Console().print(f"chart: {chart}")


OUTCOME_LABELS = {"stalemate": "no winner (stalemate)", "unfinished": "unfinished (phase cap)"}


def print_report(report: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]{report['setup']}[/bold]: {report['games']} games, policy {report['policy']}, "
                  f"seed {report['seed']}; {report['average_days']:.2f} days on average")
    sides = Table(title="Wins by side")
    for column in ("side", "wins", "rate", "95% interval"):
        sides.add_column(column, justify="left" if column == "side" else "right")
    if "exact" in report:
        sides.add_column("exact", justify="right")
    for side, s in report["sides"].items():
        row = [OUTCOME_LABELS.get(side, side), str(s["wins"]), f"{s['rate']:.2%}",
               f"{s['ci95'][0]:.2%} – {s['ci95'][1]:.2%}"]
        if "exact" in report:
            row.append(f"{report['exact'][side]:.2%}" if side in report["exact"] else "")
        sides.add_row(*row)
    console.print(sides)
    roles = Table(title="Survival by role")
    for column in ("role", "seats", "survived", "rate"):
        roles.add_column(column, justify="left" if column == "role" else "right")
    for role, r in report["survival"].items():
        roles.add_row(role, str(r["seats"]), str(r["survived"]), f"{r['rate']:.2%}")
    console.print(roles)
