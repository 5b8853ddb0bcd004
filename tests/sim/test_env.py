"""The PettingZoo environment: PettingZoo's own API and seed tests, exact masks, rewards, rendering."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from rankedmafia.rules.model import Act
from rankedmafia.setup import preset
from rankedmafia.sim.env import (
    ACTIONS,
    PER_SEAT,
    ROLE_IDS,
    RankedMafiaEnv,
    action_count,
    env,
    observation_size,
)
from rankedmafia.sim.exact import vanilla_setup


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("setup", ["classic-12", "classic-20"])
def test_pettingzoo_api(setup: str) -> None:
    api_test(env(setup), num_cycles=400, verbose_progress=False)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_seed() -> None:
    seed_test(lambda: env("classic-12"), num_cycles=400)


def play(environment: RankedMafiaEnv, seed: int) -> tuple[dict[str, float], int, list[str]]:
    """A whole game of masked random actions; the rewards each agent collected, steps, refusals."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    refusals: list[str] = []
    steps = 0
    for agent in environment.agent_iter(max_iter=20_000):
        observation, reward, termination, truncation, info = environment.last()
        totals[agent] += reward
        if "refused" in info:
            refusals.append(info["refused"])
        if termination or truncation:
            environment.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].shape == (observation_size(len(environment.possible_agents)),)
        assert mask[0] == 1 and mask.sum() >= 1
        environment.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    return totals, steps, refusals


@pytest.mark.parametrize("setup", ["classic-12", "classic-20"])
def test_masked_actions_are_always_accepted_and_games_end(setup: str) -> None:
    environment = env(setup)
    for seed in range(6):
        totals, steps, refusals = play(environment, seed)
        assert refusals == [], "the mask allows only what the engine accepts"
        game = environment.game
        assert game is not None and game.over and steps > 0
        assert environment.agents == []
        winners = set(game.winners())
        for agent, total in totals.items():
            expected = 0.0 if game.winner == "draw" else (1.0 if agent in winners else -1.0)
            assert total == expected


def test_masks_follow_the_phase() -> None:
    environment = env(vanilla_setup(6, 1))
    environment.reset(seed=3)
    n = 6
    game = environment.game
    assert game is not None
    agent = environment.agent_selection
    mask = environment.observe(agent)["action_mask"]
    assert mask.shape == (action_count(n),)
    assert mask[1] == 0 and mask[2:2 + n].sum() == 0  # no votes at night
    kill = ACTIONS.index("kill")
    allowed = np.flatnonzero(mask[2 + n + kill * n: 2 + n + (kill + 1) * n])
    assert len(allowed) == 5 and environment.seat[agent] not in allowed  # the boss alone acts: not himself
    environment.step(2 + n + kill * n + int(allowed[0]))
    assert game.phase.kind.value == "day"
    voter = environment.agent_selection
    day_mask = environment.observe(voter)["action_mask"]
    assert day_mask[0] == day_mask[1] == 1 and day_mask[2:2 + n].sum() == len(game.alive())
    others = [a for a in environment.agents if a != voter]
    assert environment.observe(others[0])["action_mask"].sum() == 0  # not his turn


def test_observation_is_the_players_view_only() -> None:
    environment = env(preset("classic-12"))
    environment.reset(seed=11)
    game = environment.game
    assert game is not None
    for agent in environment.possible_agents:
        vector = environment.observe(agent)["observation"]
        n, roles = 12, len(ROLE_IDS)
        seats = vector[n + roles + 3:].reshape(n, PER_SEAT)
        assert seats[:, 0].all()  # everybody alive
        known = {environment.possible_agents[i] for i in range(n) if seats[i, 1:1 + roles].any()}
        clan = set(game.view(agent).clan)
        assert known == ({agent} | clan)  # at the start he knows his own role and his clan's, no more
    assert environment.observation_space(agent).contains(environment.observe(agent))


