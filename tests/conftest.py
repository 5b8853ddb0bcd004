"""Fixtures for every test package.

One Hypothesis profile for every run, on a laptop or in CI alike: no example database (a run never
depends on what an earlier one found on this machine), no deadline (the machine's speed decides
nothing), and the seed pinned by `--hypothesis-seed` in pyproject.toml, so that every run draws the same
examples. Hypothesis would otherwise switch to its own `ci` profile when it sees a CI variable, and a crash
once hid behind that switch. And the headless browser the web's and the ladder's page tests drive."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from playwright.sync_api import Browser, sync_playwright

settings.register_profile(
    "rankedmafia",
    settings.get_profile("default"),
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("rankedmafia")


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
