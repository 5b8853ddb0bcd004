"""The dead's chat: a player killed on night one talks with the spectators and the other dead; none of it
reaches a living player's pages, API or stream; everyone reads it once the game is over."""

from __future__ import annotations

import json
import threading
import time

import httpx
from fastapi.testclient import TestClient

from rankedmafia.server.settings import Settings

from .community_helpers import kill_one, listed_game
from .helpers import InProcessServer

SECRET = "Мафия — это Игрок03, запомните"
SPECTATOR_LINE = "Зритель здесь, держитесь"


def _living_sees_nothing(client: TestClient, token: str, *lines: str) -> None:
    for path in (f"/p/{token}", f"/p/{token}/thread", f"/api/player/{token}",
                 f"/api/player/{token}/posts", f"/api/player/{token}/posts?channel=thread"):
        text = client.get(path).text
        for line in lines:
            assert line not in text, path
    refused = client.get(f"/api/player/{token}/dead")
    assert refused.status_code == 403 and "живые игроки" in refused.json()["message"]
    assert client.post(f"/api/player/{token}/dead", json={"text": "я жив"}).status_code == 403


def test_the_dead_talk_with_the_spectators_and_the_living_never_read_it(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = listed_game(client)
    victim, killer = kill_one(client, game, tokens)
    dead = tokens[victim]
    assert client.post(f"/api/player/{dead}/dead", json={"text": SECRET}).status_code == 201
    r = client.post(f"/api/games/{game['id']}/dead", json={"name": "Гость", "text": SPECTATOR_LINE})
    assert r.status_code == 201, r.text
    lookalike = client.post(f"/api/games/{game['id']}/dead", json={"name": victim, "text": "я — он"})
    assert lookalike.status_code == 409  # a spectator never writes under a seated player's name
    chat = client.get(f"/api/player/{dead}/dead").json()
    assert [(m["nickname"], m["spectator"], m["text"]) for m in chat] == [
        (victim, False, SECRET), ("Гость", True, SPECTATOR_LINE)]
    assert [m["text"] for m in client.get(f"/api/games/{game['id']}/dead").json()] == [SECRET, SPECTATOR_LINE]
    # the dead player's page and the spectators' page show it, with its form
    for page in (client.get(f"/p/{dead}").text, client.get(f"/g/{game['id']}").text):
        assert 'id="dead-chat"' in page and SECRET in page and SPECTATOR_LINE in page
    # the living: neither on their pages nor by the API; the thread's post refuses the dead
    for name, token in tokens.items():
        if name != victim:
            _living_sees_nothing(client, token, SECRET, SPECTATOR_LINE)
    assert 'id="dead-chat"' not in client.get(f"/p/{tokens[killer]}").text
    # this browser has just opened a living player's page: the spectator page hides the chat from it
    assert SECRET not in client.get(f"/g/{game['id']}").text
    fresh = TestClient(client.app)
    assert SECRET in fresh.get(f"/g/{game['id']}").text
    # the form on the dead player's page
    page = client.get(f"/p/{dead}").text
    csrf = page.split('name="csrf" value="')[1].split('"')[0]
    assert client.post(f"/p/{dead}/dead", data={"csrf": csrf, "text": "ещё строка"}, follow_redirects=False
                       ).status_code == 303
    # once the game is over, everyone reads it
    client.post(f"/api/host/{game['admin_token']}/end")
    for token in tokens.values():
        assert SECRET in client.get(f"/p/{token}").text
    assert "открыт после игры" in client.get(f"/g/{game['id']}").text


def _events(url: str, into: list[str], stop: threading.Event, opened: list[httpx.Client]) -> None:
    client = httpx.Client(timeout=httpx.Timeout(5, read=None))
    opened.append(client)  # closed by the test, which ends the stream
    try:
        with client.stream("GET", url) as response:
            for line in response.iter_lines():
                into.append(line)
                if stop.is_set():
                    return
    except (httpx.HTTPError, RuntimeError):
        pass


def _decoded(lines: list[str]) -> str:
    """What the stream said, its JSON read (so its non-ASCII text is compared as written)."""
    return " ".join(json.dumps(json.loads(line[6:]), ensure_ascii=False) for line in list(lines)
                    if line.startswith("data: "))


def test_the_living_players_stream_never_carries_the_dead_chat(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    server = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.05, submit_burst=200)).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            game, tokens = listed_game(client)
            victim, killer = kill_one(client, game, tokens)
            stop = threading.Event()
            opened: list[httpx.Client] = []
            living: list[str] = []
            dead: list[str] = []
            watchers = [
                threading.Thread(target=_events, args=(f"{server.url}/api/player/{tokens[killer]}/events", living,
                                                       stop, opened), daemon=True),
                threading.Thread(target=_events, args=(f"{server.url}/api/games/{game['id']}/dead/events", dead,
                                                       stop, opened), daemon=True),
            ]
            for watcher in watchers:
                watcher.start()
            time.sleep(0.5)
            assert client.post(f"/api/player/{tokens[victim]}/dead", json={"text": SECRET}).status_code == 201
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and SECRET not in _decoded(dead):
                time.sleep(0.05)
            stop.set()
            for stream in opened:
                stream.close()
            states = [json.loads(line[6:]) for line in living if line.startswith("data: ")]
            assert states and len(states) == 1  # the dead's post changed nothing the living one sees
            assert SECRET not in _decoded(living)
            assert SECRET in _decoded(dead)
            refused = client.get(f"/api/player/{tokens[killer]}/dead/events")
            assert refused.status_code == 403
    finally:
        server.stop()
