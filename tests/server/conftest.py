"""Fixtures: the app on SQLite (a temporary folder) and on this machine's PostgreSQL (a schema per session)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings

from .helpers import pg_schema


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    with pg_schema(f"rm_test_{os.getpid()}") as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    database = request.getfixturevalue("pg_url") if request.param == "postgresql" else None
    # create_burst: the limits live in the session's shared schema on PostgreSQL, where every test's client
    # has the same address
    app = create_app(Settings(data=tmp_path / "data", database=database, tick_seconds=0.05, submit_burst=200,
                              create_burst=100_000))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(data=tmp_path / "data", tick_seconds=0.05, submit_burst=200))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str | None]:
    url = request.getfixturevalue("pg_url") if request.param == "postgresql" else None
    return tmp_path / "data", url
