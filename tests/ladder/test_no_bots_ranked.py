"""A ranked game is never offered with bots (docs/ladder.md): its creation form has no such choice, a
forged one changes nothing, and the game's data says it has none; an unranked game may have them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server.helpers import SMALL_SETUP

from .test_ranked_web import csrf


def test_a_ranked_game_is_not_offered_with_bots(app_client: TestClient, database: str | None) -> None:
    host = app_client  # one browser: the client keeps its session's cookies
    r = host.post("/signup", data={"csrf": csrf(host, "/signup"), "name": "Ведущая", "password": "password1"},
                  follow_redirects=False)
    assert r.status_code == 303, r.text
    form = host.get("/ranked/new").text
    assert 'name="bots"' not in form and "ботами" not in form
    assert 'name="bots"' in app_client.get("/").text  # the unranked form offers them
    r = host.post("/ranked/new", data={"csrf": csrf(host, "/ranked/new"), "setup_yaml": SMALL_SETUP,
                                        "title": "Рейтинговая", "bots": "heuristic"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    admin = r.headers["location"].rsplit("/", 1)[1]
    info = host.get(f"/api/host/{admin}").json()
    assert info["game"]["bots"] is False
