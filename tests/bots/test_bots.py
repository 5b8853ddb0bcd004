"""The bots: they play whole games through a player's view only, and the heuristic plays sensibly."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.bots import (
    HeuristicPolicy,
    Policy,
    RandomPolicy,
    VanillaPolicy,
    make_policy,
    play_game,
    play_random_game,
)
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.rules.seating import Seat
from rankedmafia.setup import new_game, preset

ALLOWED = {"phase", "over", "alive", "actions_of", "choices", "choice", "option_choices", "copy_actions",
           "question_fields", "view", "submit", "vote"}


class Guard:
    """A game as a bot may see it: no `state`, and the view of the seat it plays for only."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.player: str | None = None

    def __getattr__(self, name: str) -> Any:
        if name not in ALLOWED:
            raise AssertionError(f"a bot read Game.{name}")
        attribute = getattr(self._game, name)
        if name == "view":
            def view(who: str) -> Any:
                assert who == self.player, f"{self.player} looked at {who}'s view"
                return attribute(who)
            return view
        return attribute


def guarded_game(game: Game, policy: Policy, max_phases: int = 200) -> Game:
    guard = Guard(game)
    for _ in range(max_phases):
        if game.over:
            break
        for name in game.alive():
            guard.player = name
            if game.phase.kind is PhaseKind.NIGHT:
                policy.act(cast(Game, guard), name)
            else:
                policy.vote(cast(Game, guard), name)
        step = game.begin_follow_up()  # the Game asks each reanimator, last, told tonight's dead
        while step is not None:
            guard.player = step.player
            policy.revive(cast(Game, guard), step.player, list(step.told))
            if game.follow_up_step() == step:
                game.decline(step.player)
            step = game.follow_up_step()
        game.resolve()
    return game


