"""The game service: every command to a game, taken one at a time per game, acknowledged once committed.

A command is checked by applying it to the cached game (the engine refuses without changing anything),
written to the log with the head it was built on, and only then acknowledged. If another server process
appended first, the cache is dropped, rebuilt from the log and the command tried again. Phases move on by
themselves: a phase ends once the Game waits for nobody (`Game.awaiting`: by night every action in, the
clan's boss's included; by day every vote offered cast), or at its deadline (checked by `tick`, which any
process may run: the log decides who was first). Where the setup holds a reanimator, every night then has
the Game's follow-up step (`follow_up`), a pause of the same length for everyone that ends only at its own
deadline (or by the host), whether he lives and whether anyone died (RULINGS.md, "Live play").
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import pickle
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rankedmafia.live.ai_seats import ai_option
from rankedmafia.live.bot_seats import NO_BOTS, bot_option
from rankedmafia.live.commands import Build, Outcome, deadline_build, setup_mapping, sex_build
from rankedmafia.live.errors import NotFound, Refusal
from rankedmafia.live.hub import Hub
from rankedmafia.live.live_game import FOLLOW_UP_SECONDS, LiveGame, replay
from rankedmafia.live.nicknames import seat_nickname
from rankedmafia.live.tokens import new_game_id, new_token, token_hash
from rankedmafia.rules.errors import SetupError
from rankedmafia.setup import Setup
from rankedmafia.store import Conflict, GameRow, LogEntry, Store
from rankedmafia.store.log import Append
from rankedmafia.store.writer import Job

log = logging.getLogger("rankedmafia.live")
SNAPSHOT_EVERY = 64
ATTEMPTS = 5
BOT_PAUSE = (4.0, 25.0)
POST_MAX = 2000
TAKEN = "taken"  # a command's outcome value when its one-time token was already taken: nothing changed


def _engine_version() -> str:
    """Snapshots are only trusted from the same rules code: a digest of its sources."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted([*(root / "rules").rglob("*.py"), root / "setup.py"]):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


ENGINE = _engine_version()


