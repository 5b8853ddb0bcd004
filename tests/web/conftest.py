"""Fixtures: the app on SQLite (a temporary folder) and on this machine's PostgreSQL (a schema per session)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright

from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings

from .helpers import pg_execute, pg_schema_url


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    schema = f"rm_test_{os.getpid()}"
    pg_execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    pg_execute(f"CREATE SCHEMA {schema}")
    try:
        yield pg_schema_url(schema)
    finally:
        pg_execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    database = request.getfixturevalue("pg_url") if request.param == "postgresql" else None
    app = create_app(Settings(data=tmp_path / "data", database=database, tick_seconds=0.05, submit_burst=200))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(data=tmp_path / "data", tick_seconds=0.05, submit_burst=200))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium, driven by Playwright: one a test module."""
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            headless=True,
            args=["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()
