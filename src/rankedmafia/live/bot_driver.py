"""The bots of a live game: on each of the service's ticks, every bot seat the game waits for acts once its
pause is over, through the same builders and the same log as a person's command.

What a bot sends is decided by its policy (bots/: heuristic or random) from what its player may know: the
policy plays on a copy of the Game, reading the player's view and the Game's choices for him
(`Game.choices`, `Game.vote_choice`, the follow-up step's list), and the command it sent there is taken
back to the live game as `act_build`, `vote_build` or `pass_build`, where it is checked again.

Nothing here is remembered between ticks but what the log holds: whom the game waits for (`Game.awaiting`,
the follow-up step), when the turn opened (`LiveGame.turn_started`) and the game's seed. Each bot's pause
and its policy's draws come from a generator seeded by the game's seed, the seat and the turn, so that a
process started after a kill -9 finds the same moves pending and makes each once: a move already in the
log takes the seat off the waiting list, and the build checks that again under the game's lock.
"""

from __future__ import annotations

import logging
import pickle
import random
from dataclasses import dataclass
from typing import Any

from rankedmafia.bots import make_policy
from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.posts import clan_channels, phase_label
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseKind

log = logging.getLogger("rankedmafia.live.bots")
CLAN_KILLS = frozenset({"kill", "kill_intimidate", "vote_kill"})  # the clan's kill, as the boss or by vote
CHAT_LINES = ("Моя цель — {target}.", "Предлагаю: {target}.", "Этой ночью — {target}.", "Выбор сделан: {target}.")


def turn(live: LiveGame) -> str:
    """The present turn: the phase, and whether it is the night's follow-up step."""
    assert live.game is not None
    phase = live.game.phase
    return f"{phase.kind.value}:{phase.number}:{'follow-up' if live.following else 'main'}"


def waiting_bots(live: LiveGame) -> list[str]:
    """The policy bots' seats the game waits for now, as it would wait for people (an AI seat is not one:
    ai/live.py plays it)."""
    game = live.game
    if live.status != "running" or game is None or game.over or not live.bots:
        return []
    bots = {name for name in live.bots if live.ai_agent(name) is None}
    if live.following:
        step = live.asked()
        return [step.player] if step is not None and step.player in bots else []
    return [name for name in game.awaiting() if name in bots]


def pause(live: LiveGame, name: str, least: float, most: float) -> float:
    """This bot's pause in the present turn: drawn between `least` and `most`, never past half the turn."""
    assert live.game is not None
    length = live.follow_up_duration() if live.following else live.duration(live.game.phase.kind)
    most = min(most, length / 2)
    least = min(least, most)
    return random.Random(f"{live.row.seed}|pause|{name}|{turn(live)}").uniform(least, most)


def due_at(live: LiveGame, name: str, least: float, most: float) -> float:
    return (live.turn_started or 0.0) + pause(live, name, least, most)


def decide(live: LiveGame, name: str) -> dict[str, Any] | None:
    """The command the seat's policy sends this turn (as the Game's log writes it), or None for nothing."""
    game = live.game
    assert game is not None
    sandbox: Game = pickle.loads(pickle.dumps(game))  # the policy plays on a copy; the live game is the log's
    before = len(sandbox.commands)
    policy = make_policy(live.bots[name], random.Random(f"{live.row.seed}|move|{name}|{turn(live)}"))
    if live.following:
        step = sandbox.follow_up_step()
        if step is None or step.player != name:
            return None
        policy.revive(sandbox, name, list(step.told))
    elif game.phase.kind is PhaseKind.NIGHT:
        policy.act(sandbox, name)
    else:
        policy.vote(sandbox, name)
    sent = [c for c in sandbox.commands[before:]
            if c.get("type") in ("act", "vote") and name in (c.get("actor"), c.get("voter"))]
    return sent[-1] if sent else None


def command_build(name: str, command: dict[str, Any] | None, following: bool) -> cmd.Build | None:
    """The builder a person's command of the same kind goes through."""
    if command is None:
        return cmd.pass_build(name) if following else None
    if command["type"] == "vote":
        return cmd.vote_build(name, command["choice"])
    return cmd.act_build(Act.from_fields({**command, "actor": name}))


def bot_build(name: str, expected_turn: str, least: float, most: float) -> cmd.Build:
    """The bot's move, decided and checked under the game's lock: nothing if the game no longer waits for
    it (another process, or this one before a restart, already logged it) or its pause is not over."""

    def build(live: LiveGame, now: float) -> cmd.Outcome:
        if name not in waiting_bots(live) or turn(live) != expected_turn or now < due_at(live, name, least, most):
            return cmd.Outcome()
        command = decide(live, name)
        inner = command_build(name, command, live.following)
        if inner is None:
            return cmd.Outcome(value="idle")
        chats = clan_channels(live, name)  # before the act: it may end the night
        line = None
        if command is not None and command.get("action") in CLAN_KILLS and chats:
            line = ClanLine(chats[0], phase_label(live), chat_line(live, name, command.get("targets", [])))
        outcome = inner(live, now)
        outcome.value = line
        return outcome

    return build


@dataclass(frozen=True, slots=True)
class ClanLine:
    """A mafia bot's line to its clan, as of the night it chose the kill in."""

    channel: str
    phase: str
    text: str


def chat_line(live: LiveGame, name: str, targets: list[str]) -> str:
    """What a mafia bot tells its clan when it has chosen the kill: the victims' nicknames, nothing else."""
    rng = random.Random(f"{live.row.seed}|chat|{name}|{turn(live)}")
    return rng.choice(CHAT_LINES).format(target=", ".join(live.nickname(target) for target in targets))


def drive_bots(service: svc.GameService) -> svc.GameService:
    """Lets the bots of this service's games play on its ticks (every front end that runs ticks calls it)."""
    if play_bots not in service.on_tick:
        service.on_tick.append(play_bots)
    return service


async def play_bots(service: svc.GameService) -> int:
    """Every bot whose pause is over, in every running game with bots, makes its move; returns how many.
    `service.idle_bots` keeps the turns in which a bot's policy chose to send nothing, so that it is not
    asked again until the turn ends: only a saving, since the same seeded policy would choose the same."""
    game_ids = await service.store.running_with("bots")
    kept = set(game_ids)
    service.idle_bots = {idle for idle in service.idle_bots if idle[0] in kept}
    moved = 0
    for game_id in game_ids:
        try:
            moved += await _play_game(service, game_id)
        except Exception:
            log.exception("the bots of %s failed", game_id)
    return moved


async def _play_game(service: svc.GameService, game_id: str) -> int:
    least, most = service.bot_pause
    moved = 0
    live = await service.get(game_id)
    for name in waiting_bots(live):
        key = turn(live)
        if (game_id, name, key) in service.idle_bots or service.clock() < due_at(live, name, least, most):
            continue
        live, outcome = await service.execute(game_id, bot_build(name, key, least, most))
        if outcome.value == "idle":
            service.idle_bots.add((game_id, name, key))
        if not outcome.entries:
            continue
        moved += 1
        if isinstance(outcome.value, ClanLine):
            await _tell_clan(service, live, name, outcome.value)
    return moved


async def _tell_clan(service: svc.GameService, live: LiveGame, name: str, line: ClanLine) -> None:
    """Once the kill is logged (by this process: so never twice), under the night it was chosen in, even
    if the kill ended that night. A line lost to a crash just now is only a missing chat line."""
    await service.store.add_post(live.id, line.channel, name, line.phase, line.text, service.clock())
    service.hub.publish(live.id)
