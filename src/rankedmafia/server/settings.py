"""How a server process is configured."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

AGENTS_VARIABLE = "RANKEDMAFIA_AGENTS"  # the agents file when --agents is not given
REDIS_VARIABLE = "RANKEDMAFIA_REDIS_URL"  # the rate limits' Redis when --redis is not given


@dataclass(frozen=True, slots=True)
class Settings:
    data: Path = Path("data")
    database: str | None = None  # postgresql://... ; None: SQLite in `data`
    # the rate limits' counters, shared by every process: redis://host:port/db; else $RANKEDMAFIA_REDIS_URL;
    # unset: the database on PostgreSQL, the process's memory on SQLite (docs/web.md, "Several processes")
    redis: str | None = None
    tick_seconds: float = 0.5  # how often deadlines are checked
    keepalive_seconds: float = 15.0  # a live stream's keep-alive comment, whatever its nudges do
    submit_rate: float = 2.0  # commands a second per seat or host (token bucket) ...
    submit_burst: float = 20.0  # ... with bursts of this many
    create_rate: float = 1.0  # games created a second per client address ...
    create_burst: float = 300.0
    max_phase_seconds: int = 7 * 24 * 3600
    min_phase_seconds: int = 10
    follow_up_seconds: int = 120  # the reanimator's step, unless a game sets its own
    max_body_bytes: int = 256 * 1024  # a request body (the largest form: a custom setup of 20,000 characters)
    max_players: int = 60  # a game's seats (the largest preset has 35)
    max_upload_bytes: int = 8 * 1024 * 1024  # the desk's uploads: a day's saved thread pages, a save file
    # accounts and the ladder (docs/ladder.md)
    account_rate: float = 0.1  # sign-ups and failed sign-ins a second per client address ...
    account_burst: float = 30.0  # ... with bursts of this many
    signin_rate: float = 1 / 60  # failed sign-ins into one account forgiven a second ...
    signin_pair_burst: float = 5.0  # ... with bursts of this many from one address ...
    signin_account_burst: float = 20.0  # ... and of this many from all addresses together
    admin_token: str | None = None  # the admin pages' key; else $RANKEDMAFIA_ADMIN_TOKEN; unset: no admin pages
    ladder_min_games: int = 5  # ranked games in a season before a player is on the leaderboard
    balance_sim_games: int = 200  # simulated games per preset beside the real ones
    # AI players (docs/ai.md): agents.yaml, whose AI agents a game may seat; else $RANKEDMAFIA_AGENTS; unset: none
    agents: Path | None = None
    # the site's moderators (docs/web.md, "Moderation"): account names; else $RANKEDMAFIA_MODERATORS (commas)
    moderators: tuple[str, ...] = ()
