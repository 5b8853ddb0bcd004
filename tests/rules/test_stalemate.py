"""The stalemate and the host's end (RULINGS.md, "Stalemate"): a game where nothing changes for the house
rule's count of nights and days ends by itself with no winner, and a host may end one by hand; both
records say so (`winner` null, `winners` empty, `ended`)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.bots import make_policy, play_game
from rankedmafia.ladder.outcome import outcome_of
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game, Seat
from rankedmafia.rules.house import HouseRules
from rankedmafia.rules.model import Act
from rankedmafia.script import record
from rankedmafia.setup import new_game, preset
from rankedmafia.store import GameRow, LogEntry

SEVEN = [Seat("Вася", "mafia1"), Seat("Петя", "mafia2"), Seat("Коля", "commissar"), Seat("Маша", "doctor"),
         Seat("Лена", "civilian"), Seat("Аня", "civilian"), Seat("Оля", "civilian")]


@given(st.integers(min_value=0, max_value=10_000))
def test_a_two_clan_game_stalled_to_one_clan_and_its_agent_ends_by_itself_with_no_winner(seed: int) -> None:
    # the example: the black clan hanged, three members of the red side left (two ranks and the
    # double agent, who is no red mafioso): no side can win, and nobody dies any more
    seats = [Seat("Вася", "mafia1", "red"), Seat("Петя", "mafia2", "red"), Seat("Гриша", "mafia1", "black"),
             Seat("Зина", "double_agent"), Seat("Коля", "commissar"), Seat("Лена", "civilian")]
    game = Game(seats, seed=seed, chance="never")
    game.submit(Act("Вася", "vote_kill", ("Коля",)))
    game.submit(Act("Гриша", "vote_kill", ("Лена",)))
    game.resolve()
    for voter in ("Вася", "Петя", "Зина"):
        game.vote(voter, "Гриша")
    game.resolve()
    assert sorted(game.alive()) == ["Вася", "Зина", "Петя"] and not game.over
    phases = 0
    while not game.over:
        assert phases < 6, "three quiet nights and three quiet days end the game"
        game.resolve()
        phases += 1
    assert phases == 6
    assert game.winner is None and game.winners() == [] and game.ended == "stalemate"
    assert game.results[-1].events[-1] == {"type": "stalemate", "to": None, "phases": 6}
    data = record(game)
    assert data["winner"] is None and data["winners"] == [] and data["ended"] == "stalemate"
    assert "ничья" in data["phases"][-1]["public"][-1]
    assert "draw" in record(game, "en")["phases"][-1]["public"][-1]
    for name in game.alive():  # over: nobody is asked anything, every command is refused in words
        assert game.choices(name) == () and game.vote_choice(name) is None
    assert game.awaiting() == []
    with pytest.raises(RuleViolation) as refused:
        game.resolve()
    assert refused.value.rule == "game_ended"
    # a replay of its commands ends it the same way
    again = Game(seats, seed=seed, chance="never")
    for command in game.commands:
        again.apply(command)
    assert again.ended == "stalemate" and again.winner is None


def _quiet(game: Game, phases: int) -> None:
    for _ in range(phases):
        game.resolve()


def test_the_host_ends_a_game_by_hand_with_no_winner_and_the_record_says_so() -> None:
    game = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Маша", "civilian"),
                 Seat("Коля", "civilian")], seed=7)
    game.submit(Act("Вася", "kill", ("Маша",)))
    game.resolve()
    game.end_by_host()
    assert game.over and game.winner is None and game.ended == "host"
    assert game.commands[-1] == {"type": "end"}
    data = record(game)
    assert data["winner"] is None and data["winners"] == [] and data["ended"] == "host"
    with pytest.raises(RuleViolation) as refused:
        game.vote("Петя", "Вася")
    assert refused.value.rule == "game_ended"
    with pytest.raises(RuleViolation):
        game.end_by_host()  # once is enough
    replayed = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Маша", "civilian"),
                     Seat("Коля", "civilian")], seed=7)
    for command in game.commands:
        replayed.apply(command)
    assert replayed.ended == "host" and record(replayed)["ended"] == "host"


def test_a_game_won_cannot_be_ended_by_the_host_and_keeps_its_winner() -> None:
    game = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Маша", "civilian")], seed=1)
    game.submit(Act("Вася", "kill", ("Петя",)))
    game.resolve()
    assert game.winner == "mafia"
    with pytest.raises(RuleViolation) as refused:
        game.end_by_host()
    assert refused.value.rule == "game_over"
    assert "ended" not in record(game)


@pytest.mark.parametrize(("rule", "phases"), [(1, 2), ("2", 4), (3, 6), ("10", 20)])
def test_the_house_rule_sets_the_count_of_nights_and_days(rule: int | str, phases: int) -> None:
    game = Game(SEVEN, seed=1, rules={"stalemate": rule})
    _quiet(game, phases - 1)
    assert not game.over
    game.resolve()
    assert game.ended == "stalemate"


def test_the_house_rule_turns_the_stalemate_off_and_refuses_what_it_does_not_know() -> None:
    game = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Маша", "civilian"),
                 Seat("Коля", "civilian")], seed=1, rules={"stalemate": "off"})
    _quiet(game, 30)
    assert not game.over
    assert HouseRules().stalemate_phases() == 6
    for bad in ("0", 0, "never", True, 11):
        with pytest.raises(RuleViolation) as refused:
            HouseRules.from_mapping({"stalemate": bad})
        assert refused.value.rule == "unknown_house_rule"


def test_a_stalemate_record_verifies_and_a_forged_end_does_not() -> None:
    from rankedmafia.script import run_script
    from rankedmafia.verify import verify

    script = {"format": 1, "seed": 5, "players": [{"name": s.name, "role": s.role} for s in SEVEN],
              "phases": [{"night": []}, {"day": {}}] * 3}
    data = run_script(script)
    assert data["ended"] == "stalemate" and verify(data, 5) == []
    forged = {**data, "ended": None}
    assert verify(forged, 5) == ["no winner (ended): the record says None, the replay 'stalemate'"]


def _live_log(*tail: tuple[str, dict[str, object]]) -> list[LogEntry]:
    """A live game's log: a deal made elsewhere (a script's seats), then these entries."""
    deal = {"format": 1, "seed": 5, "chance": "seeded", "rules": {}, "start": "night",
            "players": [{"name": s.name, "role": s.role} for s in SEVEN]}
    entries = [("start", {"type": "start", "names": [s.name for s in SEVEN], "deadline": None, "script": deal}),
               *tail]
    return [LogEntry(seq, kind, dict(body), float(seq)) for seq, (kind, body) in enumerate(entries, start=1)]


def _live() -> LiveGame:
    row = GameRow("g1", "h", "Партия", {"name": "setup", "players": 7}, {"kind": "desk"}, "5", "c", 0.0)
    return LiveGame(row, {})


@pytest.mark.parametrize(("tail", "ended_by"), [
    ([("resolve", {"type": "resolve", "deadline": None})] * 6, "stalemate"),
    ([("resolve", {"type": "resolve", "deadline": None}), ("end", {"type": "end"})], "host"),
])
def test_a_live_game_with_no_winner_is_over_and_the_ladder_does_not_rate_it(
        tail: list[tuple[str, dict[str, object]]], ended_by: str) -> None:
    live = _live()
    outcome = outcome_of(live, _live_log(*tail))
    assert live.status == "over" and live.ended_by == ended_by
    assert live.game is not None and live.game.ended == ended_by and live.game.winner is None
    assert record(live.game)["ended"] == ended_by
    assert outcome.ended_by == ended_by and outcome.winner is None and not outcome.decided
    assert not any(seat.won for seat in outcome.seats)


@settings(max_examples=12)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(["classic-12", "two-clans-20"]),
       st.sampled_from(["random", "heuristic"]))
def test_no_game_passes_the_count_of_quiet_phases_and_only_a_stalemate_ends_with_no_winner(
        seed: int, setup: str, policy: str) -> None:
    chosen = preset(setup)
    game = new_game(chosen, [f"p{i + 1}" for i in range(chosen.players)], f"s:{seed}")
    play_game(game, make_policy(policy, random.Random(seed)))
    quiet = 0
    for result in game.results:
        assert quiet < 6, "six quiet phases in a row end the game"
        quiet = 0 if result.deaths or result.hanged else quiet + 1
    assert game.over
    if game.winner is None:
        assert game.ended == "stalemate" and quiet == 6 and game.winners() == []
    else:
        assert game.ended is None and quiet < 6


def test_every_seat_sees_that_a_game_with_no_winner_is_over() -> None:
    game = Game(SEVEN, seed=3)
    _quiet(game, 6)
    for seat in SEVEN:
        view = game.view(seat.name)
        assert view.over and view.winner is None and view.ended == "stalemate" and view.actions == ()


def test_a_save_of_a_game_the_host_ended_opens_ended() -> None:
    from rankedmafia.forum.saves import dumps, loads

    game = Game(SEVEN, seed=4)
    game.resolve()
    game.end_by_host()
    again, _settings = loads(dumps(game, "ru", "text"))
    assert again.ended == "host" and again.winner is None and again.commands == game.commands
