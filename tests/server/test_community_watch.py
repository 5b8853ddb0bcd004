"""Games to watch: the listed games in progress on /watch (linked from the home page) and /api/watch, with
their setup in words, phase and the living; the spectator's list shows every role published so far."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .community_helpers import REVEALING, kill_one, listed_game
from .helpers import started_game


def test_a_visitor_finds_a_game_to_watch_from_the_home_page(client: TestClient) -> None:
    game, tokens = listed_game(client)
    hidden, _ = started_game(client)  # created through the API without `listed`: kept to its link
    home = client.get("/").text
    assert 'href="/watch"' in home
    page = client.get("/watch").text
    assert f'href="/g/{game["id"]}"' in page
    assert f'/g/{hidden["id"]}"' not in page
    assert "Вечерняя партия" in page and "Ночь 1" in page and "живых 5 из 5" in page
    assert "мафиози" in page.lower() and "mafia1" not in page
    kill_one(client, game, tokens)
    listed = client.get("/api/watch").json()
    assert [g["id"] for g in listed] == [game["id"]]
    assert listed[0]["alive"] == 4 and listed[0]["phase"] == "День 1" and listed[0]["day"] == 1
    english = client.get("/watch?lang=en").text
    assert "Day 1" in english and "4 of 5 alive" in english
    client.post(f"/api/host/{game['admin_token']}/end")
    assert client.get("/api/watch").json() == []


def test_the_spectator_sees_the_roles_the_summaries_published(sqlite_client: TestClient) -> None:
    game, tokens = listed_game(sqlite_client, REVEALING, 12)
    victim, killer = kill_one(sqlite_client, game, tokens)
    seats = {s["name"]: s for s in sqlite_client.get(f"/api/games/{game['id']}").json()["seats"]}
    assert seats[victim]["role"] == "civilian"  # the morning's summary published the victim's role
    assert seats[killer]["role"] is None
    page = sqlite_client.get(f"/g/{game['id']}").text
    item = page[page.index(f'data-name="{victim}"'):]
    assert "мирный житель" in item[: item.index("</li>")].lower()
