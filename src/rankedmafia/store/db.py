"""Connecting: an embedded SQLite file in the data folder, or PostgreSQL (psycopg 3); migrations on start.

SQLite runs in WAL mode with synchronous=FULL, so a committed transaction survives a killed process (and
a power cut). Every write goes through one writer thread (see `writer.py`), which commits in groups.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 72_4242  # pg_advisory_lock key: one process migrates at a time


@dataclass(frozen=True, slots=True)
class Database:
    engine: Engine
    url: str  # as given (postgresql://... or sqlite:///...)

    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def libpq_url(self) -> str:
        """The URL for a raw psycopg connection (LISTEN)."""
        return make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def database_url(data: Path | str, database: str | None) -> str:
    if database:
        if database.startswith("postgres://"):
            database = "postgresql://" + database.removeprefix("postgres://")
        return database
    folder = Path(data)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(folder / 'rankedmafia.sqlite3').resolve()}"


def connect(data: Path | str = "data", database: str | None = None, migrate: bool = True) -> Database:
    url = database_url(data, database)
    sa_url = make_url(url)
    if sa_url.drivername in ("postgresql", "postgres"):
        sa_url = sa_url.set(drivername="postgresql+psycopg")
    if sa_url.get_backend_name() == "sqlite":
        engine = create_engine(
            sa_url, connect_args={"check_same_thread": False, "timeout": 10}, pool_size=8, max_overflow=8
        )
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(sa_url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    db = Database(engine, url)
    if migrate:
        upgrade(db)
    return db


def upgrade(db: Database) -> None:
    """Apply every Alembic migration not yet applied (under an advisory lock on PostgreSQL)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with db.engine.begin() as connection:
        if db.postgres:
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
