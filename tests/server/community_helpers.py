"""Helpers of the community tests: a small game in which the mafia kills one civilian on night one."""

from __future__ import annotations

from typing import Any

from .helpers import Client, create_game, join_all

ONE_KILLER = "name: one-killer\nplayers: 5\nroles: {mafia1: 1, civilian: 4}\nstart: night\n"
# more than ten alive: a death reveals the role (rules/consequences.py)
REVEALING = "name: revealing\nplayers: 12\nroles: {mafia1: 1, civilian: 11}\nstart: night\n"


def listed_game(client: Client, setup_yaml: str = ONE_KILLER,
                players: int = 5) -> tuple[dict[str, Any], dict[str, str]]:
    r = client.post("/api/games", json={"setup_yaml": setup_yaml, "night_seconds": 3600, "day_seconds": 3600,
                                         "title": "Вечерняя партия", "listed": True})
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    tokens = join_all(client, game["id"], players)
    assert client.post(f"/api/host/{game['admin_token']}/start").status_code == 200
    return game, tokens


def kill_one(client: Client, game: dict[str, Any], tokens: dict[str, str], spare: str = "") -> tuple[str, str]:
    """The mafia kills a civilian on night one (the night then ends: nobody else acts). Returns (victim, killer)."""
    host = client.get(f"/api/host/{game['admin_token']}", params={"everything": True}).json()
    killer = next(s["name"] for s in host["seats"] if s["role"] == "mafia1")
    me = client.get(f"/api/player/{tokens[killer]}").json()["me"]
    action = me["actions"][0]
    victim = next(n for n in action["slots"][0] if n not in (killer, spare))
    r = client.post(f"/api/player/{tokens[killer]}/act", json={"action": action["id"], "targets": [victim]})
    assert r.status_code == 200, r.text
    state = client.get(f"/api/games/{game['id']}").json()
    assert state["game"]["phase"] == "day", state["game"]
    return victim, killer


__all__ = ["ONE_KILLER", "REVEALING", "create_game", "kill_one", "listed_game"]
