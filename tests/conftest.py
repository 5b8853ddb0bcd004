"""One Hypothesis profile for every run, on a laptop or in CI alike: no example database (a run never
depends on what an earlier one found on this machine), no deadline (the machine's speed decides
nothing), and the seed pinned by `--hypothesis-seed` in pyproject.toml, so that every run draws the same
examples. Hypothesis would otherwise switch to its own `ci` profile when it sees a CI variable, and a crash
once hid behind that switch."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "rankedmafia",
    settings.get_profile("default"),
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("rankedmafia")