class GameService:
    def __init__(self, store: Store, hub: Hub, clock: Callable[[], float] = time.time, origin: str = "",
                 follow_up_seconds: int = int(FOLLOW_UP_SECONDS),
                 bot_pause: tuple[float, float] = BOT_PAUSE) -> None:
        self.store = store
        self.bot_pause = bot_pause  # a bot's least and most pause before it acts (never past half its turn)
        self.idle_bots: set[tuple[str, str, str]] = set()  # (game, seat, turn): its policy sent nothing
        # Run after the deadlines on every tick: the bots' driver (live/bot_driver.py), which a front end adds
        self.on_tick: list[Callable[[GameService], Awaitable[int]]] = []
        # The agents a game may seat as AI players (ai/live.py's `drive_ai` sets them; none by default)
        self.ai_agents: tuple[str, ...] = ()
        self.follow_up_seconds = follow_up_seconds
        self.hub = hub
        self.clock = clock
        self.origin = origin or new_token()[:8]
        self._cache: dict[str, LiveGame] = {}
        self._tokens: dict[str, tuple[str, str]] = {}
        self._pending: set[asyncio.Task[None]] = set()
        # Asked before an anonymous join (one without a token of the caller's): a ranked game refuses it.
        self.join_guard: Callable[[str], Awaitable[None]] | None = None

    # --- loading ----------------------------------------------------------------------------------
    async def get(self, game_id: str) -> LiveGame:
        live = self._cache.get(game_id)
        if live is not None and not live.stale:
            return live
        row = await self.store.game(game_id)
        if row is None:
            raise NotFound()
        seats = {s.name: s for s in await self.store.seats(game_id)}
        live = LiveGame(row, seats)
        snap = await self.store.snapshot(game_id, ENGINE, row.head)
        after = 0
        if snap is not None:
            try:
                live.restore(pickle.loads(snap[1]))  # our own snapshot of our own engine (see ENGINE)
                after = snap[0]
            except Exception:
                live = LiveGame(row, seats)
        replay(live, await self.store.log(game_id, after))
        current = self._cache.get(game_id)
        if current is not None and not current.stale and current.head >= live.head:
            return current
        self._cache[game_id] = live
        return live

    def status(self, game_id: str) -> str | None:
        """A game's status if this process holds it (None: it does not, so it cannot tell)."""
        live = self._cache.get(game_id)
        return None if live is None or live.stale else live.status

    def evict(self, live: LiveGame) -> None:
        live.stale = True
        if self._cache.get(live.id) is live:
            del self._cache[live.id]

    async def catch_up(self, game_id: str, head: int) -> None:
        """Another process changed this game: bring the cached copy up to its log (or drop it)."""
        live = self._cache.get(game_id)
        if live is None:
            return
        async with live.lock:
            try:
                if head < 0 or live.status == "lobby":
                    live.seats = {s.name: s for s in await self.store.seats(game_id)}
                if head > live.head:
                    entries = await self.store.log(game_id, live.head)
                    replay(live, entries)
                    if any(e.type == "replace" for e in entries):
                        live.seats = {s.name: s for s in await self.store.seats(game_id)}
            except Exception:
                log.exception("catch-up of %s failed; dropping the cached copy", game_id)
                self.evict(live)

    # --- the one way to change a game -------------------------------------------------------------
    async def execute(self, game_id: str, build: Build, also: Job | None = None,
                      once: str | None = None) -> tuple[LiveGame, Outcome]:
        """`also`: a front end's own writes (the Telegram bot's claimed update and keyboards), committed in
        the same transaction as the command's entries, if it adds any (if it raises, nothing is).
        `once`: the command's one-time token (a form's hidden field, the API's Idempotency-Key): a command
        whose token was already taken changes nothing and answers `TAKEN` (its outcome's value).

        Commands on one game are serialised: in one process by the game's lock, across processes by the
        log's head (the append names the head it was built on and is refused if another process appended
        first, in the same transaction as the game's row is updated). After such a conflict the command is
        built again on the freshest log, so it is checked against the state it will land in: the phase it
        carries, its token, the engine's rules."""
        for _ in range(ATTEMPTS):
            live = await self.get(game_id)
            async with live.lock:
                if live.stale:
                    continue
                if once and await self.store.is_taken(game_id, once):
                    return live, Outcome(value=TAKEN)
                now = self.clock()
                base = live.head
                outcome = build(live, now)  # refusals raise here, before anything changed
                if not outcome.entries:
                    return live, outcome
                entries = [LogEntry(base + i + 1, kind, body, now) for i, (kind, body) in enumerate(outcome.entries)]
                writes = self.store.take_job(game_id, once, now, also) if once else also
                try:
                    await self.store.append(Append(live.id, base, entries, live.status, live.deadline, outcome.seat,
                                                    also=writes, joined=outcome.joined))
                except Conflict:
                    self.evict(live)
                    continue
                except BaseException:
                    self.evict(live)
                    raise
                live.head = entries[-1].seq
                if live.head // SNAPSHOT_EVERY != base // SNAPSHOT_EVERY:  # off the command's path
                    self._pending.add(task := asyncio.create_task(
                        self._snapshot(live.id, live.head, pickle.dumps(live.snapshot_state()))))
                    task.add_done_callback(self._pending.discard)
            self.hub.publish(game_id)
            return live, outcome
        raise Refusal("busy", 503)

    async def _snapshot(self, game_id: str, head: int, data: bytes) -> None:
        try:
            await self.store.save_snapshot(game_id, head, ENGINE, data)
        except Exception:
            log.exception("snapshot of %s failed", game_id)

    # --- lobby ------------------------------------------------------------------------------------
    async def create(self, title: str, setup: Setup, night_seconds: int, day_seconds: int,
                     follow_up_seconds: int | None = None, listed: bool = False,
                     ranked: bool = False, bots: str = NO_BOTS, ai: Sequence[str] = (),
                     house: dict[str, Any] | None = None) -> tuple[str, str]:
        """A new game in its lobby; returns (game id, the host's admin token). `listed`: shown in the
        site's list of open games (otherwise found by its link only); `ranked`: marked so in that list;
        `bots`: the policy bots fill the seats still empty at the start with (heuristic | random), or none;
        `ai`: the agent of each AI seat (one entry a seat, of `ai_agents`), seated before the bots; `house`:
        house options kept with the game (`replace_absent`: live/absence.py)."""
        from rankedmafia.rules.chance import commitment

        try:
            bots = bot_option(bots)
        except ValueError:
            raise Refusal("bad_bots", 422) from None
        agents = ai_option(ai, self.ai_agents, setup.players, ranked)
        admin = new_token()
        seed = new_token()
        row = GameRow(
            id=new_game_id(),
            admin_hash=token_hash(admin),
            title=title.strip() or setup.name,
            setup=setup_mapping(setup),
            options={"night_seconds": night_seconds, "day_seconds": day_seconds, "chance": "seeded",
                     "follow_up_seconds": follow_up_seconds or self.follow_up_seconds,
                     "listed": listed, "ranked": ranked, **({"bots": bots} if bots != NO_BOTS else {}),
                     **({"ai": agents} if agents else {}), **(house or {})},
            seed=seed,
            commitment=commitment(seed),
            created_at=self.clock(),
        )
        await self.store.create_game(row)
        if listed:
            self.hub.publish(row.id)  # the lobby's list grows
        return row.id, admin

    async def join(self, game_id: str, nickname: str, sex: str | None = None,
                   token: str | None = None) -> tuple[LiveGame, str]:
        """A seat in the lobby; `token` is the seat's secret if the caller made it (an account's seat)."""
        if token is None and self.join_guard is not None:
            await self.join_guard(game_id)
        live = await self.get(game_id)
        token = token or new_token()
        async with live.lock:
            if live.status != "lobby":
                raise Refusal("lobby_closed")
            try:
                seat = await self.store.join(game_id, nickname, token_hash(token), self.clock(), live.setup.players,
                                             lambda seated: seat_nickname(nickname, seated))
            except Conflict as conflict:
                raise Refusal(conflict.reason, 409, name=nickname) from None
            live.seats[seat.name] = seat
            self._tokens[seat.token_hash] = (game_id, seat.name)  # his first page needs no lookup
        if sex is not None:
            await self.execute(game_id, sex_build(seat.name, sex))
        self.hub.publish(game_id)
        return live, token

    async def leave(self, game_id: str, name: str) -> None:
        """A seat given up while the game signs up (its player changed his mind): the seats after it move up."""
        live = await self.get(game_id)
        async with live.lock:
            if live.status != "lobby":
                raise Refusal("lobby_closed")
            try:
                gone = await self.store.leave(game_id, name)
            except Conflict as conflict:
                raise Refusal(conflict.reason, 409, name=name) from None
            if gone:
                left = live.seats.pop(name)
                live.seats = {n: replace(s, idx=s.idx - 1) if s.idx > left.idx else s for n, s in live.seats.items()}
        self.hub.publish(game_id)

    # --- who is who -------------------------------------------------------------------------------
    async def seat(self, token: str) -> tuple[LiveGame, str]:
        """The game and seat name behind a player's secret token."""
        digest = token_hash(token)
        found = self._tokens.get(digest)
        if found is None:
            found = await self.store.find_seat(digest)
            if found is None:
                raise NotFound("player")
            if len(self._tokens) > 200_000:
                self._tokens.clear()
            self._tokens[digest] = found
        live = await self.get(found[0])
        seat = live.seats.get(found[1])
        if seat is None or seat.token_hash != digest:
            self._tokens.pop(digest, None)
            raise NotFound("player")
        return live, found[1]

    async def hosted(self, admin: str) -> LiveGame:
        game_id = await self.store.find_admin(token_hash(admin))
        if game_id is None:
            raise NotFound("host")
        return await self.get(game_id)

    # --- phases -----------------------------------------------------------------------------------
    async def tick(self) -> int:
        """Resolve every running game whose deadline has passed, then run `on_tick` (the bots whose pause is
        over act); returns how many games moved on and bot moves were made."""
        moved = 0
        for game_id in await self.store.due(self.clock()):
            try:
                _, outcome = await self.execute(game_id, deadline_build)
            except Exception:
                log.exception("deadline of %s failed", game_id)
                continue
            moved += bool(outcome.entries)
        for also in self.on_tick:
            moved += await also(self)
        return moved


def parse_setup(preset_name: str | None, yaml_text: str | None) -> Setup:
    """A preset by name, or a custom setup in YAML; SetupError if it cannot be played."""
    import yaml

    from rankedmafia.setup import preset

    if yaml_text and yaml_text.strip():
        try:
            data = yaml.safe_load(yaml_text)
        except yaml.YAMLError as error:
            raise SetupError("setup_yaml", source="custom", detail=str(error)) from None
        return Setup.from_mapping(data, "custom")
    return preset(preset_name or "classic-12")
