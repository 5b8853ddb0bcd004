"""The player's "what to do now" line and tab title, read from the core's answers: the reanimator's step
is his move (and nobody else's), the player list's markers (voted, silenced by the summary, out), and an
invariant over random games: the page says "your move" exactly when it offers him a form he has not sent."""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings

from .helpers import random_move, started_game
from .test_reanimator import act, cast, everyone_else_acts, roles_of

URGENT = "<title>● Ваш ход · "


def turn_line(page: str) -> str:
    found = re.search(r'id="turn-line">([^<]*)<', page)
    assert found is not None
    return found.group(1)


def test_the_reanimators_step_is_his_move_alone(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens, who = cast(client)
    page = client.get(f"/p/{tokens[who['reanimator']]}").text
    assert URGENT not in page and "вы ходите последним" in turn_line(page)
    everyone_else_acts(client, tokens, who)
    page = client.get(f"/p/{tokens[who['reanimator']]}").text
    assert page.count(URGENT) == 1 and "Реаниматор" in turn_line(page) and 'class="turn urgent"' in page
    for role in ("mafia", "commissar", "other"):
        other = client.get(f"/p/{tokens[who[role]]}").text
        assert URGENT not in other and "Ночь подводится" in turn_line(other)
    assert act(client, tokens[who["reanimator"]], "revive", [who["victim"]]).status_code == 200
    assert client.post(f"/api/host/{game['admin_token']}/resolve").status_code == 200  # (or the step's deadline)
    page = client.get(f"/p/{tokens[who['reanimator']]}/thread").text
    assert URGENT in page and "проголосуйте" in turn_line(page)  # the day: his vote is his move now


SEDUCER = "name: s\nplayers: 5\nroles: {mafia1: 1, courtesan: 1, doctor: 1, civilian: 2}\n"


def test_the_player_list_marks_votes_silences_and_the_dead(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = started_game(client, setup_yaml=SEDUCER)
    roles = roles_of(client, game["admin_token"])
    mafia = next(n for n, r in roles.items() if r == "mafia1")
    courtesan = next(n for n, r in roles.items() if r == "courtesan")
    doctor = next(n for n, r in roles.items() if r == "doctor")
    victim, seduced = [n for n, r in roles.items() if r == "civilian"]
    assert act(client, tokens[mafia], "kill", [victim]).status_code == 200
    assert act(client, tokens[courtesan], "seduce", [seduced]).status_code == 200
    assert act(client, tokens[doctor], "heal", [doctor]).status_code == 200
    public = client.get(f"/api/games/{game['id']}").json()
    assert public["game"]["phase"] == "day"
    assert client.post(f"/api/player/{tokens[doctor]}/vote", json={"choice": mafia}).status_code == 200
    for url in (f"/g/{game['id']}", f"/p/{tokens[mafia]}", f"/p/{tokens[doctor]}/thread"):
        page = client.get(url).text
        seats = {name: marks for marks, name in re.findall(r'<li class="([^"]*)" data-name="([^"]+)">', page)}
        assert "silenced" in seats[seduced].split() and "silenced" not in seats[doctor].split()
        assert "voted" in seats[doctor].split() and "voted" not in seats[mafia].split()
        assert "dead" in seats[victim].split() and "alive" in seats[mafia].split()
        assert "без голоса" in page and "голосует" in page


def offers_unsent(client: TestClient, token: str) -> bool:
    """His pages offer him a form he has not sent: a night action (or the reanimator's), or today's vote."""
    page = client.get(f"/p/{token}").text
    night = f'action="/p/{token}/act"' in page or f'action="/p/{token}/pass"' in page
    thread = client.get(f"/p/{token}/thread").text
    return (night and 'id="sent"' not in page) or ('id="vote-form"' in thread and 'id="my-vote"' not in thread)


@settings(max_examples=4)
@given(seed=st.integers(0, 10**6))
def test_your_move_exactly_when_a_form_awaits_you(seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(data=Path(folder) / "data", submit_burst=100_000, submit_rate=100_000))
        with TestClient(app) as client:
            game, tokens = started_game(client, players=12, setup_yaml="name: c\nplayers: 12\nroles: {mafia1: 1, "
                                        "mafia2: 1, commissar: 1, doctor: 1, girl: 1, maniac: 1, reanimator: 1}\n")
            for _ in range(12):
                if client.get(f"/api/games/{game['id']}").json()["game"]["status"] == "over":
                    break
                for name, token in tokens.items():
                    page = client.get(f"/p/{token}").text
                    assert (URGENT in page) == offers_unsent(client, token), (name, turn_line(page))
                    if rng.random() < 0.7:
                        random_move(client, token, rng)
                client.post(f"/api/host/{game['admin_token']}/resolve")
            for token in tokens.values():
                assert URGENT not in client.get(f"/p/{token}").text or offers_unsent(client, token)
