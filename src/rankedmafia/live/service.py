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
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rankedmafia.live.ai_seats import AI_PREFIX, ai_nicknames, ai_option
from rankedmafia.live.bot_seats import BOT_SEX, NO_BOTS, bot_nicknames, bot_option
from rankedmafia.live.errors import NotFound, Refusal
from rankedmafia.live.hub import Hub
from rankedmafia.live.live_game import FOLLOW_UP_SECONDS, LiveGame, apply_entry, replay
from rankedmafia.live.nicknames import seat_nickname
from rankedmafia.live.tokens import new_game_id, new_token, token_hash
from rankedmafia.rules.errors import SetupError
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.setup import Setup
from rankedmafia.store import Conflict, GameRow, LogEntry, SeatRow, Store
from rankedmafia.store.log import Append
from rankedmafia.store.writer import Job

log = logging.getLogger("rankedmafia.live")
SNAPSHOT_EVERY = 64
ATTEMPTS = 5
BOT_PAUSE = (4.0, 25.0)
POST_MAX = 2000


def _engine_version() -> str:
    """Snapshots are only trusted from the same rules code: a digest of its sources."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted([*(root / "rules").rglob("*.py"), root / "setup.py"]):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


ENGINE = _engine_version()


@dataclass(slots=True)
class Outcome:
    """What a command adds to the log (already applied to the cached game)."""

    entries: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    seat: SeatRow | None = None
    value: Any = None
    joined: list[SeatRow] = field(default_factory=list)  # seats the start fills with bots


Build = Callable[[LiveGame, float], Outcome]


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
    async def execute(self, game_id: str, build: Build,
                      also: Job | None = None) -> tuple[LiveGame, Outcome]:
        """`also`: a front end's own writes (the Telegram bot's claimed update and keyboards), committed in
        the same transaction as the command's entries, if it adds any (if it raises, nothing is)."""
        for _ in range(ATTEMPTS):
            live = await self.get(game_id)
            async with live.lock:
                if live.stale:
                    continue
                now = self.clock()
                base = live.head
                outcome = build(live, now)  # refusals raise here, before anything changed
                if not outcome.entries:
                    return live, outcome
                entries = [LogEntry(base + i + 1, kind, body, now) for i, (kind, body) in enumerate(outcome.entries)]
                try:
                    await self.store.append(Append(live.id, base, entries, live.status, live.deadline, outcome.seat,
                                                    also=also, joined=outcome.joined))
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
                     ranked: bool = False, bots: str = NO_BOTS, ai: Sequence[str] = ()) -> tuple[str, str]:
        """A new game in its lobby; returns (game id, the host's admin token). `listed`: shown in the
        site's list of open games (otherwise found by its link only); `ranked`: marked so in that list;
        `bots`: the policy bots fill the seats still empty at the start with (heuristic | random), or none;
        `ai`: the agent of each AI seat (one entry a seat, of `ai_agents`), seated before the bots."""
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
            setup=_setup_mapping(setup),
            options={"night_seconds": night_seconds, "day_seconds": day_seconds, "chance": "seeded",
                     "follow_up_seconds": follow_up_seconds or self.follow_up_seconds,
                     "listed": listed, "ranked": ranked, **({"bots": bots} if bots != NO_BOTS else {}),
                     **({"ai": agents} if agents else {})},
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
                _, outcome = await self.execute(game_id, _deadline_build)
            except Exception:
                log.exception("deadline of %s failed", game_id)
                continue
            moved += bool(outcome.entries)
        for also in self.on_tick:
            moved += await also(self)
        return moved


def _setup_mapping(setup: Setup) -> dict[str, Any]:
    return {
        "name": setup.name,
        "title": dict(setup.title),
        "players": setup.players,
        "roles": dict(setup.roles),
        "rules": dict(setup.rules),
        "start": setup.start,
        **({"clans": {clan: dict(members) for clan, members in setup.clans.items()}} if setup.clans else {}),
    }


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


# --- builders: each applies its entries to the cached game and returns them -----------------------------
def step(live: LiveGame, out: Outcome, kind: str, body: dict[str, Any], now: float) -> None:
    apply_entry(live, kind, body, now)
    out.entries.append((kind, body))


def settle(live: LiveGame, out: Outcome, now: float) -> None:
    """Move on while a phase is complete, as the Game says (`Game.awaiting` is empty): by night every
    action in, the boss's included, and then the follow-up pause; by day every vote offered cast (never a
    count by heads: the weights are secret). The follow-up pause is never cut short: it ends at its own
    deadline (`tick`) or by the host, so that its length tells nobody whether the reanimator lives or whom
    he was told of."""
    for _ in range(4):
        game = live.game
        if game is None or game.over or live.status != "running":
            return
        if game.phase.kind is PhaseKind.NIGHT and game.follow_up_open:
            return
        if game.awaiting():
            return
        if game.phase.kind is PhaseKind.NIGHT:
            if ask(live, out, now):
                return
            resolve(live, out, now, "all_sent")
        else:
            resolve(live, out, now, "all_voted")


