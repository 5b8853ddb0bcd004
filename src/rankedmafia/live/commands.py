"""The pure building of live commands, shared by the game service (live/service.py), the host's desk
(live/desk.py) and every front end: each builder applies its log entries to the cached game and returns
them, refusing (before anything changed) what the game's state does not allow.

Every command a person sends carries the phase he saw (`phase_key`: "night-1", "day-2"; "lobby" before
the start). A command whose phase has ended is refused in words (`Refusal("day_over_vote")`, ...) and
never lands in another phase: a vote form left open from yesterday, a heal form from last night, or the
second of two crossing «end now» (the service builds a command again on the freshest state after a
conflict, and the phase it carries then no longer matches). A command with no phase (`None`) is checked
against nothing: the service's own moves (deadlines, bots and AI seats, which check their turn) and tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rankedmafia.live.ai_seats import AI_PREFIX, ai_nicknames
from rankedmafia.live.bot_seats import BOT_SEX, NO_BOTS, bot_nicknames
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame, apply_entry
from rankedmafia.live.nicknames import seat_nickname
from rankedmafia.live.tokens import new_token, token_hash
from rankedmafia.rules.model import Act, Phase, PhaseKind
from rankedmafia.setup import Setup
from rankedmafia.store import SeatRow

LOBBY = "lobby"
VOTE, MOVE, COMMAND = "vote", "move", "command"  # what a stale command was: its refusal's words


@dataclass(slots=True)
class Outcome:
    """What a command adds to the log (already applied to the cached game)."""

    entries: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    seat: SeatRow | None = None
    value: Any = None
    joined: list[SeatRow] = field(default_factory=list)  # seats the start fills with bots


Build = Callable[[LiveGame, float], Outcome]


# --- the phase a command was sent in -------------------------------------------------------------------
def phase_key(live: LiveGame) -> str:
    """The one name of the game's current phase, carried by every command: "night-1", "day-2"; "lobby"."""
    game = live.game
    return LOBBY if game is None else key_of_phase(game.phase)


def key_of_phase(phase: Phase) -> str:
    """The key of any phase of the game (a past one's, for what a front end keeps about it)."""
    return f"{phase.kind.value}-{phase.number}"


def check_phase(live: LiveGame, phase: str | None, what: str = COMMAND) -> None:
    """Refuses a command sent in a phase that has ended (`phase`: the key its sender saw; None checks
    nothing). The refusal names the phase that ended and what was not taken (a vote, a move, a command)."""
    if phase is None or phase == phase_key(live):
        return
    kind = phase.partition("-")[0]
    if kind == PhaseKind.DAY.value:
        raise Refusal("day_over_vote" if what == VOTE else "day_over", 409)
    if kind == PhaseKind.NIGHT.value:
        raise Refusal("night_over_move" if what == MOVE else "night_over", 409)
    raise Refusal("phase_over", 409)


# --- moving on -----------------------------------------------------------------------------------------
def step(live: LiveGame, out: Outcome, kind: str, body: dict[str, Any], now: float) -> None:
    apply_entry(live, kind, body, now)
    out.entries.append((kind, body))


def settle(live: LiveGame, out: Outcome, now: float) -> None:
    """Move on while a phase is complete, as the Game says (`Game.awaiting` is empty): by night every
    action in, the boss's included, and then the follow-up pause; by day every vote offered cast (never a
    count by heads: the weights are secret). The follow-up pause is never cut short: it ends at its own
    deadline (`tick`) or by the host, so that its length tells nobody whether the reanimator lives or whom
    he was told of. A desk game never moves on by itself: its host ends every phase."""
    for _ in range(4):
        game = live.game
        if game is None or game.over or live.status != "running" or live.by_hand:
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


def end_phase(live: LiveGame, out: Outcome, now: float, why: str) -> None:
    """The phase's time is up (or the host says so): a night first asks its reanimator, if it must."""
    if not ask(live, out, now):
        resolve(live, out, now, why)
        settle(live, out, now)


def deadline_build(live: LiveGame, now: float) -> Outcome:
    out = Outcome()
    if (live.status == "running" and live.deadline is not None and live.deadline <= now and live.game is not None
            and not live.by_hand):
        end_phase(live, out, now, "deadline")
    return out


def running(live: LiveGame, phase: str | None = None, what: str = COMMAND) -> None:
    """The game runs (not paused, not over), in the phase the command was sent in."""
    if live.status == "paused":
        raise Refusal("paused")
    if live.status != "running" or live.game is None:
        raise Refusal("not_running", state=live.status)
    check_phase(live, phase, what)


