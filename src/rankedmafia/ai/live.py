"""The AI seats of live games, played by the service itself on its ticks (`drive_ai`, beside the bots'
`live/bot_driver.drive_bots`): night actions, the reanimator's follow-up step, clan lines by night, posts
in the thread by day, day votes (docs/ai.md, "Live games").

A tick never waits for a model. Each decision is an asyncio task keyed (game, seat, turn, kind), started
once while it is in flight; the prompt is built from a copy of the Game taken when the task starts (the
seat's view and choices only: `PromptBuilder`), the model is asked outside the game's lock, and the answer
goes through `service.execute` with a build that checks, under the lock, that the game still waits for
that seat in the same turn, through the builders a person's command takes. The engine's refusal there is
an invalid answer (the seat passes), never a crash. A decision's deadline is the phase's, less a margin,
and never past the agent's own `deadline`.

The order, a rule of ours:
- By night each AI member of a clan that has someone to talk to writes one line in its chat (kind CLAN)
  before his action (kind NIGHT), which he then sends with the chat so far in his prompt. The boss writes
  and acts last: he waits until the clan's other AI members have written, or until `boss_share` of the
  night has passed.
- By day one AI post is in flight per game at a time; `talk.Floor` over the living AI seats says who speaks
  (a seat a person addressed by name first). An AI seat votes once the floor has nothing more for it (his
  quota used, or he gave up the floor, or nobody is given the word) or `vote_share` of the day has passed;
  he may still answer later if addressed, quota permitting.

Nothing is remembered but what the store holds. Every decision is kept in `rm_ai_turns` (with the command
it sent in the same transaction as the command, `Append.also`, and a post's with the post); a clan line
or a post counts as written once it is in the store's posts. So a service started after a kill -9 finds
what is still awaited and asks again, and sends or posts nothing twice: a command the log already holds
takes the seat off the waiting list, a line in the chat is not written again, a post in the thread counts
against the floor. One process drives a game's AI seats (the site's, or the Telegram bot's).
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rankedmafia.ai.client import ChatClient
from rankedmafia.ai.config import AgentConfig
from rankedmafia.ai.live_talk import THREAD, conversation, day_floor, done_talking
from rankedmafia.ai.player import AIPlayer, Turn
from rankedmafia.ai.prompt import CLAN, NIGHT, POST, REVIVE, VOTE, PromptBuilder
from rankedmafia.ai.talk import Conversation
from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.bot_driver import command_build, turn
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.posts import add_post, phase_label
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import PhaseKind
from rankedmafia.store import Store
from rankedmafia.text.refusals import refusal_text

log = logging.getLogger("rankedmafia.ai.live")
Key = tuple[str, str, str, str]  # game, seat ("" for the day's one post in flight), turn, kind
KEPT = ("seat", "kind", "turn", "post", "bid", "applied", "moot")  # what the driver reads back of a turn


@dataclass(frozen=True, slots=True)
class Timing:
    margin: float = 1.0  # seconds before the phase's deadline a decision must be in
    vote_share: float = 0.5  # of the day: then an AI seat votes even with something left to say
    boss_share: float = 1 / 3  # of the night: then a boss writes and acts without his clan's lines


DRIVERS: weakref.WeakKeyDictionary[svc.GameService, AIDriver] = weakref.WeakKeyDictionary()


def drive_ai(service: svc.GameService, agents: Sequence[AgentConfig],
             clients: Mapping[str, ChatClient] | None = None, timing: Timing = Timing()) -> svc.GameService:
    """Lets the service play every AI seat of its running games on its ticks, and offers `agents` (the AI
    ones) to the games it creates. `clients`: a model client per agent name (made from the config if not)."""
    if service in DRIVERS:
        return service
    driver = AIDriver(service, agents, clients or {}, timing)
    DRIVERS[service] = driver
    service.ai_agents = tuple(driver.players)
    service.on_tick.append(driver.tick)
    return service


def driver_of(service: svc.GameService) -> AIDriver | None:
    return DRIVERS.get(service)


class AIDriver:
    def __init__(self, service: svc.GameService, agents: Sequence[AgentConfig],
                 clients: Mapping[str, ChatClient], timing: Timing) -> None:
        from rankedmafia.ai.arena import make_client  # the one place that knows the fake model's url

        self.service = service
        self.timing = timing
        self.players: dict[str, AIPlayer] = {}
        self._own: list[ChatClient] = []
        for config in agents:
            if not config.is_ai:
                continue
            client = clients.get(config.name)
            if client is None:
                client = make_client(config)
                self._own.append(client)
            self.players[config.name] = AIPlayer(config, client)
        self.tasks: dict[Key, asyncio.Task[None]] = {}
        self.kept: dict[str, list[dict[str, Any]]] = {}  # game -> its turns (the fields in KEPT), from the store
        self._failed: set[Key] = set()  # a decision that crashed: not asked again by this process this turn
        self._applied = 0

    # --- the tick -----------------------------------------------------------------------------------
    async def tick(self, service: svc.GameService) -> int:
        """Starts the decisions due in every running game with AI seats; returns how many decisions were
        applied since the last tick."""
        game_ids = await service.store.running_with("ai")
        running = set(game_ids)
        self.kept = {game_id: kept for game_id, kept in self.kept.items() if game_id in running}
        self._failed = {key for key in self._failed if key[0] in running}
        for game_id in game_ids:
            try:
                await self._game(game_id)
            except Exception:
                log.exception("the AI seats of %s failed", game_id)
        applied, self._applied = self._applied, 0
        return applied

    async def idle(self) -> None:
        """Waits until no decision is in flight (tests; a clean stop)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
        await asyncio.gather(*list(self.tasks.values()), return_exceptions=True)
        for client in self._own:
            await client.close()

    async def _kept(self, game_id: str) -> list[dict[str, Any]]:
        kept = self.kept.get(game_id)
        if kept is None:
            turns = await self.service.store.ai_turns(game_id)
            kept = self.kept[game_id] = [{k: t.get(k) for k in KEPT} for t in turns]
        return kept

    def _decided(self, kept: Sequence[Mapping[str, Any]], seat: str, key: str, kind: str) -> bool:
        return any(t["seat"] == seat and t["turn"] == key and t["kind"] == kind and not t.get("moot") for t in kept)

    async def _game(self, game_id: str) -> None:
        live = await self.service.get(game_id)
        game = live.game
        if live.status != "running" or game is None or game.over:
            return
        seats = {name: agent for name, agent in live.ai_seats().items() if agent in self.players}
        if not seats:
            return
        key = turn(live)
        kept = await self._kept(game_id)
        if live.following:
            step = live.asked()
            if step is not None and step.player in seats and not self._decided(kept, step.player, key, REVIVE):
                self._start(live, step.player, key, REVIVE, None)
        elif game.phase.kind is PhaseKind.NIGHT:
            await self._night(live, game, seats, key, kept)
        else:
            await self._day(live, game, seats, key, kept)

    # --- night --------------------------------------------------------------------------------------
    async def _night(self, live: LiveGame, game: Game, seats: Mapping[str, str], key: str,
                     kept: Sequence[Mapping[str, Any]]) -> None:
        living = set(game.alive())
        label = phase_label(live)
        clans: dict[str, list[str]] = {}  # clan -> the AI members who write in it tonight
        bosses: dict[str, str | None] = {}
        for name in live.names():
            if name not in seats or name not in living or self.players[seats[name]].config.posts_per_day == 0:
                continue
            view = game.view(name)
            if sum(1 for member in view.clan if member in living) < 2:
                continue  # nobody to talk to
            for clan in view.clans:
                clans.setdefault(clan, []).append(name)
                bosses[clan] = view.bosses.get(clan)
        channels = [f"clan:{clan}" for clan in clans]
        posts = await self.service.store.posts(live.id, [THREAD, *channels])
        talk = conversation(live.names(), posts, kept)
        pending: dict[str, set[str]] = {}
        for clan, members in clans.items():
            channel = f"clan:{clan}"
            pending[clan] = {name for name in members
                             if not any(p.author == name and p.channel == channel and p.phase == label for p in posts)
                             and not self._decided(kept, name, key, channel)}
        late = self._share(live, PhaseKind.NIGHT) >= self.timing.boss_share

        def waits_for_clan(name: str) -> bool:
            """The boss writes and acts last, unless the night is late."""
            return not late and any(bosses.get(clan) == name and waiting - {name}
                                    for clan, waiting in pending.items())

        for clan, waiting in pending.items():
            for name in sorted(waiting, key=live.names().index):
                if not waits_for_clan(name):
                    self._start(live, name, key, f"clan:{clan}", talk)
        awaiting = set(game.awaiting())
        for name in seats:
            if name not in awaiting or self._decided(kept, name, key, NIGHT):
                continue
            if any(name in waiting for waiting in pending.values()) or waits_for_clan(name):
                continue  # his line first, and the boss after the others'
            self._start(live, name, key, NIGHT, talk)

    # --- day ----------------------------------------------------------------------------------------
    async def _day(self, live: LiveGame, game: Game, seats: Mapping[str, str], key: str,
                   kept: Sequence[Mapping[str, Any]]) -> None:
        living = set(game.alive())
        posts = await self.service.store.posts(live.id, [THREAD])
        talk = conversation(live.names(), posts, kept)
        quota = {name: self.players[seats[name]].config.posts_per_day for name in live.names()
                 if name in seats and name in living and self.players[seats[name]].config.posts_per_day > 0}
        floor = day_floor(list(quota), quota, game.phase.number, talk, kept, key)
        speaking = (live.id, "", key, POST) in self.tasks
        speaker = None if speaking else floor.next_speaker(talk)
        if speaker is not None:
            self._start(live, speaker, key, POST, talk, tuple(floor.addressed(talk, speaker)))
        floor_over = not speaking and speaker is None
        late = self._share(live, PhaseKind.DAY) >= self.timing.vote_share
        awaiting = set(game.awaiting())
        for name in seats:
            if name not in awaiting or self._decided(kept, name, key, VOTE) or name == speaker:
                continue
            if late or floor_over or done_talking(floor, talk, name):
                self._start(live, name, key, VOTE, talk)

    def _share(self, live: LiveGame, kind: PhaseKind) -> float:
        length = live.duration(kind)
        started = live.turn_started if live.turn_started is not None else self.service.clock()
        return (self.service.clock() - started) / length if length > 0 else 1.0

    # --- one decision -------------------------------------------------------------------------------
    def _start(self, live: LiveGame, name: str, key: str, kind: str, talk: Conversation | None,
               addressed: tuple[str, ...] = ()) -> None:
        task_key: Key = (live.id, "" if kind == POST else name, key, kind)
        if task_key in self.tasks or task_key in self._failed:
            return
        agent = live.ai_agent(name)
        assert agent is not None and live.game is not None
        player = self.players[agent]
        deadline = self._deadline(live, player)
        if deadline is None:
            return  # too late in this phase for an answer to arrive in time
        sandbox: Game = pickle.loads(pickle.dumps(live.game))  # the prompt's game: the live one moves on
        task = asyncio.create_task(self._decide(live.id, task_key, name, key, kind, player, PromptBuilder(sandbox),
                                                talk, addressed, deadline))
        self.tasks[task_key] = task
        task.add_done_callback(lambda _done: self.tasks.pop(task_key, None))

    def _deadline(self, live: LiveGame, player: AIPlayer) -> float | None:
        """The decision's deadline on the client's clock: the phase's less the margin, at most the agent's."""
        left = player.config.deadline
        if live.deadline is not None:
            left = min(left, live.deadline - self.service.clock() - self.timing.margin)
        return player.client.clock() + left if left > 0 else None

    async def _decide(self, game_id: str, task_key: Key, name: str, key: str, kind: str, player: AIPlayer,
                      builder: PromptBuilder, talk: Conversation | None, addressed: tuple[str, ...],
                      deadline: float) -> None:
        asked = CLAN if kind.startswith("clan:") else kind
        try:
            decided = await player.decide(builder, name, asked, talk, addressed, deadline,
                                          clan=kind[len("clan:"):] if kind.startswith("clan:") else None)
            body = {**decided.as_json(), "kind": kind, "turn": key, "applied": False}
            if asked in (NIGHT, REVIVE, VOTE):
                await self._apply(game_id, name, key, decided, body, player.config.lang)
            else:
                await self._post(game_id, name, key, kind, decided, body, player.config.lang)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._failed.add(task_key)
            log.exception("the AI seat %s of %s failed to decide", name, game_id)

    async def _apply(self, game_id: str, name: str, key: str, decided: Turn, body: dict[str, Any],
                     lang: str) -> None:
        inner = command_build(name, decided.command, decided.kind == REVIVE)
        if inner is None:  # he passes: nothing to send
            await self._keep(game_id, name, body)
            return
        body["applied"] = True
        try:
            _live, outcome = await self.service.execute(
                game_id, ai_build(name, key, decided.kind, inner),
                also=Store.ai_turn_job(game_id, name, body, self.service.clock()))
        except RuleViolation as error:  # the engine refused it: an invalid answer, and the seat passes
            body.update(applied=False, command=None, passed=True, invalid=decided.invalid + 1,
                        refusals=[*decided.refusals, refusal_text(error, lang)])
            await self._keep(game_id, name, body)
            return
        except Refusal as error:  # the game's state (paused, over): not his doing; asked again if it waits
            body.update(applied=False, moot=True, refusals=[*decided.refusals, refusal_text(error, lang)])
            await self._keep(game_id, name, body)
            return
        if outcome.entries:
            self._applied += 1
            self._remember(game_id, name, body)
        else:  # the game no longer waits for him in that turn (the deadline, or a restart's twin)
            body.update(applied=False, moot=True)
            await self._keep(game_id, name, body)

    async def _post(self, game_id: str, name: str, key: str, kind: str, decided: Turn, body: dict[str, Any],
                    lang: str) -> None:
        if decided.post:
            live = await self.service.get(game_id)
            if live.status != "running" or turn(live) != key:
                body["moot"] = True  # the phase is over: a post about it would come too late
            else:
                clan = kind[len("clan:"):] if kind.startswith("clan:") else None
                kept = {**body, "applied": True}
                try:  # the post and its turn in one transaction: a restart sees both or neither
                    await add_post(self.service, live, name, "clan" if clan else "thread", decided.post, clan=clan,
                                   also=Store.ai_turn_job(game_id, name, kept, self.service.clock()))
                except Refusal as error:
                    body["refusals"] = [*decided.refusals, refusal_text(error, lang)]
                else:
                    self._applied += 1
                    self._remember(game_id, name, kept)
                    self.service.hub.publish(game_id)
                    return
        await self._keep(game_id, name, body)

    async def _keep(self, game_id: str, name: str, body: dict[str, Any]) -> None:
        await self.service.store.add_ai_turn(game_id, name, body, self.service.clock())
        self._remember(game_id, name, body)

    def _remember(self, game_id: str, name: str, body: Mapping[str, Any]) -> None:
        kept = self.kept.get(game_id)
        if kept is not None:
            kept.append({k: (name if k == "seat" else body.get(k)) for k in KEPT})


def ai_build(name: str, expected_turn: str, kind: str, inner: cmd.Build) -> cmd.Build:
    """The AI seat's command, checked under the game's lock: nothing if the game no longer waits for him
    in the turn he was asked in (the deadline passed, or it was logged before a restart)."""

    def build(live: LiveGame, now: float) -> cmd.Outcome:
        game = live.game
        if live.status != "running" or game is None or turn(live) != expected_turn:
            return cmd.Outcome()
        if kind == REVIVE:
            step = live.asked()
            if step is None or step.player != name:
                return cmd.Outcome()
        elif name not in game.awaiting():
            return cmd.Outcome()
        return inner(live, now)

    return build
