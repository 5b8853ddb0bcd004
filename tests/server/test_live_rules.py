"""RULINGS.md, "Live play", as live/ plays it for the web and Telegram: a night ends early only once the Game
waits for nobody (the boss included), a day once every vote offered is cast, a publicly silenced player is
offered no vote form and his vote is refused, and on every night of a setup with a reanimator the same
follow-up pause, whose public texts and timing depend on nothing hidden."""

from __future__ import annotations

import copy
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.server.views import spectator_data
from rankedmafia.store import GameRow, SeatRow

from .helpers import started_game

NIGHT, DAY, PAUSE = 600.0, 600.0, 120.0
T0 = 1_000_000.0
REANIMATED = "name: re\nplayers: 7\nroles: {mafia1: 1, reanimator: 1, doctor: 1, commissar: 1, civilian: 3}\n"
PLAIN = "name: plain\nplayers: 7\nroles: {mafia1: 1, doctor: 1, commissar: 1, civilian: 4}\n"
RANKS = "name: ranks\nplayers: 6\nroles: {mafia1: 1, mafia2: 1, commissar: 1, civilian: 3}\n"
SILENCE = "name: quiet\nplayers: 6\nroles: {mafia1: 1, doctor: 1, commissar: 1, civilian: 3}\n"


# --- a live game driven through live/'s own builders, on a clock of its own ---------------------------------
def live_game(setup_yaml: str, seed: int) -> LiveGame:
    setup = svc.parse_setup(None, setup_yaml)
    row = GameRow(id="g", admin_hash="", title="t", setup=cmd.setup_mapping(setup),
                  options={"night_seconds": NIGHT, "day_seconds": DAY, "follow_up_seconds": PAUSE,
                           "chance": "seeded"},
                  seed=f"seed-{seed}", commitment="", created_at=0.0)
    seats = {f"P{i}": SeatRow(f"P{i}", i, f"P{i}", "", 0.0) for i in range(setup.players)}
    live = LiveGame(row, seats)
    cmd.start_build(live, T0)
    return live


def role_of(live: LiveGame, role: str) -> str:
    assert live.game is not None
    return next(p.name for p in live.game.players() if p.role == role)


def send(live: LiveGame, name: str, action: str, pick: int, now: float) -> None:
    """His action, with the `pick`-th of the targets the Game offers him (the first place only)."""
    assert live.game is not None
    choice = live.game.choice(name, action)
    if choice is None:
        return
    slot = choice.slots[0]
    cmd.act_build(Act(name, action, (slot[pick % len(slot)],)))(live, now)


def public(live: LiveGame) -> dict[str, Any]:
    """What anyone with the game's link reads (the spectator's page), but the clock's own fields."""
    data = copy.deepcopy(spectator_data(live, "ru"))
    for key in ("deadline", "resolving", "version"):
        data["game"].pop(key)
    return data


def timing(live: LiveGame) -> tuple[str, int, float | None, bool]:
    assert live.game is not None
    return live.game.phase.kind.value, live.game.phase.number, live.deadline, live.following


Plan = tuple[int, int, int, str]  # the mafia's victim, the doctor's charge, the commissar's check, the answer


def play_night(live: LiveGame, plan: Plan, at: float) -> tuple[list[Any], list[dict[str, Any]]]:
    """Everyone acts at `at`; the reanimator, if asked, answers 30 s later (or not at all); the clock then
    reaches the pause's deadline. Returns the timing seen at each of these moments and the public texts
    seen from the last action to the pause's end."""
    assert live.game is not None
    victim, charge, check, answer = plan
    seen, texts = [], []
    mafia, doctor, commissar = (role_of(live, r) for r in ("mafia1", "doctor", "commissar"))
    before = public(live)
    if mafia in live.game.alive():
        send(live, mafia, "kill", victim, at)
    if doctor in live.game.alive():
        send(live, doctor, "heal", charge, at)
    if commissar in live.game.alive():
        send(live, commissar, "check", check, at)
    seen.append(timing(live))
    texts.append(public(live))
    assert texts[-1] == before  # the night's actions closing tells nothing but the pause
    step = live.asked()
    offered = None if step is None else live.game.choice(step.player, step.action)
    if step is not None and offered is not None and answer == "revive":
        cmd.act_build(Act(step.player, step.action, (offered.slots[0][0],)))(live, at + 30)
    elif step is not None and answer != "silent":
        cmd.pass_build(step.player)(live, at + 30)
    seen.append(timing(live))
    texts.append(public(live))
    cmd.deadline_build(live, at + PAUSE - 1)  # not yet
    seen.append(timing(live))
    texts.append(public(live))
    cmd.deadline_build(live, at + PAUSE)
    seen.append(timing(live))
    return seen, texts


