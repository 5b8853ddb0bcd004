"""The ray backends on a real (local) ray cluster: the simulator and the arena play the same games on ray as
on their process pools, chunk by chunk, so a cluster changes where games run and nothing of what they give."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray

from rankedmafia.ai.arena import ArenaError, Settings, run
from rankedmafia.ai.config import parse_agents
from rankedmafia.setup import preset
from rankedmafia.sim.runner import SimulationError, simulate

AGENTS = {"agents": [{"name": "scripted", "kind": "ai", "base_url": "fake:legal", "model": "m", "posts_per_day": 1},
                     {"name": "heuristic", "kind": "heuristic"}, {"name": "random", "kind": "random"}]}


@pytest.fixture(scope="module", autouse=True)
def cluster() -> Iterator[None]:
    """One local cluster for the module (starting one takes seconds); both backends find it running."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_the_simulator_on_ray_plays_the_games_of_the_process_pool() -> None:
    setup = preset("classic-12")
    on_ray = simulate(setup, 24, "heuristic", seed="ray", jobs=2, backend="ray", chunk=5).report()
    at_home = simulate(setup, 24, "heuristic", seed="ray", jobs=1).report()
    assert on_ray["games"] == 24
    assert on_ray == at_home


def test_the_arena_on_ray_rates_as_the_process_pool(tmp_path: Path) -> None:
    settings = Settings(parse_agents(AGENTS), preset("classic-12"), 4, "ray", bootstrap=20)
    ticks: list[int] = []
    on_ray = run(settings, tmp_path / "ray", jobs=2, chunk=1, backend="ray", progress=ticks.append)
    at_home = run(settings, tmp_path / "process", jobs=1)
    assert on_ray["verified"] == 4 and sum(ticks) == 4
    assert {n: a["rating"] for n, a in on_ray["agents"].items()} == {
        n: a["rating"] for n, a in at_home["agents"].items()}
    assert sorted(p.name for p in (tmp_path / "ray" / "records").glob("*.json")) == [f"{i}.json" for i in range(4)]


@pytest.fixture
def no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a machine without ray: the backends import it only when asked for it."""
    real = importlib.import_module

    def without_ray(name: str, package: str | None = None) -> Any:
        if name == "ray":
            raise ImportError("no ray")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_ray)


@pytest.mark.usefixtures("no_ray")
def test_without_ray_both_backends_say_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(SimulationError, match="pip install 'rankedmafia\\[ray\\]'"):
        simulate(preset("classic-12"), 5, backend="ray")
    settings = Settings(parse_agents(AGENTS), preset("classic-12"), 1, "none", bootstrap=0)
    with pytest.raises(ArenaError, match="not installed"):
        run(settings, tmp_path, backend="ray")
