"""The web server's shape: a route per command (no `{command}` dispatched on a string), every route that
names a game or a seat in its path finds it through server/deps.py, one join route, and an address that
is no command answered by the site's own error page in words."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from starlette.routing import BaseRoute

from rankedmafia.server import deps
from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings

from .helpers import create_game, join_all

IDS = re.compile(r"\{(token|game_id)\}")


def _walk(routes: Sequence[BaseRoute]) -> Iterator[BaseRoute]:
    """Every route, those of the included routers too (FastAPI may keep an included router whole)."""
    for route in routes:
        included = getattr(route, "original_router", None)
        yield from _walk(included.routes) if included is not None else (route,)


def _routes() -> list[APIRoute]:
    return [route for route in _walk(create_app(Settings()).routes) if isinstance(route, APIRoute)]


def _finders(dependant: Dependant) -> list[str]:
    """The deps.py finders this route's own dependencies call (its parameters, in order)."""
    return [d.call.__name__ for d in dependant.dependencies if d.call in deps.FINDERS]  # type: ignore[attr-defined]


def test_no_route_dispatches_on_a_command_string() -> None:
    routes = _routes()
    assert routes
    dispatched = [route.path for route in routes if "{command}" in route.path]
    assert dispatched == []


def test_every_route_with_a_game_or_a_seat_in_its_path_finds_it_through_deps() -> None:
    named = [route for route in _routes() if IDS.search(route.path)]
    assert len(named) > 40  # the pages', the API's, the desk's and the community's
    found_by_hand = sorted(f"{sorted(route.methods)} {route.path}" for route in named if not _finders(route.dependant))
    assert found_by_hand == []


def test_the_commands_are_routes_of_their_own() -> None:
    paths = {(method, route.path) for route in _routes() for method in route.methods}
    for command in ("act", "pass", "withdraw", "vote", "post", "chat"):
        assert ("POST", f"/p/{{token}}/{command}") in paths
    for command in ("start", "resolve", "pause", "resume", "end", "extend", "replace"):
        assert ("POST", f"/h/{{token}}/{command}") in paths
    for command in ("hide", "dismiss", "ban"):
        assert ("POST", f"/mod/{command}") in paths
    for command in ("ban", "unban", "ban-telegram", "unban-telegram", "void", "unvoid"):
        assert ("POST", f"/admin/{command}") in paths


def test_one_join_route() -> None:
    joins = [route for route in _routes() if route.path.startswith("/g/{game_id}/join") and "POST" in route.methods]
    assert {route.path for route in joins} == {"/g/{game_id}/join", "/g/{game_id}/join-ranked"}
    assert len({route.endpoint for route in joins}) == 1


def _csrf(client: TestClient, url: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(url).text)
    assert found is not None
    return found.group(1)


def test_an_unknown_command_or_link_is_the_sites_404_page(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game = create_game(client)
    token = next(iter(join_all(client, game["id"], 1).values()))
    form = {"csrf": _csrf(client, "/")}
    for url in (f"/p/{token}/fly", f"/h/{game['admin_token']}/fly", "/mod/fly", "/admin/fly"):
        answer = client.post(url, data=form)
        assert answer.status_code == 404, url
        assert "не найдено: неверная или устаревшая ссылка" in answer.text and "<html" in answer.text, url
    english = client.post(f"/p/{token}/fly?lang=en", data=form)
    assert english.status_code == 404 and "not found: a wrong or outdated link" in english.text
    for url in ("/p/x", "/h/short", "/desk/nope", "/g/a!b/replay", f"/p/{token}!/thread"):
        answer = client.get(url)
        assert answer.status_code == 404 and "не найдено" in answer.text, url
    assert client.get("/api/player/x").json() == {"error": "not_found",
                                                  "message": "не найдено: неверная или устаревшая ссылка"}
    # a command's own refusal is still the player's page again, with the reason in words
    missing_phase = client.post(f"/p/{token}/pass", data=form)
    assert missing_phase.status_code == 409 and 'role="alert"' in missing_phase.text
