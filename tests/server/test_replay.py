"""Replays and spectators: a finished game steps through its phases from its log, publicly or (once it is
over) as any player; a running game is followed on its public page only, and is not replayed."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from .helpers import play_to_end, started_game


def test_a_finished_game_replays_phase_by_phase(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = started_game(client)
    assert client.get(f"/api/games/{game['id']}/replay").status_code == 404  # not while it runs
    assert client.get(f"/g/{game['id']}/replay").status_code == 404
    host = play_to_end(client, game, tokens, random.Random(11))
    record = client.get(f"/api/host/{game['admin_token']}/record").json()
    last = client.get(f"/api/games/{game['id']}/replay").json()
    assert last["steps"] == len(record["phases"]) + 1 and last["step"] == last["steps"] - 1
    assert len(last["public"]["summaries"]) == len(record["phases"])
    assert all(s.get("role") for s in last["public"]["seats"])  # the end: every role public
    for step in range(last["steps"]):
        public = client.get(f"/api/games/{game['id']}/replay", params={"step": step}).json()
        assert [s["title"] for s in public["public"]["summaries"]] == [
            s["title"] for s in last["public"]["summaries"][:step]]
        if step < last["steps"] - 1:  # publicly, mid-game: only the roles the summaries have published
            published = {name for phase in record["phases"][:step] for name in phase["revealed"]}
            assert {s["name"] for s in public["public"]["seats"] if s.get("role")} <= published
    name = next(iter(tokens))
    mine = client.get(f"/api/games/{game['id']}/replay", params={"step": 1, "who": name}).json()
    own = client.get(f"/api/player/{tokens[name]}").json()
    assert mine["player"]["me"]["role"] == own["me"]["role"]
    first = [e for e in own["diary"] if (e["phase"], e["number"]) == (record["phases"][0]["phase"], 1)]
    assert mine["player"]["diary"] == first  # what he knew after the first phase, exactly
    page = client.get(f"/g/{game['id']}/replay", params={"step": 1, "who": name}).text
    assert 'id="replay-role"' in page and 'id="prev"' in page
    # the deal is random: a game may end with its first phase, and then step 1 is the last
    assert ('id="next"' in page) == (last["steps"] > 2)
    english = client.get(f"/g/{game['id']}/replay", params={"lang": "en"}).text
    assert "Replay" in english and host["game"]["status"] == "over"
