"""`rankedmafia stats` (the setups' real balance beside the simulator's) and `rankedmafia ladder ...`
(the leaderboard, the rebuild from the logs, bans and voids) on the server's database."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from rankedmafia.accounts import AccountError, Accounts
from rankedmafia.ladder.balance import balance
from rankedmafia.ladder.ratings import Ladder, RatingSettings
from rankedmafia.ladder.record import Record
from rankedmafia.store import Store, connect

console = Console()
errors = Console(stderr=True)
ladder_app = typer.Typer(no_args_is_help=True, help="The ladder: leaderboard, rebuild from the logs, bans, voids.")
T = TypeVar("T")

Data = Annotated[Path, typer.Option("--data", help="the data folder (the SQLite database)")]
Database = Annotated[str | None, typer.Option("--database", help="postgresql://... instead of SQLite")]
MinGames = Annotated[int, typer.Option("--min-games", min=0, help="ranked games before a player is listed")]


def run(data: Path, database: str | None, job: Callable[[Accounts, Record], Awaitable[T]]) -> T:
    async def main() -> T:
        store = Store(await asyncio.to_thread(connect, data, database))
        try:
            return await job(Accounts(store), Record(store))
        finally:
            await asyncio.to_thread(store.close)

    try:
        return asyncio.run(main())
    except AccountError as error:
        errors.print(f"[red]{error.rule}[/red] {error.params or ''}")
        raise typer.Exit(2) from None


def digest(ladder: Ladder) -> str:
    """A fingerprint of every rating of every season (exact floats): equal digests, equal ladders."""
    rows = [(season, s.user_id, s.mu.hex(), s.sigma.hex(), s.games, s.wins)
            for season, table in sorted(ladder.seasons.items())
            for s in sorted(table.values(), key=lambda s: s.user_id)]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def stats_command(
    data: Data = Path("data"),
    database: Database = None,
    sim_games: Annotated[int, typer.Option("--sim-games", min=0, help="simulated games per preset")] = 200,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """The presets' real balance: each side's wins in ranked games (95% Wilson intervals) beside the
    simulator's prediction for the same preset."""

    async def job(_: Accounts, record: Record) -> Any:
        await record.sync()
        return balance(await record.recorded(), sim_games)

    rows = run(data, database, job)
    if as_json:
        console.print_json(json.dumps([{
            "preset": b.preset, "games": b.games, "simulated": b.simulated,
            "sides": {r.side: {"wins": r.wins, "rate": r.rate, "ci95": list(r.ci), "predicted": r.predicted,
                               "predicted_ci95": list(r.predicted_ci) if r.predicted_ci else None}
                      for r in b.sides}} for b in rows]))
        return
    for b in rows:
        table = Table(title=f"{b.preset}: {b.games} ranked games, {b.simulated} simulated")
        for column in ("side", "real", "95% CI", "simulator", "95% CI"):
            table.add_column(column)
        for r in b.sides:
            table.add_row(r.side, f"{r.rate:.0%} ({r.wins})" if b.games else "—",
                          f"{r.ci[0]:.0%}–{r.ci[1]:.0%}" if b.games else "",
                          f"{r.predicted:.0%}" if r.predicted is not None else "",
                          f"{r.predicted_ci[0]:.0%}–{r.predicted_ci[1]:.0%}" if r.predicted_ci else "")
        console.print(table)


@ladder_app.command("show")
def show(data: Data = Path("data"), database: Database = None, min_games: MinGames = 5,
         season: Annotated[str, typer.Option("--season", help="e.g. 2026-4; the latest by default")] = "") -> None:
    """The leaderboard of a season (conservative estimate μ − 3σ)."""
    settings = RatingSettings(min_games=min_games)

    async def job(accounts: Accounts, record: Record) -> tuple[Ladder, set[int], dict[int, str]]:
        ladder = await record.ladder(settings)
        names = await accounts.names(sorted({u for t in ladder.seasons.values() for u in t}))
        return ladder, await record.banned_accounts(), names

    ladder, banned, names = run(data, database, job)
    chosen = season or ladder.latest_season() or ""
    table = Table(title=f"season {chosen or '-'} · ladder {digest(ladder)}")
    for column in ("#", "player", "μ − 3σ", "μ", "σ", "games", "wins"):
        table.add_column(column)
    for place, s in enumerate(ladder.board(chosen, banned), 1):
        table.add_row(str(place), names.get(s.user_id, "?"), f"{s.conservative(settings.z):.3f}", f"{s.mu:.3f}",
                      f"{s.sigma:.3f}", str(s.games), str(s.wins))
    console.print(table)


@ladder_app.command("rebuild")
def rebuild(data: Data = Path("data"), database: Database = None) -> None:
    """Read every finished game's log again and recompute every rating (after a fix to the rules or to the
    rating settings); prints the ladder's fingerprint before and after."""
    settings = RatingSettings()

    async def job(_: Accounts, record: Record) -> tuple[str, int, str]:
        before = digest(await record.ladder(settings))
        count = await record.rebuild()
        return before, count, digest(await record.ladder(settings))

    before, count, after = run(data, database, job)
    console.print(f"{count} games read from their logs; ladder {before} -> {after}"
                  f"{' (unchanged)' if before == after else ''}")


Job = Callable[[Accounts, Record], Awaitable[None]]


def _user_job(name: str, act: Callable[[Accounts, int], Awaitable[None]]) -> Job:
    async def job(accounts: Accounts, _: Record) -> None:
        user = await accounts.by_name(name)
        if user is None:
            raise AccountError("no_user", 404, name=name)
        await act(accounts, user.id)

    return job


Reason = Annotated[str, typer.Option("--reason", help="why (kept with the ban or the void)")]


@ladder_app.command("ban")
def ban(name: str, reason: Reason = "", data: Data = Path("data"), database: Database = None) -> None:
    """Ban an account: it can no longer take a seat in a ranked game and leaves the leaderboard."""
    run(data, database, _user_job(name, lambda a, uid: a.ban(uid, reason)))


@ladder_app.command("unban")
def unban(name: str, data: Data = Path("data"), database: Database = None) -> None:
    """Lift an account's ban."""
    run(data, database, _user_job(name, lambda a, uid: a.unban(uid)))


@ladder_app.command("ban-telegram")
def ban_telegram(user: int, reason: Reason = "", data: Data = Path("data"), database: Database = None) -> None:
    """Ban a Telegram user (by id): his games are not rated and he cannot link an account."""
    run(data, database, lambda a, _: a.ban_telegram(user, reason))


@ladder_app.command("unban-telegram")
def unban_telegram(user: int, data: Data = Path("data"), database: Database = None) -> None:
    """Lift a Telegram user's ban."""
    run(data, database, lambda a, _: a.unban_telegram(user))


@ladder_app.command("void")
def void(game: str, reason: Reason = "", data: Data = Path("data"), database: Database = None) -> None:
    """Take a game out of the ratings (every rating is recomputed without it)."""
    run(data, database, lambda _, r: r.void(game, reason))


@ladder_app.command("unvoid")
def unvoid(game: str, data: Data = Path("data"), database: Database = None) -> None:
    """Rate a voided game again."""
    run(data, database, lambda _, r: r.unvoid(game))