def play_day(live: LiveGame, at: float) -> None:
    """Everyone offered a vote votes blue at `at`: the day ends then (nobody is hanged)."""
    assert live.game is not None
    for name in live.game.voters():
        cmd.vote_build(name, "blue")(live, at)


def expected_night(number: int, at: float) -> list[Any]:
    """The timing of a night of the reanimator's setup, from the public schedule alone."""
    pause = ("night", number, at + PAUSE, True)
    return [pause, pause, pause, ("day", number, at + PAUSE + DAY, False)]


plans = st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6),
                  st.sampled_from(["revive", "decline", "silent"]))


@settings(max_examples=25)
@given(seed=st.integers(0, 10_000), first=plans, second=plans, other=plans)
def test_the_pause_looks_the_same_whoever_the_reanimator_is_and_whatever_happened(
    seed: int, first: Plan, second: Plan, other: Plan
) -> None:
    """RULINGS.md: "What everyone sees may not depend on hidden facts. Where the setup holds a reanimator,
    every night ends with the same follow-up pause for everyone, whether he lives and whether anyone died;
    only he is told the list." Over seeded games (the deal decides who he is), with the mafia's victim (the
    reanimator himself, at times), the doctor's save and the reanimator's answer drawn: every night has the
    pause, of the same length, at the same time, and nothing public changes during it; on the first night
    the public texts are the same whatever was sent."""
    live = live_game(REANIMATED, seed)
    seen, texts = play_night(live, first, T0 + 10)
    assert seen == expected_night(1, T0 + 10)
    assert all(text == texts[0] for text in texts)
    twin = live_game(REANIMATED, seed)  # the same table, other actions sent the first night
    twin_seen, twin_texts = play_night(twin, other, T0 + 10)
    assert twin_seen == seen and twin_texts == texts
    start = T0 + 10 + PAUSE + 5
    play_day(live, start)
    assert timing(live) == ("night", 2, start + NIGHT, False)
    seen, texts = play_night(live, second, start + 10)
    assert seen == expected_night(2, start + 10)
    assert all(text == texts[0] for text in texts)


@settings(max_examples=10)
@given(seed=st.integers(0, 10_000), plan=plans)
def test_no_pause_where_the_setup_holds_no_reanimator(seed: int, plan: Plan) -> None:
    """"Where the setup holds none, no night has that pause": the night ends with its last action."""
    live = live_game(PLAIN, seed)
    victim, charge, check, _ = plan
    assert live.game is not None
    for role, action, pick in (("mafia1", "kill", victim), ("doctor", "heal", charge), ("commissar", "check", check)):
        send(live, role_of(live, role), action, pick, T0 + 10)
    assert timing(live) == ("day", 1, T0 + 10 + DAY, False)


def test_the_night_waits_for_the_boss_after_rank_2_sent() -> None:
    """"A clan's boss who may still send is waited for even after a lower rank has sent the clan's
    action"; at the deadline rank 2's action stands."""
    live = live_game(RANKS, 3)
    boss, second, commissar = (role_of(live, r) for r in ("mafia1", "mafia2", "commissar"))
    send(live, second, "kill", 0, T0 + 5)
    send(live, commissar, "check", 0, T0 + 5)
    assert timing(live) == ("night", 1, T0 + NIGHT, False)  # everyone else has sent: still night
    assert live.game is not None and live.game.awaiting() == [boss]
    victim = live.game.state.acts[second].targets[0]
    cmd.deadline_build(live, T0 + NIGHT)
    assert live.game.phase.kind is PhaseKind.DAY and victim not in live.game.alive()


