"""A PettingZoo AEC environment over the engine, for research (the optional extra `env`).

Agents are the seats ("player_0" ... "player_{N-1}"). Turns follow the game: at night every living
player who has an action tonight plays once, in seat order, then the night is resolved; by day every
living player votes once, then the day is counted. An agent observes only what his player's view holds
(`Game.view`).

Actions are one `Discrete` space per agent:
  0                   pass: send nothing tonight, or cast no vote today
  1                   vote blue (hang nobody)
  2 .. 1+N            vote red for seat j
  2+N + a*N + j       night action a of `ACTIONS` (one target) on seat j
Night actions are offered with one target (a mafia kill of one player, one intimidation, ...); those that
need two targets or an option (kill_intimidate, the town journalist's comparison, heal_from) are not
offered. The action mask is exact: a night action is allowed when the engine would accept it.

The observation is a dict {"observation": float32 vector, "action_mask": int8 vector}; the vector holds
the agent's seat and role, the phase, and per seat: alive, the role he knows, clan member, boss, his
checks (mafia / not mafia), exposed, and the share of red votes it received on the last day.

Rewards come at the end: +1 to every member of the winning side (the dead included), -1 to the others, 0
to all on a draw. A game still going after `max_phases` phases is truncated.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from rankedmafia.bots import MAX_PHASES
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS
from rankedmafia.rules.view import PlayerView
from rankedmafia.setup import Setup, new_game, resolve_setup

ROLE_IDS: tuple[str, ...] = tuple(sorted(ROLES))
ACTIONS: tuple[str, ...] = tuple(sorted({
    action.id
    for action in (*BOSS_ACTIONS, *(a for role in ROLES.values() for a in role.actions))
    if action.targets[0] <= 1 <= action.targets[1] and action.option is None
}))
PASS, VOTE_BLUE, VOTE_RED = 0, 1, 2
PHASE_SCALE = 50.0
PER_SEAT = len(ROLE_IDS) + 7


def observation_size(players: int) -> int:
    return players + len(ROLE_IDS) + 3 + players * PER_SEAT


def action_count(players: int) -> int:
    return 2 + players + len(ACTIONS) * players


class RankedMafiaEnv(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {
        "name": "rankedmafia_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, setup: Setup | str = "classic-12", render_mode: str | None = None,
                 max_phases: int = MAX_PHASES) -> None:
        super().__init__()
        self.setup = setup if isinstance(setup, Setup) else resolve_setup(setup or "classic-12")
        self.render_mode = render_mode
        self.max_phases = max_phases
        n = self.setup.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.seat = {name: i for i, name in enumerate(self.possible_agents)}
        self._observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (observation_size(n),), np.float32),
                "action_mask": spaces.Box(0, 1, (action_count(n),), np.int8),
            }) for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(action_count(n)) for agent in self.possible_agents}
        self._seeder = random.Random()
        self.game: Game | None = None
        self._queue: list[str] = []

    # --- the spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # --- the loop -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder.seed(seed)
        game_seed = f"{seed}" if seed is not None else f"{self._seeder.getrandbits(64):016x}"
        self.game = new_game(self.setup, self.possible_agents, game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._queue = []
        self._seen: dict[str, _Seen] = {agent: _Seen() for agent in self.agents}
        self._next_turn()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if action is None:
            action = PASS
        self.infos[agent] = self._apply(game, agent, int(action))
        self._queue.pop(0)
        self._next_turn()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        return {"observation": self._observation(agent), "action_mask": self.action_mask(agent)}

    def render(self) -> str | None:
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None

    # --- inside ---------------------------------------------------------------------------------
    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def _next_turn(self) -> None:
        """Moves to the next player to play, resolving phases whose players have all played."""
        game = self._game()
        while not self._queue:
            if game.over or len(game.results) >= self.max_phases:
                self._finish(game)
                return
            if game.phase.kind is PhaseKind.NIGHT:  # the Game's follow-up step (the reanimator) comes after
                self._queue = game.awaiting()  # at the night's start: everyone with an action of the night's round
            else:
                self._queue = game.alive()
            if not self._queue:
                self._close_phase(game)
        self.agent_selection = self._queue[0]

    def _end_of_turn(self, game: Game) -> None:
        if len(self._queue) == 1:
            self._close_phase(game)

    def _close_phase(self, game: Game) -> None:
        """Once everyone has played: at night the Game's follow-up step asks its players one by one (each
        gets a turn of his own); then the phase is resolved."""
        if game.phase.kind is PhaseKind.NIGHT:
            step = game.begin_follow_up()
            if step is not None:
                self._queue.append(step.player)
                return
        game.resolve()

    def _apply(self, game: Game, agent: str, action: int) -> dict[str, Any]:
        n = len(self.possible_agents)
        info: dict[str, Any] = {}
        try:
            if game.phase.kind is PhaseKind.DAY:
                if action == VOTE_BLUE:
                    game.vote(agent, BLUE)
                elif VOTE_RED <= action < VOTE_RED + n:
                    game.vote(agent, self.possible_agents[action - VOTE_RED])
                elif action != PASS:
                    info["refused"] = "not_a_vote"
            elif action >= VOTE_RED + n:
                index, seat = divmod(action - VOTE_RED - n, n)
                game.submit(agent, ACTIONS[index], [self.possible_agents[seat]])
            elif action != PASS:
                info["refused"] = "not_a_night_action"
        except RuleViolation as error:  # outside the mask: the turn passes, the game is unchanged
            info["refused"] = error.rule
        step = game.follow_up_step()
        if step is not None and step.player == agent:  # he was asked and sent nothing: he declines
            game.decline(agent)
        self._end_of_turn(game)
        return info

    def _finish(self, game: Game) -> None:
        winners = set(game.winners())
        draw = game.winner == "draw"
        for agent in self.agents:
            if game.over:
                self.terminations[agent] = True
                self.rewards[agent] = 0.0 if draw else (1.0 if agent in winners else -1.0)
            else:
                self.truncations[agent] = True
            self.infos[agent] = {"winner": game.winner}
        self.agent_selection = self.agents[0]

    def action_mask(self, agent: str) -> NDArray[np.int8]:
        n = len(self.possible_agents)
        mask = np.zeros(action_count(n), dtype=np.int8)
        game = self.game
        if game is None or game.over or agent not in self._queue[:1]:
            return mask
        mask[PASS] = 1
        living = game.alive()
        if game.phase.kind is PhaseKind.DAY:
            mask[VOTE_BLUE] = 1
            for name in living:
                mask[VOTE_RED + self.seat[name]] = 1
            return mask
        for spec in game.actions_of(agent):
            if spec.id not in ACTIONS:
                continue
            base = VOTE_RED + n + ACTIONS.index(spec.id) * n
            for name in living:  # the engine's own check of each single-target action
                if game.check(agent, spec.id, (name,)) is None:
                    mask[base + self.seat[name]] = 1
        return mask

    def _observation(self, agent: str) -> NDArray[np.float32]:
        game = self._game()
        n = len(self.possible_agents)
        roles = len(ROLE_IDS)
        vector = np.zeros(observation_size(n), dtype=np.float32)
        seen = self._seen[agent]  # what he learnt from the phases already read: only new ones are read
        view = game.view(agent, since=seen.phases)
        seen.read(view, len(game.results))
        vector[self.seat[agent]] = 1.0
        vector[n + ROLE_IDS.index(view.role)] = 1.0
        at = n + roles
        vector[at] = 1.0 if view.phase == "night" else 0.0
        vector[at + 1] = 1.0 if view.phase == "day" else 0.0
        vector[at + 2] = min(view.phase_number, PHASE_SCALE) / PHASE_SCALE
        at += 3
        checks, exposed = seen.checks, seen.exposed
        received: dict[str, int] = {}
        for choice in seen.last_votes.values():
            received[choice] = received.get(choice, 0) + 1
        for seat in view.seats:
            block = at + self.seat[seat.name] * PER_SEAT
            vector[block] = 1.0 if seat.alive else 0.0
            role = seat.role or seen.revealed.get(seat.name)
            if role in ROLE_IDS:
                vector[block + 1 + ROLE_IDS.index(role)] = 1.0
            rest = block + 1 + roles
            vector[rest] = 1.0 if seat.name in view.clan else 0.0
            vector[rest + 1] = 1.0 if seat.name == view.boss else 0.0
            vector[rest + 2] = 1.0 if checks.get(seat.name) == "mafia" else 0.0
            vector[rest + 3] = 1.0 if checks.get(seat.name) == "not_mafia" else 0.0
            vector[rest + 4] = 1.0 if seat.name in exposed else 0.0
            vector[rest + 5] = received.get(seat.name, 0) / n
        return vector

    def text(self) -> str:
        """The game as the town sees it: the seats (with the roles made public), the last phase's events."""
        game = self.game
        if game is None:
            return "(no game: call reset())"
        now = f"winner: {game.winner}" if game.over else f"now: {game.phase}"
        lines = [f"{self.setup.name}, {now}"]
        public = {seat.name: seat for seat in game.view(self.possible_agents[0]).seats}
        known: dict[str, str] = {}
        for result in game.results:
            known.update(result.revealed)
        for name in self.possible_agents:
            mark = " " if public[name].alive else "x"
            role = known.get(name, "?")
            turn = " <" if self._queue[:1] == [name] and not game.over else ""
            lines.append(f"[{mark}] {name:>9} {role}{turn}")
        if game.results:
            last = game.results[-1]
            lines.append(f"last {last.phase}: deaths {last.deaths or '-'}, hanged {last.hanged or '-'}")
        return "\n".join(lines)



class _Seen:
    """What one agent has read of the game so far, kept between observations so that each reads only
    the phases since the last (from his own view: `Game.view(name, since)`)."""

    def __init__(self) -> None:
        self.phases = 0  # the phases read
        self.checks: dict[str, str] = {}
        self.exposed: set[str] = set()
        self.last_votes: dict[str, str] = {}
        self.revealed: dict[str, str] = {}  # roles made public in the phases read

    def read(self, view: PlayerView, phases: int) -> None:
        for entry in view.log:
            if entry.get("type") == "info" and entry.get("kind") == "check":
                self.checks[entry["target"]] = entry["result"]
            elif entry.get("type") == "exposed":
                self.exposed.add(entry["player"])
            elif entry.get("type") == "votes":
                self.last_votes = entry["votes"]
        for seat in view.seats:
            if seat.role is not None and seat.name not in view.clan and seat.name != view.name:
                self.revealed[seat.name] = seat.role
        self.phases = phases


def env(setup: Setup | str = "classic-12", render_mode: str | None = None,
        max_phases: int = MAX_PHASES) -> RankedMafiaEnv:
    """The environment (PettingZoo's naming: `env()` builds one)."""
    return RankedMafiaEnv(setup, render_mode, max_phases)
