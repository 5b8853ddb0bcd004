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
offered. The action mask is the core's list of what the agent may send (`Game.choice` of each of his actions a
mask offers, read once a turn): a night action on a seat is allowed when his choice of that action
offers one target and that seat, so the engine accepts every action the mask allows.

The observation is a dict {"observation": float32 vector, "action_mask": int8 vector}; the vector holds
the agent's seat and role, the phase, and per seat: alive, the role he knows, clan member, boss, his
checks (mafia / not mafia), exposed, and the share of red votes it received on the last day. Each agent's
vector is kept between his turns and brought up to date from the phases since his last one only (his
view of them: `Game.view(name, since)`).

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
from rankedmafia.rules.model import BLUE, Act, PhaseKind
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS
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
_ROLE_INDEX = {role: i for i, role in enumerate(ROLE_IDS)}
_ACTION_INDEX = {action: i for i, action in enumerate(ACTIONS)}
# Within a seat's block, after "alive" and the role's one-hot:
_CLAN, _BOSS, _MAFIA, _NOT_MAFIA, _EXPOSED, _VOTES = range(6)
_CHECKED = {"mafia": _MAFIA, "not_mafia": _NOT_MAFIA}


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
        at = n + len(ROLE_IDS) + 3
        self._blocks = {name: at + i * PER_SEAT for i, name in enumerate(self.possible_agents)}
        self._blank = {agent: np.zeros(observation_size(n), dtype=np.float32) for agent in self.possible_agents}
        for agent, vector in self._blank.items():  # what a game begins with: his seat
            vector[self.seat[agent]] = 1.0
        self._seeder = random.Random()
        self.game: Game | None = None
        self._queue: list[str] = []
        self._observers: dict[str, _Observer] = {}
        self._mask: tuple[int, NDArray[np.int8], int] | None = None  # the last mask: turn, mask, phases
        self._turn = 0

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
        self._observers = {agent: _Observer(self._blocks, agent, self._blank[agent].copy()) for agent in self.agents}
        self._mask = None
        self._turn = 0
        self._next_turn()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            action = PASS
        self.infos[agent] = self._apply(game, agent, int(action))
        self._queue.pop(0)
        self._turn += 1
        self._next_turn()  # the rewards, all nought until the end, are given and added up by `_finish`

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
                game.submit(Act(agent, ACTIONS[index], (self.possible_agents[seat],)))
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
        draw = game.winner == "draw" or game.ended is not None  # nobody alive, or nobody won (a stalemate)
        for agent in self.agents:
            if game.over:
                self.terminations[agent] = True
                self.rewards[agent] = 0.0 if draw else (1.0 if agent in winners else -1.0)
            else:
                self.truncations[agent] = True
            self.infos[agent] = {"winner": game.winner}
        self.agent_selection = self.agents[0]
        self._accumulate_rewards()  # cleared again by the agents' last (dead) steps

    def action_mask(self, agent: str) -> NDArray[np.int8]:
        """What the agent may play now: nothing unless it is his turn; by day pass, blue or a red vote for
        a living seat; at night pass or a single-target action on a seat his choices offer for it."""
        game = self.game
        if game is None or game.over or agent not in self._queue[:1]:
            return np.zeros(action_count(len(self.possible_agents)), dtype=np.int8)
        if self._mask is None or self._mask[0] != self._turn:  # one reading of the choices a turn
            if game.phase.kind is PhaseKind.DAY:  # everybody's the same all day
                day = self._mask if self._mask is not None and self._mask[2] == len(game.results) else None
                mask = self._day_mask(game) if day is None else day[1]
            else:
                mask = self._night_mask(game, agent)
            self._mask = (self._turn, mask, len(game.results))
        return self._mask[1].copy()

    def _day_mask(self, game: Game) -> NDArray[np.int8]:
        mask = np.zeros(action_count(len(self.possible_agents)), dtype=np.int8)
        mask[PASS] = mask[VOTE_BLUE] = 1
        for name in game.alive():
            mask[VOTE_RED + self.seat[name]] = 1
        return mask

    def _night_mask(self, game: Game, agent: str) -> NDArray[np.int8]:
        n = len(self.possible_agents)
        mask = np.zeros(action_count(n), dtype=np.int8)
        mask[PASS] = 1
        seat = self.seat
        for action in game.actions_of(agent):  # of his choices, those of the actions a mask offers
            index = _ACTION_INDEX.get(action.id)
            if index is None:
                continue
            choice = game.choice(agent, action.id)
            if choice is None or 1 not in choice.counts:
                continue
            base = VOTE_RED + n + index * n
            for name in choice.slots[0]:
                mask[base + seat[name]] = 1
        return mask

    def _observation(self, agent: str) -> NDArray[np.float32]:
        return self._observers[agent].observe(self._game()).copy()

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


