"""Fixtures of the ladder's tests: a store on SQLite (a temporary folder) or on this machine's PostgreSQL
(a schema of its own), and the web app on either."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings
from rankedmafia.store import Store, connect
from server.helpers import pg_execute, pg_schema


@pytest.fixture(scope="session")
def ladder_pg() -> Iterator[str]:
    with pg_schema(f"rm_ladder_{os.getpid()}") as url:
        yield url


@pytest.fixture
def fresh_pg(ladder_pg: str) -> str:
    """The PostgreSQL schema emptied of every table (each test starts from the migrations)."""
    schema = ladder_pg.rsplit("%3D", 1)[1]
    pg_execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    pg_execute(f"CREATE SCHEMA {schema}")
    return ladder_pg


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    return request.getfixturevalue("fresh_pg") if request.param == "postgresql" else None


@pytest.fixture
def store(database: str | None, tmp_path: Path) -> Iterator[Store]:
    opened = Store(connect(tmp_path / "data", database))
    yield opened
    opened.close()


def settings(tmp_path: Path, database: str | None = None, **more: object) -> Settings:
    return Settings(data=tmp_path / "data", database=database, tick_seconds=0.05, submit_burst=500,
                    ladder_min_games=1, balance_sim_games=4, **more)  # type: ignore[arg-type]


@pytest.fixture
def app_client(database: str | None, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings(tmp_path, database, admin_token="admin-key-for-tests"))) as client:
        yield client


def run(coroutine: object) -> object:
    return asyncio.run(coroutine)  # type: ignore[arg-type]
