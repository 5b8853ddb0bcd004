"""Forms for actions with an option (selects from the engine's lists, the question's arguments as JSON), and the
chats of the clans a player's view shares (the double agent shares two)."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi.testclient import TestClient

from rankedmafia.rules import council

from .helpers import started_game

JOKER = "name: j\nplayers: 6\nroles: {mafia1: 1, commissar: 1, joker: 1, doctor: 1, civilian: 2}\n"
TWO_CLANS = (
    "name: two\nplayers: 8\nclans:\n  red: {mafia1: 1}\n  black: {mafia1: 1}\n"
    "roles: {double_agent: 1, commissar: 1, civilian: 3}\n"
)


def roles_of(client: TestClient, admin: str) -> dict[str, str]:
    info = client.get(f"/api/host/{admin}", params={"everything": True}).json()
    return {s["name"]: s["role"] for s in info["seats"]}


def csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def hidden(page: str) -> dict[str, str]:
    """What every game form carries: the csrf token and the phase it was drawn in."""
    found = re.search(r'name="phase" value="([^"]+)"', page)
    assert found is not None
    return {"csrf": csrf(page), "phase": found.group(1)}


def action(data: dict[str, Any], action_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(a for a in data["me"]["actions"] if a["id"] == action_id)
    return found


def test_the_jokers_copy_and_the_councils_question(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = started_game(client, players=6, setup_yaml=JOKER)
    admin = game["admin_token"]
    roles = roles_of(client, admin)
    joker = next(n for n, r in roles.items() if r == "joker")
    boss = next(n for n, r in roles.items() if r == "mafia1")
    target = next(n for n, r in roles.items() if r == "civilian")

    copy = action(client.get(f"/api/player/{tokens[joker]}").json(), "copy")
    offered = {c["role"]: [u["id"] for u in c["uses"]] for c in copy["copies"]}
    assert "joker" not in offered and "check" in offered["commissar"] and "heal" in offered["doctor"]
    page = client.get(f"/p/{tokens[joker]}").text
    assert 'id="copy-commissar-check"' in page and 'name="detail_copy" value="check"' in page
    assert "commissar" not in re.sub(r'(id|value|data-role|data-use)="[^"]*"', "", page)  # ids only in values
    sent = client.post(
        f"/p/{tokens[joker]}/act",
        data={**hidden(page), "action": "copy", "option_copy": "commissar", "detail_copy": "check",
              "target": target},
        follow_redirects=False,
    )
    assert sent.status_code == 303, sent.text

    ask = action(client.get(f"/api/player/{tokens[boss]}").json(), "ask")
    by_sex = {t for t, spec in council.TEMPLATES.items() if "sex" in spec.args}
    assert sorted(q["id"] for q in ask["questions"]) == sorted(set(council.TEMPLATES) - by_sex)  # no sex given
    side_count = next(q for q in ask["questions"] if q["id"] == "side_count")
    fields = {f["key"]: [v["id"] for v in f["values"]] for f in side_count["fields"]}
    assert set(fields) == {"side", "op", "n"} and "mafia" in fields["side"] and "ge" in fields["op"]
    page = client.get(f"/p/{tokens[boss]}").text
    assert 'id="ask-side_count"' in page and 'name="q_side"' in page and "JSON" not in page
    bad = client.post(
        f"/p/{tokens[boss]}/act", data={**hidden(page), "action": "ask", "option_ask": "side_count",
                                        "q_side": "mafia"}
    )
    assert bad.status_code == 409  # a half-filled question is refused, in words
    question = {"side": "mafia", "op": "ge", "n": 1}
    r = client.post(
        f"/p/{tokens[boss]}/act",
        data={**hidden(page), "action": "ask", "option_ask": "side_count", "q_side": "mafia", "q_op": "ge",
              "q_n": "1"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text

    acts = {a["actor"]: a for a in client.get(f"/api/host/{admin}", params={"everything": True}).json()["acts"]}
    assert (acts[joker]["option"], acts[joker]["detail"], acts[joker]["targets"]) == ("commissar", "check", [target])
    assert acts[boss]["option"] == "side_count" and json.loads(acts[boss]["detail"]) == question


def test_the_double_agent_shares_both_clans_chats(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = started_game(client, players=8, setup_yaml=TWO_CLANS)
    roles = roles_of(client, game["admin_token"])
    agent = next(n for n, r in roles.items() if r == "double_agent")
    data = client.get(f"/api/player/{tokens[agent]}").json()
    assert sorted(data["clans"]) == ["black", "red"] and data["in_clan"]
    for clan in ("red", "black"):
        body = {"text": f"to {clan}", "channel": "clan", "clan": clan}
        r = client.post(f"/api/player/{tokens[agent]}/post", json=body)
        assert r.status_code == 201, r.text
    posts = client.get(f"/api/player/{tokens[agent]}/posts", params={"channel": "clan"}).json()
    assert {(p["clan"], p["text"]) for p in posts} == {("red", "to red"), ("black", "to black")}
    bosses = [n for n, r in roles.items() if r in ("mafia1", "mafia2")]  # mafia2 below an agent drawn first
    seen = {}
    for boss in bosses:
        mine = client.get(f"/api/player/{tokens[boss]}").json()["clans"]
        assert len(mine) == 1
        seen[mine[0]] = [p["text"] for p in client.get(f"/api/player/{tokens[boss]}/posts",
                                                        params={"channel": "clan"}).json()]
    assert seen == {"red": ["to red"], "black": ["to black"]}  # each clan reads its own chat only
    civilian = next(n for n, r in roles.items() if r == "civilian")
    refused = client.post(f"/api/player/{tokens[civilian]}/post", json={"text": "x", "channel": "clan", "clan": "red"})
    assert refused.status_code == 403
    page = client.get(f"/p/{tokens[agent]}").text
    assert '<select name="clan"' in page
    # RULINGS.md, "The double agent's ranks": his card names his rank in each clan, each clan is listed
    # apart, he picks the chat in words, and reads each clan's lines labelled with it
    ranks = {listed["clan"]: int(member["role"][-1]) for listed in data["me"]["clan_lists"]
             for member in listed["members"] if member["name"] == agent}
    assert data["me"]["ranks"] == ranks and set(ranks) == {"red", "black"}
    for clan, words in (("red", "красные"), ("black", "чёрные")):
        assert f"мафиози {ranks[clan]}-го ранга в клане «{words}»" in data["me"]["role_name"]
        assert f'<option value="{clan}">клан «{words}»</option>' in page
        assert f'data-clan="{clan}">клан «{words}»</span>' in page
        assert f'<ul class="clan" data-clan="{clan}">' in page
    sent = client.post(f"/p/{tokens[agent]}/chat", data={"csrf": csrf(page), "clan": "black", "text": "ещё"},
                       follow_redirects=False)
    assert sent.status_code == 303, sent.text
    posts = client.get(f"/api/player/{tokens[agent]}/posts", params={"channel": "clan"}).json()
    assert ("black", "ещё") in {(p["clan"], p["text"]) for p in posts}


def test_setup_refusals_come_from_the_text_layer(sqlite_client: TestClient) -> None:
    from rankedmafia.text.errors import ERRORS

    r = sqlite_client.post("/api/games", json={"setup_yaml": "players: 4\nroles: {sergeant: 1, mafia1: 1}"})
    assert r.status_code == 422 and r.json()["error"] == "sergeant_without_commissar"
    assert r.json()["message"] == ERRORS["ru"]["sergeant_without_commissar"]
    english = sqlite_client.post("/api/games?lang=en", json={"preset": "no-such-preset"})
    assert english.status_code == 422 and english.json()["error"] == "unknown_preset"
    assert english.json()["message"].startswith("there is no setup")