def test_text_rendering() -> None:
    environment = env("classic-12", render_mode="ansi")
    assert "reset" in (environment.render() or "")
    environment.reset(seed=2)
    text = environment.render() or ""
    assert text.splitlines()[0] == "classic-12, now: night 1"
    assert len(text.splitlines()) == 13 and "<" in text
    play(environment, 2)
    assert "winner:" in (environment.render() or "")


def full_reading(environment: RankedMafiaEnv, agent: str) -> np.ndarray:
    """The agent's observation read afresh from his whole view, in the plainest way."""
    game = environment.game
    assert game is not None
    view = game.view(agent)
    n, roles = len(environment.possible_agents), len(ROLE_IDS)
    vector = np.zeros(observation_size(n), dtype=np.float32)
    vector[environment.seat[agent]] = 1.0
    vector[n + ROLE_IDS.index(view.role)] = 1.0
    vector[n + roles: n + roles + 3] = [view.phase == "night", view.phase == "day", min(view.phase_number, 50) / 50]
    checks: dict[str, str] = {}
    exposed: set[str] = set()
    votes: dict[str, str] = {}
    for entry in view.log:
        if entry.get("type") == "info" and entry.get("kind") == "check":
            checks[entry["target"]] = entry["result"]
        elif entry.get("type") == "exposed":
            exposed.add(entry["player"])
        elif entry.get("type") == "votes":
            votes = entry["votes"]
    for seat in view.seats:
        block = n + roles + 3 + environment.seat[seat.name] * PER_SEAT
        vector[block] = seat.alive
        if seat.role is not None:
            vector[block + 1 + ROLE_IDS.index(seat.role)] = 1.0
        rest = block + 1 + roles
        vector[rest: rest + 6] = [seat.name in view.clan, seat.name == view.boss, checks.get(seat.name) == "mafia",
                                  checks.get(seat.name) == "not_mafia", seat.name in exposed,
                                  sum(choice == seat.name for choice in votes.values()) / n]
    return vector


@pytest.mark.parametrize("setup", ["classic-12", "full-25"])
def test_incremental_observations_equal_a_full_reading(setup: str) -> None:
    """Each observation is kept between the agent's turns and brought up to date from the phases since
    his last one; it equals what reading his whole view from the start gives."""
    environment = env(setup)
    rng = np.random.default_rng(5)
    for seed in range(3):
        environment.reset(seed=seed)
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            assert np.array_equal(observation["observation"], full_reading(environment, agent))
            if terminated or truncated:
                environment.step(None)
                continue
            allowed = np.flatnonzero(observation["action_mask"])
            environment.step(int(rng.choice(allowed)) if len(allowed) else None)


def test_an_observation_is_a_copy() -> None:
    """What an agent was given does not change under him when the game moves on."""
    environment = env("classic-12")
    environment.reset(seed=4)
    agent = environment.agent_selection
    first = environment.observe(agent)
    kept = {key: value.copy() for key, value in first.items()}
    first["observation"][:] = 0.5
    first["action_mask"][:] = 1
    again = environment.observe(agent)
    assert all(np.array_equal(again[key], kept[key]) for key in kept)


@pytest.mark.parametrize("setup", ["classic-12", "full-25"])
def test_night_masks_allow_exactly_what_the_engine_accepts(setup: str) -> None:
    """The mask comes from the core's choices; it allows a single-target action on a seat exactly when the
    engine's own check accepts it."""
    environment = env(setup)
    rng = np.random.default_rng(7)
    n = len(environment.possible_agents)
    nights = 0
    for seed in range(3):
        environment.reset(seed=seed)
        game = environment.game
        assert game is not None
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            mask = observation["action_mask"]
            if game.phase.kind.value == "night":
                nights += 1
                for index, action in enumerate(ACTIONS):
                    for seat, target in enumerate(environment.possible_agents):
                        accepted = game.check(Act(agent, action, (target,))) is None
                        assert mask[2 + n + index * n + seat] == accepted, (agent, action, target)
            environment.step(int(rng.choice(np.flatnonzero(mask))))
    assert nights > 0