def ask(live: LiveGame, out: Outcome, now: float) -> bool:
    """Opens the Game's follow-up step (a log entry, with its own deadline) on every night of a setup that
    holds a reanimator, whether he lives and whether anyone died (RULINGS.md, "Live play"): whom it asks,
    the Game decides, and only he is told."""
    game = live.game
    if game is None or game.follow_up_open or not game.has_follow_up_step or game.phase.kind is not PhaseKind.NIGHT:
        return False
    deadline = None if live.by_hand else now + live.follow_up_duration()
    step(live, out, "follow_up", {"type": "follow_up", "deadline": deadline}, now)
    return True


def resolve(live: LiveGame, out: Outcome, now: float, why: str) -> None:
    assert live.game is not None
    ending = live.game.phase.kind
    following = PhaseKind.DAY if ending is PhaseKind.NIGHT else PhaseKind.NIGHT
    deadline = None if live.by_hand else now + live.duration(following)  # a desk game has no clock
    step(live, out, "resolve", {"type": "resolve", "by": why, "deadline": deadline}, now)


def _end_phase(live: LiveGame, out: Outcome, now: float, why: str) -> None:
    """The phase's time is up (or the host says so): a night first asks its reanimator, if it must."""
    if not ask(live, out, now):
        resolve(live, out, now, why)
        settle(live, out, now)


def _deadline_build(live: LiveGame, now: float) -> Outcome:
    out = Outcome()
    if (live.status == "running" and live.deadline is not None and live.deadline <= now and live.game is not None
            and not live.by_hand):
        _end_phase(live, out, now, "deadline")
    return out


def running(live: LiveGame) -> None:
    if live.status == "paused":
        raise Refusal("paused")
    if live.status != "running" or live.game is None:
        raise Refusal("not_running", state=live.status)


def act_build(name: str, action: str, targets: list[str], option: str | None, detail: str | None = None,
              copied_option: str | None = None, copied_detail: str | None = None) -> Build:
    """A night action; a joker's copy carries the copied action's own option and detail (`copied_*`)."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live)
        out = Outcome()
        act = Act(name, action, tuple(targets), option, detail, copied_option, copied_detail)
        step(live, out, "act", {"type": "act", **act.fields()}, now)
        settle(live, out, now)
        return out

    return build


def withdraw_build(name: str) -> Build:
    def build(live: LiveGame, now: float) -> Outcome:
        running(live)
        out = Outcome()
        step(live, out, "withdraw", {"type": "withdraw", "actor": name}, now)
        return out

    return build


def pass_build(name: str) -> Build:
    """The player the Game's follow-up step asks (the reanimator) sends nothing: he declines."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live)
        out = Outcome()
        step(live, out, "decline", {"type": "decline", "actor": name}, now)
        settle(live, out, now)
        return out

    return build


def vote_build(name: str, choice: str) -> Build:
    """A vote. Live play refuses the vote of a player whose silence today was announced (he is offered
    none: `Game.vote_refusal`), so that it neither shows in the count by heads nor ends the day."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live)
        assert live.game is not None
        refusal = live.game.vote_refusal(name, choice)
        if refusal is not None:
            raise refusal
        out = Outcome()
        if unchanged_vote(live, name, choice):
            return out  # the same vote again: nothing to log
        step(live, out, "vote", {"type": "vote", "voter": name, "choice": choice}, now)
        settle(live, out, now)
        return out

    return build


def unchanged_vote(live: LiveGame, name: str, choice: str) -> bool:
    """He votes again as he already has today (a double click): it changes nothing, so it adds nothing."""
    game = live.game
    return game is not None and game.phase.kind is PhaseKind.DAY and game.votes().get(name) == choice


def sex_build(name: str, sex: str) -> Build:
    """A player's sex (m | f), given when joining: logged, and dealt with his seat at the start."""

    def build(live: LiveGame, now: float) -> Outcome:
        if live.status != "lobby":
            raise Refusal("lobby_closed")
        if sex not in ("m", "f"):
            raise Refusal("bad_input", 422, detail=f"sex: m | f, not {sex!r}")
        out = Outcome()
        step(live, out, "sex", {"type": "sex", "name": name, "sex": sex}, now)
        return out

    return build


def start_build(live: LiveGame, now: float) -> Outcome:
    return start_with({})(live, now)