def names(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


@pytest.mark.parametrize("policy", ["random", "heuristic", "vanilla"])
@pytest.mark.parametrize("setup", ["classic-12", "classic-20"])
def test_every_policy_plays_whole_games(policy: str, setup: str) -> None:
    chosen = preset(setup)
    winners = set()
    for i in range(8):
        game = new_game(chosen, names(chosen.players), f"t:{i}")
        play_game(game, make_policy(policy, random.Random(i)))
        assert game.over or len(game.results) == 200
        winners.add(game.winner)
    assert winners - {None}, "at least one game ends"


@pytest.mark.parametrize("factory", [HeuristicPolicy, VanillaPolicy])
def test_bots_use_their_own_view_only(factory: type[HeuristicPolicy] | type[VanillaPolicy]) -> None:
    for setup in ("classic-12", "classic-20", "full-25"):
        chosen = preset(setup)
        for i in range(4):
            game = guarded_game(new_game(chosen, names(chosen.players), f"g:{i}"), factory(random.Random(i)))
            assert game.winner is not None


def test_random_policy_uses_public_facts_only_in_a_vanilla_game() -> None:
    from rankedmafia.sim.exact import vanilla_setup

    game = guarded_game(new_game(vanilla_setup(9, 2), names(9), "r"), RandomPolicy(random.Random(1)))
    assert game.winner in ("town", "mafia")


def test_policies_are_reproducible() -> None:
    commands = []
    for _ in range(2):
        game = play_random_game(new_game(preset("classic-12"), names(12), "same"), random.Random(5))
        commands.append(game.commands)
    assert commands[0] == commands[1]


def test_one_policy_per_seat() -> None:
    chosen = preset("classic-12")
    table: dict[str, Policy] = {name: (HeuristicPolicy if i % 2 else RandomPolicy)(random.Random(i))
                                for i, name in enumerate(names(12))}
    game = play_game(new_game(chosen, names(12), "mixed"), table)
    assert game.over


def test_unknown_policy() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        make_policy("clever", random.Random(0))


def test_all_are_policies() -> None:
    for factory in (RandomPolicy, HeuristicPolicy, VanillaPolicy):
        assert isinstance(factory(random.Random(0)), Policy)


# --- the heuristic's judgement ------------------------------------------------------------------------
def heuristic_games(setup: str, count: int) -> list[Game]:
    chosen = preset(setup)
    return [play_game(new_game(chosen, names(chosen.players), f"h:{i}"), HeuristicPolicy(random.Random(i)))
            for i in range(count)]


def teams(game: Game) -> dict[str, str]:
    return {p.name: p.team for p in game.players()}  # the test reads the truth; the bots never do


@pytest.mark.parametrize("setup", ["classic-12", "classic-20"])
def test_heuristic_mafia_never_kill_or_vote_each_other(setup: str) -> None:
    for game in heuristic_games(setup, 12):
        team = teams(game)
        for command in game.commands:
            if command["type"] == "act" and command["action"] in ("kill", "kill_intimidate"):
                actor = command["actor"]
                if team[actor] == "mafia":
                    assert all(team[t] != "mafia" for t in command["targets"]), command
            if command["type"] == "vote" and team[command["voter"]] == "mafia":
                assert team.get(command["choice"]) != "mafia", command


def test_heuristic_commissar_checks_then_kills_the_mafioso() -> None:
    seats = [Seat("K", "commissar"), Seat("M", "mafia1"), Seat("A", "civilian"), Seat("B", "civilian"),
             Seat("C", "civilian"), Seat("D", "civilian")]
    for seed in range(6):
        game = Game(seats, seed=seed, rules={"stalemate": "off"})  # a quiet game on purpose: no stalemate
        bot = HeuristicPolicy(random.Random(seed))
        found_on: int | None = None
        for _ in range(6):  # the mafia sleeps; nobody is hanged
            if game.over:
                break
            bot.act(game, "K")
            act = next(c for c in reversed(game.commands) if c["type"] == "act")
            if found_on is not None:
                assert act["action"] == "kill" and act["targets"] == ["M"]
                game.resolve()
                break
            assert act["action"] == "check" and act["targets"][0] not in checked_so_far(game)
            result = game.resolve()
            if any(i["target"] == "M" and i["result"] == "mafia" for i in result.info):
                found_on = game.phase.number
            for name in game.alive():
                game.vote(name, "blue")
            game.resolve()
        assert found_on is not None, "five checks among five players find the mafioso"
        assert not game.state.players["M"].alive


def checked_so_far(game: Game) -> set[str]:
    acts = [c for c in game.commands[:-1] if c["type"] == "act" and c["action"] == "check"]
    return {c["targets"][0] for c in acts}


def test_heuristic_town_votes_for_an_exposed_boss() -> None:
    seats = [Seat("M", "mafia1"), Seat("N", "mafia2"), *(Seat(f"c{i}", "civilian") for i in range(7)),
             Seat("K", "commissar"), Seat("G", "girl")]
    game = Game(seats, seed=1, chance="always")  # the double kill always exposes the boss
    game.submit(Act("M", "kill", ("c0", "c1")))
    result = game.resolve()
    assert result.exposed == {"M": "boss"}
    bot = HeuristicPolicy(random.Random(0))
    town = [name for name in game.alive() if name not in ("M", "N")]
    for name in town:
        bot.vote(game, name)
    assert {game.state.votes[name] for name in town} == {"M"}
    assert game.resolve().hanged == ["M"]


def test_heuristic_sergeant_votes_for_the_checked_mafioso() -> None:
    seats = [Seat("K", "commissar"), Seat("S", "sergeant"), Seat("M", "mafia1"), Seat("A", "civilian"),
             Seat("B", "civilian")]
    game = Game(seats, seed=0)
    game.submit(Act("K", "check", ("M",)))
    game.resolve()
    bot = HeuristicPolicy(random.Random(0))
    for name in ("K", "S"):
        bot.vote(game, name)
    assert game.state.votes == {"K": "M", "S": "M"}


def test_heuristic_mafia_kill_a_revealed_commissar_first() -> None:
    seats = [Seat("M", "mafia1"), Seat("N", "mafia2"), Seat("Dr", "doctor"), Seat("K", "commissar"),
             *(Seat(f"c{i}", "civilian") for i in range(8))]
    game = Game(seats, seed=3)
    game.submit(Act("Dr", "serum", ("K",)))  # the serum tells the town the commissar's role
    assert game.resolve().revealed == {"K": "commissar"}
    for name in game.alive():
        game.vote(name, "blue")
    game.resolve()
    bot = HeuristicPolicy(random.Random(0))
    bot.act(game, "N")  # not the boss: he leaves the kill to the boss
    assert "N" not in game.state.acts
    bot.act(game, "M")
    assert game.state.acts["M"].targets == ("K",)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_heuristic_doctor_heals_every_night_without_a_refused_repeat(seed: int) -> None:
    seats = [Seat("Dr", "doctor"), Seat("M", "mafia1"), *(Seat(f"c{i}", "civilian") for i in range(5))]
    game = Game(seats, seed=seed)
    bot = HeuristicPolicy(random.Random(seed))
    heals: list[str] = []
    for _ in range(5):
        if game.over or not game.state.players["Dr"].alive:
            break
        bot.act(game, "Dr")
        act = game.state.acts["Dr"]
        assert act.action == "heal"
        alive = len(game.alive())
        if heals and alive != 3:
            assert act.targets[0] != heals[-1]
        heals.append(act.targets[0])
        game.resolve()
        if game.over:
            break
        for name in game.alive():
            game.vote(name, "blue")
        game.resolve()
    assert heals


def test_heuristic_maniac_kills_every_night() -> None:
    for game in heuristic_games("classic-12", 6):
        maniac = next(p.name for p in game.players() if p.initial_role == "maniac")
        nights_alive = sum(1 for r in game.results if r.phase.kind is PhaseKind.NIGHT) if game.results else 0
        kills = [c for c in game.commands if c["type"] == "act" and c["actor"] == maniac]
        assert kills and all(c["action"] in ("kill_quick", "kill_bloody") for c in kills)
        assert len(kills) <= nights_alive

