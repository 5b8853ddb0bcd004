"""Every command carries the phase its sender saw (live/commands.py): one sent for a phase that has ended is
refused in words and changes nothing, whichever builder it goes through; two crossing «end now» of one
phase end that phase once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.store import GameRow, SeatRow
from rankedmafia.text.refusals import refusal_text

T0 = 1_000_000.0
SETUP = "name: guard\nplayers: 7\nroles: {mafia1: 1, doctor: 1, commissar: 1, civilian: 4}\n"


def live_game(seed: int = 1) -> LiveGame:
    setup = svc.parse_setup(None, SETUP)
    row = GameRow(id="g", admin_hash="", title="t", setup=cmd.setup_mapping(setup),
                  options={"night_seconds": 600, "day_seconds": 600, "chance": "seeded"},
                  seed=f"seed-{seed}", commitment="", created_at=0.0)
    live = LiveGame(row, {f"P{i}": SeatRow(f"P{i}", i, f"P{i}", "", 0.0) for i in range(setup.players)})
    cmd.start_build(live, T0)
    return live


def state(live: LiveGame) -> tuple[object, ...]:
    """Everything a command could change: the log's commands, the phase, the status and the clock."""
    assert live.game is not None
    return (len(live.game.commands), cmd.phase_key(live), live.status, live.deadline, live.remaining)


def role_of(live: LiveGame, role: str) -> str:
    assert live.game is not None
    return next(p.name for p in live.game.players() if p.role == role and p.name in live.game.alive())


def refused(live: LiveGame, build: cmd.Build, now: float) -> str:
    """The refusal's Russian words; the game unchanged."""
    before = state(live)
    with pytest.raises(Refusal) as caught:
        build(live, now)
    assert state(live) == before
    assert caught.value.status == 409
    return refusal_text(caught.value, "ru")


def test_the_phase_key_names_the_phase() -> None:
    live = live_game()
    assert cmd.phase_key(live) == "night-1"
    cmd.resolve_now_build("night-1")(live, T0 + 1)
    assert cmd.phase_key(live) == "day-1"


def test_a_vote_form_from_yesterday_is_refused_in_words() -> None:
    live = live_game()
    cmd.resolve_now_build("night-1")(live, T0 + 1)
    voter = role_of(live, "civilian")
    cmd.resolve_now_build("day-1")(live, T0 + 2)
    cmd.resolve_now_build("night-2")(live, T0 + 3)
    assert cmd.phase_key(live) == "day-2"
    words = refused(live, cmd.vote_build(voter, "blue", phase="day-1"), T0 + 4)
    assert words == "Этот день уже закончился — голос не принят"
    with pytest.raises(Refusal) as english:
        cmd.vote_build(voter, "blue", phase="day-1")(live, T0 + 4)
    assert refusal_text(english.value, "en") == "This day is already over — the vote was not taken"
    cmd.vote_build(voter, "blue", phase="day-2")(live, T0 + 5)  # today's form is taken
    assert live.game is not None and live.game.votes()[voter] == "blue"


def test_a_heal_form_from_last_night_is_refused_in_words() -> None:
    live = live_game()
    doctor = role_of(live, "doctor")
    cmd.resolve_now_build("night-1")(live, T0 + 1)
    cmd.resolve_now_build("day-1")(live, T0 + 2)
    assert cmd.phase_key(live) == "night-2"
    words = refused(live, cmd.act_build(Act(doctor, "heal", (doctor,)), phase="night-1"), T0 + 3)
    assert words == "Эта ночь уже закончилась — ход не принят"
    assert refused(live, cmd.withdraw_build(doctor, phase="night-1"), T0 + 3) == words
    assert refused(live, cmd.pass_build(doctor, phase="night-1"), T0 + 3) == words


def test_two_crossing_end_now_end_one_phase() -> None:
    live = live_game()
    first, second = cmd.resolve_now_build("night-1"), cmd.resolve_now_build("night-1")
    first(live, T0 + 1)
    assert cmd.phase_key(live) == "day-1"
    night_over = "Эта ночь уже закончилась — команда не принята"
    assert refused(live, second, T0 + 1) == night_over
    assert refused(live, cmd.extend_build(600, phase="night-1"), T0 + 1) == night_over
    cmd.resolve_now_build("day-1")(live, T0 + 2)
    assert refused(live, cmd.resolve_now_build("day-1"), T0 + 3) == "Этот день уже закончился — команда не принята"
    assert refused(live, cmd.resolve_by_hand_build("day-1"), T0 + 3) == "Этот день уже закончился — команда не принята"


def test_a_paused_game_is_extended_only_in_its_own_phase() -> None:
    live = live_game()
    cmd.pause_build(live, T0 + 1)
    assert refused(live, cmd.extend_build(60, phase="day-3"), T0 + 2) == "Этот день уже закончился — команда не принята"
    cmd.extend_build(60, phase="night-1")(live, T0 + 2)
    assert live.remaining is not None and live.remaining > 600


KINDS = ["vote", "act", "withdraw", "pass", "resolve", "extend", "by_hand", "votes"]


def stale_build(kind: str, live: LiveGame, phase: str) -> cmd.Build:
    assert live.game is not None
    alive = live.game.alive()
    name = alive[0]
    return {
        "vote": lambda: cmd.vote_build(name, alive[-1], phase=phase),
        "act": lambda: cmd.act_build(Act(name, "heal", (alive[-1],)), phase=phase),
        "withdraw": lambda: cmd.withdraw_build(name, phase=phase),
        "pass": lambda: cmd.pass_build(name, phase=phase),
        "resolve": lambda: cmd.resolve_now_build(phase),
        "extend": lambda: cmd.extend_build(60, phase=phase),
        "by_hand": lambda: cmd.resolve_by_hand_build(phase),
        "votes": lambda: cmd.votes_build({name: alive[-1]}, phase=phase),
    }[kind]()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), phases=st.integers(0, 4), sent=st.lists(
    st.tuples(st.sampled_from(KINDS), st.sampled_from(["night", "day"]), st.integers(1, 6)), min_size=1, max_size=12))
def test_no_command_with_a_stale_phase_changes_the_log(seed: int, phases: int,
                                                       sent: list[tuple[str, str, int]]) -> None:
    """Whatever the command and whichever phase key it carries that is not the current one, it is refused
    with a refusal in words and the log, the phase and the clock stay as they were."""
    live = live_game(seed)
    for i in range(phases):
        if live.game is None or live.game.over:
            break
        cmd.resolve_now_build(cmd.phase_key(live))(live, T0 + i + 1)
    for kind, phase_kind, number in sent:
        phase = f"{phase_kind}-{number}"
        if phase == cmd.phase_key(live) or live.status != "running":
            continue
        before = state(live)
        with pytest.raises(Refusal) as caught:
            stale_build(kind, live, phase)(live, T0 + 100)
        assert state(live) == before
        words = refusal_text(caught.value, "ru")
        assert words.startswith("Этот день уже закончился" if phase_kind == PhaseKind.DAY.value
                                else "Эта ночь уже закончилась")