def test_a_day_never_ends_on_a_count_by_heads() -> None:
    live = live_game(SILENCE, 5)
    assert live.game is not None
    cmd.resolve_now_build()(live, T0 + 1)  # a quiet night
    voters = live.game.voters()
    for name in voters[:-1]:
        cmd.vote_build(name, voters[0])(live, T0 + 2)
    assert timing(live)[0] == "day"  # five of six for one name: still the day
    cmd.vote_build(voters[-1], "blue")(live, T0 + 3)
    assert timing(live) == ("night", 2, T0 + 3 + NIGHT, False)


# --- through the web (SQLite and PostgreSQL) --------------------------------------------------------------
def roles(client: TestClient, admin: str) -> dict[str, str]:
    info = client.get(f"/api/host/{admin}", params={"everything": True}).json()
    return {s["name"]: s["role"] for s in info["seats"]}


def test_web_a_silenced_player_has_no_vote_form(client: TestClient) -> None:
    """An announced silence: the player's thread page has no vote form and tells him why; his vote is
    refused in Russian and neither shows in the count nor ends the day."""
    game, tokens = started_game(client, players=6, setup_yaml=SILENCE)
    cast = roles(client, game["admin_token"])
    boss = next(n for n, r in cast.items() if r == "mafia1")
    quiet = next(n for n, r in cast.items() if r == "civilian")
    ack = client.post(f"/api/player/{tokens[boss]}/act", json={"action": "intimidate", "targets": [quiet]})
    assert ack.status_code == 200, ack.text
    client.post(f"/api/host/{game['admin_token']}/resolve")
    assert client.get(f"/api/games/{game['id']}").json()["game"]["phase"] == "day"
    page = client.get(f"/p/{tokens[quiet]}/thread").text
    assert 'id="vote-form"' not in page and "Сегодня вы лишены возможности голосовать" in page
    other = client.get(f"/p/{tokens[boss]}/thread").text
    assert 'id="vote-form"' in other and 'id="silenced-today"' not in other
    data = client.get(f"/api/player/{tokens[quiet]}").json()
    assert data["me"]["vote"] is None and data["me"]["silenced_today"]
    refused = client.post(f"/api/player/{tokens[quiet]}/vote", json={"choice": "blue"})
    assert refused.status_code == 409 and refused.json()["error"] == "silenced_voter"
    assert refused.json()["message"] == f"сегодня {quiet} лишён возможности голосовать"
    public = client.get(f"/api/games/{game['id']}").json()
    assert public["counts"] == {} and quiet not in public["tally"]["not_voted"]
    others = [n for n in tokens if n != quiet]
    for name in others:
        assert client.post(f"/api/player/{tokens[name]}/vote", json={"choice": "blue"}).status_code == 200
    assert client.get(f"/api/games/{game['id']}").json()["game"]["phase"] == "night"  # every vote offered is in


def test_web_the_night_waits_for_the_boss_after_rank_2_sent(client: TestClient) -> None:
    game, tokens = started_game(client, players=6, setup_yaml=RANKS)
    cast = roles(client, game["admin_token"])
    boss = next(n for n, r in cast.items() if r == "mafia1")
    second = next(n for n, r in cast.items() if r == "mafia2")
    commissar = next(n for n, r in cast.items() if r == "commissar")
    victim = next(n for n, r in cast.items() if r == "civilian")
    assert client.post(f"/api/player/{tokens[second]}/act", json={"action": "kill", "targets": [victim]}).json()[
        "phase"] == "night"
    ack = client.post(f"/api/player/{tokens[commissar]}/act", json={"action": "check", "targets": [second]})
    assert ack.status_code == 200 and ack.json()["phase"] == "night"
    host = client.get(f"/api/host/{game['admin_token']}").json()
    assert host["waiting"] == [boss] and host["game"]["phase"] == "night"
    page = client.get(f"/h/{game['admin_token']}").text
    assert f"Ждём ходов от: {boss}" in page
    ack = client.post(f"/api/player/{tokens[boss]}/act", json={"action": "kill", "targets": [commissar]})
    assert ack.status_code == 200 and ack.json()["phase"] == "day"  # the boss in: the night ends, his kill stands
    seats = {s["name"]: s["alive"] for s in client.get(f"/api/games/{game['id']}").json()["seats"]}
    assert not seats[commissar] and seats[victim]
