"""The one join route decides by the game: a ranked game's seat needs the account (under its name, whether the
form posts to `/join` or to the ranked page's `/join-ranked`), an open game's takes the nickname typed."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .test_ranked_web import As, csrf, ranked_game, signed_up


def test_the_join_route_decides_by_the_game(app_client: TestClient) -> None:
    host = signed_up(app_client, "Хозяин")
    game_id, _ = ranked_game(host)

    # signed out: refused in words, on the ranked join page that offers the way to sign in, nothing taken
    stranger = As(app_client)
    for path in ("join", "join-ranked"):
        r = stranger.post(f"/g/{game_id}/{path}", data={"csrf": csrf(stranger, "/"), "nickname": "Аноним"},
                          follow_redirects=False)
        assert r.status_code == 401 and "войдите в свой аккаунт" in r.text and "signin-to-join" in r.text
    assert app_client.get(f"/api/games/{game_id}").json()["seats"] == []

    # signed in: the plain join form's route gives the account's seat, under the account's name, once
    player = signed_up(app_client, "Игрок")
    first = player.post(f"/g/{game_id}/join", data={"csrf": csrf(player, "/"), "nickname": "Другое имя"},
                        follow_redirects=False)
    again = player.post(f"/g/{game_id}/join-ranked", data={"csrf": csrf(player, "/")}, follow_redirects=False)
    assert first.status_code == again.status_code == 303
    assert first.headers["location"] == again.headers["location"]
    assert [p["name"] for p in app_client.get(f"/api/games/{game_id}").json()["seats"]] == ["Игрок"]

    # an open game: the nickname typed, and an empty one refused in words on the join page
    r = app_client.post("/api/games", json={"preset": "classic-12"})
    open_id = r.json()["id"]
    empty = stranger.post(f"/g/{open_id}/join", data={"csrf": csrf(stranger, "/")})
    assert empty.status_code == 422 and 'role="alert"' in empty.text
    seated = stranger.post(f"/g/{open_id}/join", data={"csrf": csrf(stranger, "/"), "nickname": "Гость"},
                           follow_redirects=False)
    assert seated.status_code == 303 and seated.headers["location"].startswith("/p/")
    unknown = stranger.post("/g/nosuchgame/join", data={"csrf": csrf(stranger, "/"), "nickname": "Гость"})
    assert unknown.status_code == 404 and "не найдено" in unknown.text
