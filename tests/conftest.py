"""Fixtures for every test package.

One Hypothesis profile for every run, on a laptop or in CI alike: no example database (a run never
depends on what an earlier one found on this machine), no deadline (the machine's speed decides
nothing), and the seed pinned by `--hypothesis-seed` in pyproject.toml, so that every run draws the same
examples. Hypothesis would otherwise switch to its own `ci` profile when it sees a CI variable, and a crash
once hid behind that switch. And the headless browser the web's and the ladder's page tests drive."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, settings
from playwright.sync_api import Browser, sync_playwright

from rankedmafia.script import run_script

SCENARIOS = Path(__file__).parent / "scenarios"

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


@pytest.fixture(scope="session")
def scenario_records() -> list[tuple[Path, dict[str, Any], dict[str, Any]]]:
    """Every scenario the engine plays to a record (those it must refuse aside): its path under
    tests/scenarios/, its script and its record, played once for all the tests that read them."""
    played = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        scenario = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "refused" not in scenario["expect"]:
            played.append((path.relative_to(SCENARIOS), scenario["script"], run_script(scenario["script"])))
    return played
