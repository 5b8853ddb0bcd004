"""An arena's games opened on the site: each is a finished game of the log whose record is the arena's, its
talk in the thread and the clans' chats, its AI seats' prompts kept for the replay; published once."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from rankedmafia.ai.arena import Settings, run
from rankedmafia.ai.config import parse_agents
from rankedmafia.cli import app
from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings as SiteSettings
from rankedmafia.setup import preset

AGENTS = {"agents": [{"name": "scripted", "kind": "ai", "base_url": "fake:legal", "model": "m", "posts_per_day": 1},
                     {"name": "heuristic", "kind": "heuristic"}, {"name": "random", "kind": "random"}]}


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("arena")
    run(Settings(parse_agents(AGENTS), preset("classic-12"), 2, "pub", bootstrap=0), out)
    return out


def publish(arena: Path, data: Path, *games: int) -> dict[int, str]:
    result = CliRunner().invoke(app, ["arena-publish", str(arena), "--data", str(data),
                                      *[a for g in games for a in ("--game", str(g))]])
    assert result.exit_code == 0, result.output
    return {int(line.split(":")[0]): line.rsplit("/g/", 1)[1].split("/")[0]
            for line in result.output.splitlines() if "/g/" in line}


def test_an_arena_game_on_the_site_is_the_arena_s_game(arena: Path, tmp_path: Path) -> None:
    links = publish(arena, tmp_path / "data")
    assert sorted(links) == [0, 1]
    assert publish(arena, tmp_path / "data", 1) == {1: links[1]}  # published once: the same game again
    turns = [json.loads(line) for line in (arena / "records" / "0.prompts.jsonl").read_text("utf-8").splitlines()]
    recorded = json.loads((arena / "records" / "0.json").read_text("utf-8"))
    with TestClient(create_app(SiteSettings(data=tmp_path / "data"))) as client:
        platform = client.app.state.platform  # type: ignore[attr-defined]
        store = platform.service.store
        kept = client.portal.call(store.ai_turns, links[0])  # type: ignore[union-attr]
        assert [(t["seat"], t["kind"], t["messages"]) for t in kept] == [
            (t["seat"], t["kind"], t["messages"]) for t in turns]
        thread = client.portal.call(store.posts, links[0], ["thread"])  # type: ignore[union-attr]
        assert [p.text for p in thread] == [t["post"] for t in turns if t["kind"] == "post" and t["post"]]
        live = client.portal.call(platform.service.get, links[0])  # type: ignore[union-attr]
        assert live.game is not None and live.game.over and live.game.winner == recorded["winner"]
        ai_seats = {t["seat"] for t in turns}
        assert ai_seats and all(live.ai_agent(seat) == "scripted" for seat in ai_seats)
        assert client.get(f"/g/{links[0]}/replay?step=1").status_code == 200
        seat = turns[0]["seat"]
        page = client.get(f"/g/{links[0]}/replay/ai/{seat}")
        assert page.status_code == 200 and "ход уже закрыт" not in page.text  # the arena applied its moves
        last_question = turns[0]["messages"][-1]["content"].splitlines()[0]
        assert html.escape(last_question, quote=False) in page.text and turns[0]["answers"][0][:20] in html.unescape(
            page.text)


def test_a_game_not_played_is_refused_in_words(arena: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena-publish", str(arena), "--data", str(tmp_path), "--game", "7"])
    assert result.exit_code == 2 and "game 7" in result.output and "has not been played" in result.output
