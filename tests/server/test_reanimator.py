"""The reanimator's step on SQLite: after everyone else has acted the night is not resolved yet; he alone is
told tonight's dead and revives one of them (or nobody), within a short deadline of his own kept in the log."""

from __future__ import annotations

import re
import time
from typing import Any

from fastapi.testclient import TestClient

from rankedmafia.live.commands import Outcome
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.game import FollowUp

from .helpers import create_game, join_all, started_game

SETUP = "name: re\nplayers: 5\nroles: {mafia1: 1, reanimator: 1, commissar: 1, civilian: 2}\n"


def roles_of(client: TestClient, admin: str) -> dict[str, str]:
    info = client.get(f"/api/host/{admin}", params={"everything": True}).json()
    return {s["name"]: s["role"] for s in info["seats"]}


def cast(client: TestClient, **times: int) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    """A started game; returns it, the tokens, and who is who: mafia, reanimator, commissar, victim, other."""
    game, tokens = started_game(client, setup_yaml=SETUP, **times)
    roles = roles_of(client, game["admin_token"])
    civilians = [n for n, r in roles.items() if r == "civilian"]
    who = {
        "mafia": next(n for n, r in roles.items() if r == "mafia1"),
        "reanimator": next(n for n, r in roles.items() if r == "reanimator"),
        "commissar": next(n for n, r in roles.items() if r == "commissar"),
        "victim": civilians[0],
        "other": civilians[1],
    }
    return game, tokens, who


def act(client: TestClient, token: str, action: str, targets: list[str]) -> Any:
    return client.post(f"/api/player/{token}/act", json={"action": action, "targets": targets})


def everyone_else_acts(client: TestClient, tokens: dict[str, str], who: dict[str, str]) -> dict[str, Any]:
    assert act(client, tokens[who["mafia"]], "kill", [who["victim"]]).status_code == 200
    ack = act(client, tokens[who["commissar"]], "check", [who["other"]])
    assert ack.status_code == 200, ack.text
    result: dict[str, Any] = ack.json()
    return result


def me(client: TestClient, token: str) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/player/{token}").json()
    return data