def start_with(sexes: dict[str, str | None]) -> Build:
    """As `start_build`, with the sex each player gave (m | f) logged with the start, for the texts."""

    def build(live: LiveGame, now: float) -> Outcome:
        if live.status != "lobby":
            raise Refusal("already_started")
        out = Outcome()
        ai_sexes = fill_with_ai(live, out, now)
        bots = fill_with_bots(live, out, now)
        names = live.names()
        if len(names) != live.setup.players:
            raise Refusal("need_players", 409, players=live.setup.players, joined=len(names))
        given = {name: sexes[name] for name in names if sexes.get(name) in ("m", "f")}
        given |= {name: BOT_SEX for name in bots}
        given |= ai_sexes
        bots |= {name: f"{AI_PREFIX}{agent}" for name, agent in
                 zip(ai_sexes, live.row.options.get("ai", []), strict=False)}
        step(live, out, "start", {"type": "start", "names": names, "deadline": now + live.duration(live.setup.start),
                                  **({"sexes": given} if given else {}), **({"bots": bots} if bots else {})}, now)
        settle(live, out, now)
        return out

    return build


def fill_with_ai(live: LiveGame, out: Outcome, now: float) -> dict[str, str]:
    """The seats still empty go FIRST to the game's AI seats (as many as are empty, in the order the host
    gave): new seats (committed with the start, in `out.joined`, before the bots') under AI nicknames, each
    with a token nobody holds. Returns seat name -> sex; `out.joined` lists them in the agents' order."""
    agents = list(live.row.options.get("ai", []))
    count = min(len(agents), live.setup.players - len(live.seats))
    if count <= 0:
        return {}
    taken = [name for seat in live.seats.values() for name in (seat.name, seat.nickname)]
    rng = random.Random(f"{live.row.seed}|ai names")  # the game's own: never the global random
    first = len(live.seats)
    sexes: dict[str, str] = {}
    for index, (nickname, sex) in enumerate(ai_nicknames(count, taken, rng)):
        seat = SeatRow(nickname, first + index, nickname, token_hash(new_token()), now)
        out.joined.append(seat)
        live.seats[seat.name] = seat
        sexes[seat.name] = sex
    return sexes


def fill_with_bots(live: LiveGame, out: Outcome, now: float) -> dict[str, str]:
    """The seats still empty (after the AI seats), if the game was created with bots: new seats (committed
    with the start, in `out.joined`) under bot nicknames, each with a token nobody holds. Returns seat name
    -> policy."""
    policy = str(live.row.options.get("bots", NO_BOTS))
    missing = live.setup.players - len(live.seats)
    if policy == NO_BOTS or missing <= 0:
        return {}
    taken = [name for seat in live.seats.values() for name in (seat.name, seat.nickname)]
    rng = random.Random(f"{live.row.seed}|bot names")  # the game's own: never the global random
    first = len(live.seats)
    already = len(out.joined)
    for index, nickname in enumerate(bot_nicknames(missing, taken, rng)):
        seat = SeatRow(nickname, first + index, nickname, token_hash(new_token()), now)
        out.joined.append(seat)
        live.seats[seat.name] = seat
    return {seat.name: policy for seat in out.joined[already:]}


def extend_build(seconds: int) -> Build:
    def build(live: LiveGame, now: float) -> Outcome:
        if live.status == "paused":
            assert live.remaining is not None
            out = Outcome()
            step(live, out, "pause", {"type": "pause", "remaining": live.remaining + seconds}, now)
            return out
        running(live)
        out = Outcome()
        step(live, out, "extend", {"type": "extend", "deadline": max(live.deadline or now, now) + seconds}, now)
        return out

    return build


def resolve_now_build(live: LiveGame, now: float) -> Outcome:
    """As the deadline would: a night with a reanimator to ask opens his step first (ask again to end it)."""
    running(live)
    out = Outcome()
    _end_phase(live, out, now, "host")
    return out


def pause_build(live: LiveGame, now: float) -> Outcome:
    running(live)
    out = Outcome()
    step(live, out, "pause", {"type": "pause", "remaining": max(0.0, (live.deadline or now) - now)}, now)
    return out


def resume_build(live: LiveGame, now: float) -> Outcome:
    if live.status != "paused":
        raise Refusal("not_paused")
    out = Outcome()
    step(live, out, "resume", {"type": "resume", "deadline": now + (live.remaining or 0.0)}, now)
    return out


def replace_build(name: str, typed: str, token: str) -> Build:
    def build(live: LiveGame, now: float) -> Outcome:
        if live.status == "lobby" or live.status == "over":
            raise Refusal("not_running", state=live.status)
        seat = live.seats.get(name)
        if seat is None:
            raise Refusal("unknown_seat", 404, name=name)
        others = [n for s in live.seats.values() if s.name != name for n in (s.name, s.nickname)]
        nickname = seat_nickname(typed, others)
        out = Outcome()
        step(live, out, "replace", {"type": "replace", "name": name, "nickname": nickname}, now)
        out.seat = SeatRow(seat.name, seat.idx, nickname, token_hash(token), seat.joined_at)
        live.seats[name] = out.seat
        return out

    return build


def end_build(live: LiveGame, now: float) -> Outcome:
    if live.status == "lobby":
        raise Refusal("not_running", state=live.status)
    out = Outcome()
    if live.status != "over":
        step(live, out, "end", {"type": "end"}, now)
    return out