# --- the players' commands -----------------------------------------------------------------------------
def act_build(act: Act, *, phase: str | None = None, replace: bool = False) -> Build:
    """A night action as one value, whichever front end built it (the site's forms and API, the desk's
    accepted message, Telegram's forms, the bots). `replace`: a player's newer message for the same night
    replaces his earlier action (the desk: the rules let him take it back and send another until the night
    ends, so a withdraw, then the act)."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live, phase, MOVE)
        out = Outcome()
        if replace and live.game is not None and act.actor in live.game.state.acts:
            step(live, out, "withdraw", {"type": "withdraw", "actor": act.actor}, now)
        step(live, out, "act", {"type": "act", **act.fields()}, now)
        settle(live, out, now)
        return out

    return build


def withdraw_build(name: str, *, phase: str | None = None) -> Build:
    def build(live: LiveGame, now: float) -> Outcome:
        running(live, phase, MOVE)
        out = Outcome()
        step(live, out, "withdraw", {"type": "withdraw", "actor": name}, now)
        return out

    return build


def pass_build(name: str, *, phase: str | None = None) -> Build:
    """The player the Game's follow-up step asks (the reanimator) sends nothing: he declines."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live, phase, MOVE)
        out = Outcome()
        step(live, out, "decline", {"type": "decline", "actor": name}, now)
        settle(live, out, now)
        return out

    return build


def vote_build(name: str, choice: str, *, phase: str | None = None) -> Build:
    """A vote. Live play refuses the vote of a player whose silence today was announced (he is offered
    none: `Game.vote_refusal`), so that it neither shows in the count by heads nor ends the day."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live, phase, VOTE)
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


def votes_build(voters: dict[str, str], *, phase: str | None = None) -> Build:
    """The day's votes as a desk's host enters them (one, or the whole count from the thread at once)."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live, phase, VOTE)
        out = Outcome()
        for voter, choice in voters.items():
            if not unchanged_vote(live, voter, choice):
                step(live, out, "vote", {"type": "vote", "voter": voter, "choice": choice}, now)
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


# --- the start --------------------------------------------------------------------------------------------
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


def dealt_build(body: dict[str, Any]) -> Build:
    """A desk game's start as its host dealt it (no bots, no clock)."""

    def build(live: LiveGame, now: float) -> Outcome:
        if live.status != "lobby":
            raise Refusal("already_started")
        out = Outcome()
        step(live, out, "start", body, now)
        return out

    return build


def entries_build(entries: list[tuple[str, dict[str, Any]]]) -> Build:
    """A game played elsewhere, entry by entry (a terminal save or an arena's game opened on the desk)."""

    def build(live: LiveGame, now: float) -> Outcome:
        out = Outcome()
        for kind, body in entries:
            step(live, out, kind, body, now)
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


# --- the host's commands ----------------------------------------------------------------------------------
def extend_build(seconds: int, *, phase: str | None = None) -> Build:
    def build(live: LiveGame, now: float) -> Outcome:
        if live.status == "paused":
            check_phase(live, phase)
            assert live.remaining is not None
            out = Outcome()
            step(live, out, "pause", {"type": "pause", "remaining": live.remaining + seconds}, now)
            return out
        running(live, phase)
        out = Outcome()
        step(live, out, "extend", {"type": "extend", "deadline": max(live.deadline or now, now) + seconds}, now)
        return out

    return build


def resolve_now_build(phase: str | None = None) -> Build:
    """«End now», as the deadline would: a night with a reanimator to ask opens his step first (ask again
    to end it). Two crossing «end now» of one phase end that phase once: the second is refused."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live, phase)
        out = Outcome()
        end_phase(live, out, now, "host")
        return out

    return build


def resolve_by_hand_build(phase: str | None = None) -> Build:
    """A desk's host ends the phase. A night whose follow-up step would ask someone (the reanimator) opens
    it first; asked again while someone is asked, that player sends nothing (he declines), as the terminal
    host does."""

    def build(live: LiveGame, now: float) -> Outcome:
        running(live, phase)
        game = live.game
        assert game is not None
        out = Outcome()
        if game.phase.kind is PhaseKind.NIGHT:
            asked = game.follow_up_step()
            if asked is not None:
                step(live, out, "decline", {"type": "decline", "actor": asked.player}, now)
            elif not game.follow_up_open and game.next_follow_up() is not None:
                step(live, out, "follow_up", {"type": "follow_up", "deadline": None}, now)
            if game.follow_up_step() is not None:
                return out
        step(live, out, "resolve", {"type": "resolve", "by": "host", "deadline": None}, now)
        return out

    return build


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


def setup_mapping(setup: Setup) -> dict[str, Any]:
    """A setup as a game's row keeps it."""
    return {
        "name": setup.name,
        "title": dict(setup.title),
        "players": setup.players,
        "roles": dict(setup.roles),
        "rules": dict(setup.rules),
        "start": setup.start,
        **({"clans": {clan: dict(members) for clan, members in setup.clans.items()}} if setup.clans else {}),
    }