def test_the_reanimator_is_asked_last_and_revives(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens, who = cast(client)
    admin = game["admin_token"]
    reanimator = tokens[who["reanimator"]]
    before = me(client, reanimator)
    assert before["me"]["actions"] == [] and before["me"]["revive_later"] and before["me"]["follow_up"] is None
    early = act(client, reanimator, "revive", [who["victim"]])
    assert early.status_code == 409 and early.json()["error"] == "revive_later"
    assert who["reanimator"] not in client.get(f"/api/host/{admin}").json()["waiting"]

    ack = everyone_else_acts(client, tokens, who)
    assert ack["phase"] == "night" and ack["number"] == 1  # not resolved yet: his step is open
    public = client.get(f"/api/games/{game['id']}").json()
    assert public["game"]["resolving"] and public["game"]["phase"] == "night"
    host = client.get(f"/api/host/{admin}", params={"everything": True}).json()
    assert host["asking"] == [who["reanimator"]] and host["tentative"] == [who["victim"]]
    assert host["game"]["deadline"] <= time.time() + 121  # his own short deadline (2 minutes by default)

    view = me(client, reanimator)
    assert view["me"]["follow_up"]["deaths"] == [who["victim"]]
    assert who["victim"] in view["me"]["follow_up"]["line"]
    assert [(a["id"], a["targets"]) for a in view["me"]["actions"]] == [("revive", [who["victim"]])]
    page = client.get(f"/p/{reanimator}").text
    assert 'id="tentative"' in page and 'data-action="revive"' in page and 'id="pass"' in page

    late = client.post(f"/api/player/{tokens[who['commissar']]}/withdraw")
    assert late.status_code == 409 and late.json()["error"] == "actions_closed"  # the Game's own refusals
    wrong = act(client, reanimator, "revive", [who["other"]])
    assert wrong.status_code == 409 and wrong.json()["error"] == "revive_not_dead"

    done = act(client, reanimator, "revive", [who["victim"]])
    # his answer does not cut the pause short: its length may not tell that he lives (RULINGS.md, "Live play")
    assert done.status_code == 200 and done.json()["phase"] == "night"
    assert client.get(f"/api/games/{game['id']}").json()["game"]["resolving"]
    assert client.post(f"/api/host/{admin}/resolve").status_code == 200  # the host ends it (or its deadline)
    record = client.get(f"/api/host/{admin}/record").json()
    assert record["phases"][0]["deaths"] == []
    public = client.get(f"/api/games/{game['id']}").json()
    assert all(s["alive"] for s in public["seats"]) and not public["game"]["resolving"]
    lines = " ".join(public["summaries"][0]["lines"])
    assert who["victim"] not in lines  # the summary names no death


def test_nobody_revived_and_the_steps_deadline(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens, who = cast(client)
    everyone_else_acts(client, tokens, who)
    assert client.post(f"/api/player/{tokens[who['other']]}/pass").json()["error"] == "not_asked"
    ack = client.post(f"/api/player/{tokens[who['reanimator']]}/pass")
    assert ack.status_code == 200 and ack.json()["phase"] == "night"  # the pause lasts to its deadline
    assert client.post(f"/api/host/{game['admin_token']}/resolve").status_code == 200
    public = client.get(f"/api/games/{game['id']}").json()
    assert not next(s for s in public["seats"] if s["name"] == who["victim"])["alive"]

    second = create_game(client, SETUP, night=30, day=30)
    tokens = join_all(client, second["id"], 5)
    client.post(f"/api/host/{second['admin_token']}/start")
    roles = roles_of(client, second["admin_token"])
    mafia = next(n for n, r in roles.items() if r == "mafia1")
    victim = next(n for n, r in roles.items() if r == "civilian")
    act(client, tokens[mafia], "kill", [victim])
    service: Any = client.app.state.platform.service  # type: ignore[attr-defined]
    service.clock = lambda: time.time() + 31  # the night's deadline passes: his step opens, it does not resolve
    assert wait_for(client, second["id"], lambda g: g["resolving"])
    live: LiveGame = run(client, service.get(second["id"]))
    assert live.deadline is not None and 31 + 100 < live.deadline - time.time() < 31 + 121
    service.evict(live)  # rebuilt from the log: the step and its deadline are still there
    rebuilt: LiveGame = run(client, service.get(second["id"]))
    assert rebuilt is not live and rebuilt.deadline == live.deadline
    assert rebuilt.asked() == live.asked() is not None and rebuilt.following
    service.clock = lambda: time.time() + 31 + 121  # and then the step's own deadline
    assert wait_for(client, second["id"], lambda g: g["phase"] == "day")
    public = client.get(f"/api/games/{second['id']}").json()
    assert not next(s for s in public["seats"] if s["name"] == victim)["alive"]


def test_a_setting_sets_the_steps_length(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(
        "/api/games", json={"setup_yaml": SETUP, "night_seconds": 600, "follow_up_seconds": 30, "title": "t"}
    )
    game = r.json()
    tokens = join_all(sqlite_client, game["id"], 5)
    sqlite_client.post(f"/api/host/{game['admin_token']}/start")
    roles = roles_of(sqlite_client, game["admin_token"])
    who = {
        "mafia": next(n for n, r in roles.items() if r == "mafia1"),
        "commissar": next(n for n, r in roles.items() if r == "commissar"),
        "victim": next(n for n, r in roles.items() if r == "civilian"),
        "other": [n for n, r in roles.items() if r == "civilian"][1],
    }
    everyone_else_acts(sqlite_client, tokens, who)
    deadline = sqlite_client.get(f"/api/games/{game['id']}").json()["game"]["deadline"]
    assert deadline - time.time() <= 31


def test_the_list_reaches_only_him(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens, who = cast(client)
    assert act(client, tokens[who["mafia"]], "kill", [who["victim"]]).status_code == 200
    others = [n for n in tokens if n != who["reanimator"]]
    before = {n: answers(client, tokens[n], game["id"]) for n in others}
    assert act(client, tokens[who["commissar"]], "check", [who["other"]]).status_code == 200
    assert me(client, tokens[who["reanimator"]])["me"]["follow_up"]["deaths"] == [who["victim"]]
    told = me(client, tokens[who["reanimator"]])["me"]["follow_up"]["line"]
    for lang in ("ru", "en"):
        line = client.get(f"/api/player/{tokens[who['reanimator']]}", params={"lang": lang}).json()
        told_here = line["me"]["follow_up"]["line"]
        for name in others:
            for path in (f"/p/{tokens[name]}", f"/p/{tokens[name]}/thread", f"/g/{game['id']}"):
                text = client.get(path, params={"lang": lang}).text
                assert told_here not in text and 'id="tentative"' not in text and 'data-action="revive"' not in text
    after = {n: answers(client, tokens[n], game["id"]) for n in others}
    for name in others:
        data = after[name]
        assert data["me"]["follow_up"] is None and data["me"]["actions"] == []
        assert all(s["alive"] for s in data["seats"])  # the victim still looks alive to everyone
        assert told not in str(data)
        # Nothing else changed for anyone but the public "still being resolved" (and the commissar's own action).
        assert comparable(data, name == who["commissar"]) == comparable(before[name], name == who["commissar"])


def answers(client: TestClient, token: str, game_id: str) -> dict[str, Any]:
    data = me(client, token)
    data["public"] = client.get(f"/api/games/{game_id}").json()
    data["posts"] = client.get(f"/api/player/{token}/posts").json()
    return data


def comparable(data: dict[str, Any], acted: bool) -> dict[str, Any]:
    out = {k: v for k, v in data.items() if k not in ("game", "public", "turn")}  # the turn: "being resolved"
    skip = {"actions", "revive_later", *(["sent", "sent_text"] if acted else [])}
    out["me"] = {k: v for k, v in data["me"].items() if k not in skip}
    out["public"] = {k: v for k, v in data["public"].items() if k != "game"}
    return out


def wait_for(client: TestClient, game_id: str, ok: Any) -> bool:
    for _ in range(100):
        if ok(client.get(f"/api/games/{game_id}").json()["game"]):
            return True
        time.sleep(0.05)
    return False


def run(client: TestClient, awaitable: Any) -> Any:
    """Runs a coroutine on the app's own event loop (the TestClient's portal)."""

    async def call() -> Any:
        return await awaitable

    return client.portal.call(call)  # type: ignore[union-attr]


def test_pages_offer_the_step_in_both_languages(sqlite_client: TestClient) -> None:
    game, tokens, who = cast(sqlite_client)
    assert "последним" in sqlite_client.get(f"/p/{tokens[who['reanimator']]}").text
    everyone_else_acts(sqlite_client, tokens, who)
    english = sqlite_client.get(f"/p/{tokens[who['reanimator']]}", params={"lang": "en"}).text
    assert "Killed tonight" in english and "Revive nobody" in english
    spectator = sqlite_client.get(f"/g/{game['id']}").text
    assert re.search(r'id="resolving"', spectator) and who["victim"] in spectator  # in the seats, alive


def test_a_log_written_before_the_game_held_the_step_still_replays(client: TestClient) -> None:
    """Stored games (SQLite and PostgreSQL) whose log names those asked in its "follow_up" entry and has
    "pass" entries: rebuilt from that log, the Game is in the same step, and the pass is its decline."""
    game, tokens, who = cast(client)
    service: Any = client.app.state.platform.service  # type: ignore[attr-defined]
    at = time.time()

    def write(entries: list[tuple[str, dict[str, Any]]]) -> LiveGame:
        """Append entries to the log as they were written then, and rebuild the game from the log."""
        run(client, service.execute(game["id"], lambda live, now: Outcome(entries=entries)))
        service.evict(run(client, service.get(game["id"])))
        rebuilt: LiveGame = run(client, service.get(game["id"]))
        return rebuilt

    live = write([
        ("act", {"type": "act", "actor": who["mafia"], "action": "kill", "targets": [who["victim"]]}),
        ("act", {"type": "act", "actor": who["commissar"], "action": "check", "targets": [who["other"]]}),
        ("follow_up", {"type": "follow_up", "names": [who["reanimator"]], "deadline": at + 120}),
    ])
    assert live.asked() == FollowUp(who["reanimator"], "revive", (who["victim"],))
    assert live.following and live.deadline == at + 120
    assert me(client, tokens[who["reanimator"]])["me"]["follow_up"]["deaths"] == [who["victim"]]
    live = write([("pass", {"type": "pass", "actor": who["reanimator"]}),
                  ("resolve", {"type": "resolve", "by": "follow_up", "deadline": at + 600})])
    assert live.game is not None and live.game.phase.kind.value == "day"
    assert {"type": "decline", "actor": who["reanimator"]} in live.game.commands
    assert who["victim"] not in live.game.alive()
