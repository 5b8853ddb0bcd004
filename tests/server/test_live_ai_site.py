"""The site with AI players (`serve --agents`, here the fake model in process): the creation form offers
them only when agents are configured, and refuses in words an unknown agent or too many AI seats; the
player list marks AI seats «ИИ» and bots «бот»; the replay lists the AI seats with their counts and shows
each one's prompts once the game is over, never before."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings

from .helpers import SMALL_SETUP, join_all

AGENTS = """\
agents:
  - {name: fake, kind: ai, base_url: "fake:legal", model: fake, posts_per_day: 1}
  - {name: heuristic, kind: heuristic}
"""


@pytest.fixture
def ai_client(tmp_path: Path) -> Iterator[TestClient]:
    agents = tmp_path / "agents.yaml"
    agents.write_text(AGENTS, encoding="utf-8")
    app = create_app(Settings(data=tmp_path / "data", tick_seconds=0.05, submit_burst=200, agents=agents))
    with TestClient(app) as test_client:
        yield test_client


def csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def create(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json={"setup_yaml": SMALL_SETUP, "night_seconds": 3600, "day_seconds": 3600,
                                           "title": "с ИИ", **body})


def kept_turns(client: TestClient, game_id: str) -> list[dict[str, Any]]:
    platform = client.app.state.platform  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None
    turns: list[dict[str, Any]] = portal.call(platform.service.store.ai_turns, game_id)
    return turns


def test_the_form_offers_ai_players_only_when_agents_are_configured(ai_client: TestClient,
                                                                     sqlite_client: TestClient) -> None:
    page = ai_client.get("/").text
    assert 'id="ai-players"' in page and '<option value="fake"' in page
    assert 'value="heuristic"' not in page.split('id="ai-agent"')[1].split("</select>")[0]  # bots are not AI
    assert ai_client.get("/api/agents").json() == ["fake"]
    assert 'id="ai-players"' not in sqlite_client.get("/").text
    assert sqlite_client.get("/api/agents").json() == []


def test_create_refuses_an_unknown_agent_and_too_many_ai_seats_in_words(ai_client: TestClient,
                                                                         sqlite_client: TestClient) -> None:
    r = create(ai_client, ai=["qwen"])
    assert r.status_code == 422 and "«qwen»" in r.json()["message"] and "нет" in r.json()["message"]
    r = create(ai_client, ai=["fake"] * 5)
    assert r.status_code == 422 and "не больше 4" in r.json()["message"]
    r = create(sqlite_client, ai=["fake"])  # a site without agents seats none
    assert r.status_code == 422 and "«fake»" in r.json()["message"]
    english = ai_client.post("/api/games?lang=en", json={"setup_yaml": SMALL_SETUP, "ai": ["fake"] * 9})
    assert english.status_code == 422 and "at most 4" in english.json()["message"]
    home = ai_client.get("/").text
    r = ai_client.post("/games", data={"csrf": csrf(home), "setup_yaml": SMALL_SETUP, "ai_count": "7",
                                       "ai_agent": "fake"})
    assert r.status_code == 422 and "ИИ-игроков может быть не больше 4" in r.text
    r = ai_client.post("/games", data={"csrf": csrf(home), "setup_yaml": SMALL_SETUP, "ai_count": "много",
                                       "ai_agent": "fake"})
    assert r.status_code == 422 and "число ИИ-игроков" in r.text


def test_ai_seats_are_marked_and_their_prompts_replayed_only_after_the_end(ai_client: TestClient) -> None:
    client = ai_client
    r = create(client, ai=["fake", "fake"], bots="heuristic")
    assert r.status_code == 201, r.text
    game = r.json()
    join = client.get(f"/g/{game['id']}/join").text
    assert 'id="ai-note"' in join
    people = join_all(client, game["id"], 2)
    assert client.post(f"/api/host/{game['admin_token']}/start").status_code == 200
    host = client.get(f"/h/{game['admin_token']}").text
    assert host.count('class="pill bot ai"') == 2 and host.count(">ИИ<") == 2 and host.count(">бот<") == 1
    info = client.get(f"/api/host/{game['admin_token']}").json()
    ai = [s["name"] for s in info["seats"] if s["ai"]]
    assert len(ai) == 2 and all(s["bot"] for s in info["seats"] if s["ai"])
    # Into the day, where every living AI seat votes (two AI civilians would have nothing to do at night).
    # A person the night waits for never sends: the host ends that night. Otherwise the night ends by
    # itself once the bots and AI seats have sent (ending it by hand then could end the day instead).
    if set(people) & set(client.get(f"/api/host/{game['admin_token']}").json()["waiting"]):
        assert client.post(f"/api/host/{game['admin_token']}/resolve").status_code == 200
    give_up = time.monotonic() + 60
    while client.get(f"/api/host/{game['admin_token']}").json()["game"]["phase"] == "night":
        assert time.monotonic() < give_up, "the night did not end"
        time.sleep(0.05)
    give_up = time.monotonic() + 60  # the site's own ticker plays the AI seats: wait for a decision of theirs
    while not kept_turns(client, game["id"]) and time.monotonic() < give_up:
        time.sleep(0.05)
    assert kept_turns(client, game["id"])
    # hidden information: nothing of an AI seat's prompts while the game runs
    assert client.get(f"/g/{game['id']}/replay/ai/{ai[0]}").status_code == 404
    assert client.get(f"/api/games/{game['id']}/ai/{ai[0]}").status_code == 404
    assert client.get(f"/api/games/{game['id']}/ai").status_code == 404
    assert client.post(f"/api/host/{game['admin_token']}/end").status_code == 200
    counts = client.get(f"/api/games/{game['id']}/ai").json()
    assert [s["name"] for s in counts["seats"]] == ai
    assert counts["total"]["decisions"] == len(kept_turns(client, game["id"])) > 0
    replay = client.get(f"/g/{game['id']}/replay").text
    assert 'id="ai-seats"' in replay and all(f"/replay/ai/{quote(name)}" in replay for name in ai)
    seat = next(s["name"] for s in counts["seats"] if s["counts"]["decisions"])
    data = client.get(f"/api/games/{game['id']}/ai/{seat}").json()
    assert data["turns"] and data["turns"][0]["messages"][0]["role"] == "system"
    assert all(turn["did"] for turn in data["turns"])
    page = client.get(f"/g/{game['id']}/replay/ai/{seat}").text
    assert page.count('class="card ai-turn"') == len(data["turns"]) and "Ответьте одним объектом JSON" in page
    assert client.get(f"/g/{game['id']}/replay/ai/{info['seats'][0]['name']}").status_code == 404  # a person's


def test_serve_refuses_an_agents_file_it_cannot_use_in_a_sentence(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from rankedmafia.cli import app

    bad = tmp_path / "agents.yaml"
    bad.write_text("agents:\n  - {name: qwen, kind: ai}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["serve", "--agents", str(bad), "--data", str(tmp_path / "data")])
    assert result.exit_code == 2 and "needs a model" in result.output
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path / "data")],
                                env={"RANKEDMAFIA_AGENTS": str(tmp_path / "missing.yaml")})
    assert result.exit_code == 2 and "missing.yaml" in result.output