class _Observer:
    """One agent's observation vector, kept between his observations: each brings it up to date from his
    view of the phases since the last one (`Game.view(name, since)`), writing only what changed."""

    __slots__ = ("agent", "alive", "blocks", "boss", "clan", "known", "order", "phases", "places", "role",
                 "vector", "votes")

    def __init__(self, blocks: dict[str, int], agent: str, vector: NDArray[np.float32]) -> None:
        self.agent = agent
        self.blocks = blocks  # where each seat's block begins in the vector
        self.vector = vector  # the seat's one-hot already written
        self.phases = -1  # the phases read; none yet, not even the deal
        self.order: list[int] = []  # the blocks in the order of the view's seats (the same all game)
        self.places: NDArray[np.intp] = np.zeros(0, dtype=np.intp)  # the same, to write all seats at once
        self.role: str | None = None
        self.alive: list[bool] = []
        self.known: list[str | None] = []  # the role he knows each seat has (had), in the seats' order
        self.clan: set[str] = set()
        self.boss: str | None = None
        self.votes: list[str] = []  # the seats whose last day's share of votes is written

    def observe(self, game: Game) -> NDArray[np.float32]:
        phases = len(game.results)
        if phases != self.phases:
            self._read(game, phases)
        return self.vector

    def _read(self, game: Game, phases: int) -> None:
        view = game.view(self.agent, since=max(self.phases, 0))
        vector, blocks = self.vector, self.blocks
        n, roles = len(blocks), len(ROLE_IDS)
        if not self.order:
            self.order = [blocks[place.name] for place in view.seats]
            self.places = np.array(self.order, dtype=np.intp)
            self.known = [None] * n
        if view.role != self.role:
            if self.role is not None:
                vector[n + _ROLE_INDEX[self.role]] = 0.0
            vector[n + _ROLE_INDEX[view.role]] = 1.0
            self.role = view.role
        at = n + roles
        vector[at] = 1.0 if view.phase == "night" else 0.0
        vector[at + 1] = 1.0 if view.phase == "day" else 0.0
        vector[at + 2] = min(view.phase_number, PHASE_SCALE) / PHASE_SCALE
        alive = [place.alive for place in view.seats]
        if alive != self.alive:
            vector[self.places] = alive
            self.alive = alive
        known = self.known
        for index, place in enumerate(view.seats):
            role = place.role
            if role is not None and role != known[index]:
                block = self.order[index] + 1
                old = known[index]
                if old in _ROLE_INDEX:
                    vector[block + _ROLE_INDEX[old]] = 0.0
                if role in _ROLE_INDEX:
                    vector[block + _ROLE_INDEX[role]] = 1.0
                known[index] = role
        rest = 1 + roles
        if view.clan.keys() != self.clan:
            clan = set(view.clan)
            for name in self.clan - clan:
                vector[blocks[name] + rest + _CLAN] = 0.0
            for name in clan - self.clan:
                vector[blocks[name] + rest + _CLAN] = 1.0
            self.clan = clan
        if view.boss != self.boss:
            if self.boss is not None:
                vector[blocks[self.boss] + rest + _BOSS] = 0.0
            if view.boss is not None:
                vector[blocks[view.boss] + rest + _BOSS] = 1.0
            self.boss = view.boss
        for entry in view.log:
            kind = entry.get("type")
            if kind == "info" and entry.get("kind") == "check":
                block = blocks[entry["target"]] + rest
                vector[block + _MAFIA] = vector[block + _NOT_MAFIA] = 0.0
                if entry["result"] in _CHECKED:
                    vector[block + _CHECKED[entry["result"]]] = 1.0
            elif kind == "exposed":
                vector[blocks[entry["player"]] + rest + _EXPOSED] = 1.0
            elif kind == "votes":
                self._last_votes(entry["votes"])
        self.phases = phases

    def _last_votes(self, votes: dict[str, str]) -> None:
        """The share of red votes each seat received on the last day (the earlier day's are cleared)."""
        vector, blocks, at = self.vector, self.blocks, 1 + len(ROLE_IDS) + _VOTES
        for name in self.votes:
            vector[blocks[name] + at] = 0.0
        received: dict[str, int] = {}
        for choice in votes.values():
            if choice in blocks:
                received[choice] = received.get(choice, 0) + 1
        for name, count in received.items():
            vector[blocks[name] + at] = count / len(blocks)
        self.votes = list(received)


def env(setup: Setup | str = "classic-12", render_mode: str | None = None,
        max_phases: int = MAX_PHASES) -> RankedMafiaEnv:
    """The environment (PettingZoo's naming: `env()` builds one)."""
    return RankedMafiaEnv(setup, render_mode, max_phases)
