"""`Game`: the one object every adapter drives.

A game is its players, its committed seed and the ordered commands they sent; its state is derived by
applying them. Every command is validated before anything changes, so a refused command (a typed
`RuleViolation`) leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rankedmafia.rules import council, day, night, victory
from rankedmafia.rules.abilities import available_actions, copyable_actions, next_boss
from rankedmafia.rules.chance import Chance, ChanceMode, commitment
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.limits import Sender
from rankedmafia.rules.model import BLUE, Act, Phase, PhaseKind, PhaseResult, Player
from rankedmafia.rules.role import Action
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS
from rankedmafia.rules.seating import Seat, seat_players

__all__ = ["Game", "PhaseResult", "Seat"]
from rankedmafia.rules.house import HouseRules
from rankedmafia.rules.state import GameState
from rankedmafia.rules.view import PhaseLog, PlayerView, SeatView, build_view, clan_readers, phase_log, public_seats

BOSS_ACTION_IDS = {a.id for a in BOSS_ACTIONS}


@dataclass(frozen=True, slots=True)
class FollowUp:
    """The night's follow-up step, as the Game holds it: once the others have acted, it asks one player
    at a time (the reanimator); he is told `told` (tonight's dead, with everyone else's actions as sent)
    and may send `action` naming one of them (`Game.submit`), or nothing (`Game.decline`)."""

    player: str  # who is asked
    action: str  # what he may send
    told: tuple[str, ...]  # the list he is told: the only targets his action may name


class Game:
    """A game of Ranked Mafia.

    >>> game = Game([Seat("Вася", "mafia1"), Seat("Петя", "commissar"), Seat("Маша", "civilian"),
    ...              Seat("Коля", "civilian")], seed=7)
    >>> game.submit(Act("Вася", "kill", ("Маша",)))
    >>> game.resolve().deaths
    ['Маша']
    """

    def __init__(self, seats: Sequence[Seat], seed: int | str, chance: ChanceMode | str = ChanceMode.SEEDED,
                 rules: Mapping[str, Any] | None = None, start: PhaseKind | str = PhaseKind.NIGHT) -> None:
        start_kind = PhaseKind(start)
        house = HouseRules.from_mapping(dict(rules or {}))
        seeded = Chance(seed)  # the deal's draws are always the seed's; the game's follow `chance`
        dice = seeded if ChanceMode(chance) is ChanceMode.SEEDED else Chance(seed, ChanceMode(chance))
        deal = seat_players(seats, seeded, house)
        players = deal.players
        self.seed = seed
        self.commitment = commitment(seed)
        cast = ROLES.cast([p.role for p in players.values()])  # the roles in play, whose hooks are asked
        self.state = GameState(players=players, chance=dice, rules=house, phase=Phase(start_kind, 1), roles=cast,
                               start=start_kind, commissions=deal.commissions, agent_ranks=deal.agent_ranks,
                               vote_kills=bool(deal.agent_ranks))
        # in the clans' order, not a set's: the record (the new bosses' events) must not depend on the process
        for clan in sorted({p.clan for p in players.values() if p.clan is not None}):
            boss = next_boss(self.state, clan)
            if boss is not None:
                self.state.bosses[clan] = boss
        self.state.alive_at_start = len(players)
        self._alive = tuple(players)  # the living names in seat order, kept for the phase (nobody dies within one)
        self._actions: dict[str, tuple[Action, ...]] = {}  # tonight's, by name (`_tonight`)
        self._senders: dict[str, Sender] = {}  # tonight's, by name (`_sender_of`)
        self.results: list[PhaseResult] = []
        self.commands: list[dict[str, Any]] = []
        # the list each reanimator is told tonight, with the others' actions it was rehearsed from: valid
        # while they stand, and handed to the night's resolution so that it is not rehearsed again; and
        # the count of tonight's changes to the actions sent when it was made (none since: still valid)
        self._told: dict[str, tuple[dict[str, Act], list[str]]] = {}
        self._told_at: dict[str, int] = {}
        self._changes = 0  # changes to `state.acts` or the declines (only the Game makes them)
        self._asked: tuple[int, FollowUp | None] | None = None  # `_next_asked` and `_changes` when found
        # the seats as everyone sees them in a view of the phases since a given one, while `_seats_at`
        # phases are over (nobody dies, no role is made public, between two)
        self._seats: dict[int, tuple[SeatView, ...]] = {}
        self._seats_at = 0
        self._logs: list[PhaseLog] = []  # each phase's log as its readers read it (`view.phase_log`)
        self._clans_seen: dict[str, dict[str, str]] = {}  # each clan as its members see it, while `_seats_at`
        self._following = False  # tonight's follow-up step is open: only the player asked may send
        self._declined: set[str] = set()  # players asked tonight who sent nothing

    # --- reading ----------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def over(self) -> bool:
        """A side won, or the game ended with no winner (`ended`)."""
        return self.state.over

    @property
    def ended(self) -> str | None:
        """Why the game ended with no winner: "stalemate" (RULINGS.md, "Stalemate": the house rule's count
        of nights and days in a row with nobody dead or hanged) or "host" (`end_by_host`); else None."""
        return self.state.ended

    def players(self) -> list[Player]:
        return list(self.state.players.values())

    def alive(self) -> list[str]:
        return list(self._alive)

    def sexes(self) -> dict[str, str]:
        """The sex of each player who gave it (public, like the nicknames): for the texts' agreement."""
        return {p.name: p.sex for p in self.state.players.values() if p.sex is not None}

    def winners(self) -> list[str]:
        return victory.winners(self.state, self.state.winner)

    def actions_of(self, name: str) -> tuple[Action, ...]:
        """The actions this player may send tonight (empty by day, when dead, or once the game is over)."""
        kept = self._actions.get(name)  # kept for tonight: he is alive, and the game goes on (`_tonight`)
        if kept is not None:
            return kept
        state = self.state
        player = state.player(name)
        if state.over or not player.alive or state.phase.kind is not PhaseKind.NIGHT:
            return ()
        return self._tonight(player)

    def _tonight(self, player: Player) -> tuple[Action, ...]:
        """His actions tonight, kept for the night: nothing they read (his role, the boss) changes before
        it is resolved. Only a living player's are kept, at night, in a game going on, and all are dropped
        when the night is resolved: so one kept is one that may be read as it is."""
        actions = self._actions.get(player.name)
        if actions is None:
            actions = self._actions[player.name] = available_actions(self.state, player)
        return actions

    def _sender_of(self, player: Player) -> Sender:
        """His actions tonight and their limits, kept for the night likewise (they read the living and
        last night's memory too)."""
        sender = self._senders.get(player.name)
        if sender is None:
            sender = Sender(self.state, player, self._tonight(player), self._alive, self._told_now, self._in_turn)
            self._senders[player.name] = sender
        return sender

    def view(self, name: str, since: int = 0) -> PlayerView:
        """Exactly what this player may know: the security boundary of a hidden-role game. `since`: only
        the events of the phases from that index of `results` on, for a reader who keeps the earlier
        ones (the seats then show only the roles made public since, beside his own and his clan's)."""
        results = self.results[since:]
        if self._seats_at != len(self.results):  # a phase is over: what every reader reads alike changed
            self._seats_at, self._seats, self._clans_seen = len(self.results), {}, {}
        public = self._seats.get(since)  # the same for every reader of these phases
        if public is None:
            public = self._seats[since] = public_seats(self.state, results)
        logs = self._logs
        while len(logs) < len(self.results):  # each phase's log, once for all its readers
            logs.append(phase_log(self.results[len(logs)]))
        return build_view(self.state, results, name, self.votes(), public, logs[since:], self._clans_seen)

    def awaiting(self) -> list[str]:
        """Whom the phase still waits for: a live host may end it before its deadline once this is empty
        (RULINGS.md, "Live play"), never on a count of votes.

        By night: the living players with an action available tonight who have not sent one yet. A clan's
        boss who may still send is waited for even after a lower rank sent the clan's action (that action
        stands only if the boss sends nothing by the deadline); a lower rank is not waited for once his
        clan's action was sent. The reanimator is not: he is asked after everyone else (`begin_follow_up`).
        By day: the players offered a vote (`voters`) who have not voted."""
        state = self.state
        if state.over:
            return []
        if state.phase.kind is PhaseKind.DAY:
            return [name for name in self.voters() if name not in state.votes]
        spoken = {state.players[a.actor].clan for a in state.acts.values()
                  if a.action in BOSS_ACTION_IDS and state.players[a.actor].clan is not None}
        waiting = []
        for player in state.players.values():
            if not player.alive or player.name in state.acts:
                continue
            actions = {a.id for a in self._tonight(player) if not a.after_everyone}
            if not actions:
                continue
            if actions <= BOSS_ACTION_IDS and player.clan in spoken and not state.is_boss(player.name):
                continue
            waiting.append(player.name)
        return waiting

    def voters(self) -> list[str]:
        """Who is offered a vote today, in seat order: every living player but those whose silence today
        was announced (intimidation, the girl's or cop's 50%, poison, torture, the courtesan's). A silent
        loss (the boss's, after a double action) stays hidden: he is offered a vote that weighs nothing.
        Empty by night and once the game is over."""
        state = self.state
        if state.over or state.phase.kind is not PhaseKind.DAY:
            return []
        silenced = self._announced_silences()
        return [name for name in self._alive if name not in silenced]

    def vote_choice(self, name: str) -> Choice | None:
        """The day's vote as this player is offered it (the action `vote`, one name: a living player or
        BLUE), or None if he is offered none (night, dead, an announced silence, the game over). `choices`
        stays the night's: by day it is empty for everyone."""
        if name not in self.voters():
            self.state.player(name)  # an unknown name is refused as everywhere
            return None
        return Choice("vote", (1,), ((*self._alive, BLUE),))

    def vote_refusal(self, voter: str, choice: str) -> RuleViolation | None:
        """Why live play refuses this vote, or None: `vote`'s own refusals, and an announced silence (he
        is offered no vote today, and the table knows why). `vote` itself takes a silenced player's vote,
        weighing nothing, as a game script does (GAME-SCRIPT.md)."""
        try:
            self._vote_refusal(voter, choice)
        except RuleViolation as error:
            return error
        if voter in self._announced_silences():
            player = self.state.player(voter)
            return RuleViolation("silenced_voter", name=voter, name_sex=player.sex)
        return None

    def _announced_silences(self) -> set[str]:
        """Who today cannot vote by a silence that was announced."""
        today = self.state.phase.number
        return {s.player for s in self.state.silences if s.announced and today in s.days}

    @property
    def has_follow_up_step(self) -> bool:
        """The setup holds a role asked in the follow-up step (the reanimator): public, as the setup is.
        RULINGS.md, "Live play": then every night ends with the same follow-up pause for everyone, whether
        he lives and whether anyone died; where the setup holds none, no night has it."""
        return bool(self.state.roles.following)

    @property
    def follow_up_open(self) -> bool:
        """Tonight's follow-up step is open: the others' actions are closed (whether or not anyone is
        still asked)."""
        return self._following

    def begin_follow_up(self) -> FollowUp | None:
        """The others have acted: close tonight's ordinary actions and open the follow-up step (a command
        of the log). Returns the step now open (who is asked, what he is told, what he may send), or None
        if nobody is to be asked. From here on only the player asked may send, until the night is
        resolved. Opening it again changes nothing."""
        if self.phase.kind is PhaseKind.NIGHT and not self.over and not self._following:
            self._following = True
            self.commands.append({"type": "follow_up"})
        return self.follow_up_step()

    def follow_up_step(self) -> FollowUp | None:
        """The follow-up step open now, or None (not opened, or everyone asked has answered)."""
        return self._next_asked() if self._following else None

    def next_follow_up(self) -> FollowUp | None:
        """The step `begin_follow_up` would open now (or the one open), without opening it: for a host
        who keeps the night open until then if nobody would be asked. Reading only."""
        return self._next_asked()

    def _next_asked(self) -> FollowUp | None:
        """The next one the follow-up step asks. Nobody is asked in vain: not a reanimator who would die
        tonight (Ruling: he does not act), nor one whose list names nobody he may revive."""
        if self.over or self.phase.kind is not PhaseKind.NIGHT:
            return None
        if self._asked is not None and self._asked[0] == self._changes:
            return self._asked[1]  # asked again while checking his revive, name by name
        step = self._find_asked()
        self._asked = (self._changes, step)
        return step

    def _find_asked(self) -> FollowUp | None:
        for player in self.state.players.values():
            if player.role not in self.state.roles.following:
                continue
            action = self._follow_up_action(player)
            if action is None or player.name in self._declined:
                continue
            told = self._told_deaths(player.name)
            if told and player.name not in told:
                return FollowUp(player.name, action, tuple(told))
        return None

    def decline(self, name: str) -> None:
        """The player asked sends nothing (a command of the log): the step moves on to the next one asked,
        if any."""
        step = self.follow_up_step()
        if step is None or step.player != name:
            raise RuleViolation("not_asked", name=name)
        self._declined.add(name)
        self._changes += 1
        self.commands.append({"type": "decline", "actor": name})

    def setup_roles(self) -> list[str]:
        """The roles dealt in this game, sorted: public in a forum game (the host announces the setup). In a
        game with a double agent each clan's ranks are announced as dealt, 1 to k, without the agent's place
        that the deal numbered them around (RULINGS.md, "The double agent's ranks": the place is secret)."""
        players = self.state.players.values()
        if not self.state.agent_ranks:
            return sorted(p.initial_role for p in players)
        book = self.state.roles
        roles = [p.initial_role for p in players if p.clan is None or not book[p.initial_role].ranked]
        for clan in {p.clan for p in players if p.clan is not None}:
            ranked = sum(1 for p in players if p.clan == clan and book[p.initial_role].ranked)
            roles += [f"mafia{rank}" for rank in range(1, ranked + 1)]
        return sorted(roles)

    def option_choices(self, name: str, action: str) -> list[str]:
        """What may stand beside the targets, from what a player knows (the setup is public): the doctor's
        heal_from sources, the roles a joker may copy, the Council's question templates (the action's
        `options`)."""
        spec = self.state.roles.with_options(action)
        return [] if spec is None or spec.options is None else sorted(spec.options(self.state))

    def copy_actions(self, role: str) -> list[str]:
        """The actions a joker may use when he copies this role."""
        return [a.id for a in copyable_actions(role)]

    def copyable(self, role: str) -> tuple[Action, ...]:
        """The actions a joker may use when he copies this role, with their limits (public)."""
        return copyable_actions(role)

    def question_fields(self, template: str) -> dict[str, list[Any]]:
        """Each blank of a Council question of this template (`Choice.options` of `ask`) and the values
        it may take, from public facts (the seats, the setup): `players` takes any
        `council.GROUP_LEAST` or more of its values."""
        return council.fields(self.state, template)

    def votes(self) -> dict[str, str]:
        """Today's votes so far, voter -> candidate or BLUE: public, as forum votes are."""
        return dict(self.state.votes) if self.phase.kind is PhaseKind.DAY else {}

    def choices(self, name: str) -> tuple[Choice, ...]:
        """Every action this player may send now, with exactly the targets and options the engine
        accepts (if he has sent one already: what he may send instead once he withdraws it). Empty by
        day, when he is dead, and once the game is over."""
        sender = self._choosing(name)
        if sender is None:
            return ()
        return tuple(choice for spec in sender.actions
                     if self._in_his_turn(sender.player, spec) and (choice := sender.choice(spec)) is not None)

    def choice(self, name: str, action: str, copy: tuple[str, str] | None = None) -> Choice | None:
        """One action's entry of `choices` (None if he may not send it now): for a player who picks the
        action first, at the cost of that action alone. `copy` (a role and one of its actions, for the
        joker's copy): that use alone, as the entry's one copy."""
        sender = self._choosing(name)
        if sender is None:
            return None
        spec = sender.action(action)
        if spec is None or not self._in_his_turn(sender.player, spec):
            return None
        return sender.choice(spec, copy)

    def _choosing(self, name: str) -> Sender | None:
        """His actions tonight as the limits read him, or None if he may send nothing now."""
        kept = self._senders.get(name)  # kept for tonight, as his actions are (`_tonight`)
        if kept is not None:
            return kept
        state = self.state
        player = state.player(name)
        if state.over or not player.alive or state.phase.kind is not PhaseKind.NIGHT:
            return None
        return self._sender_of(player)

    def _in_his_turn(self, player: Player, spec: Action) -> bool:
        """Whether tonight's turn allows him this action now (`_turn_refusal`)."""
        return self._turn_refusal(player, spec.id) is None

    def _told_now(self, name: str) -> Sequence[str] | None:
        """The list he is told while the follow-up step asks him, else None."""
        step = self.follow_up_step()
        return step.told if step is not None and step.player == name else None

    def check(self, act: Act) -> RuleViolation | None:
        """Whether `submit` would accept this action, without sending it (for bots and forms)."""
        try:
            self._validate(act)
        except RuleViolation as error:
            return error
        return None

    # --- commands ---------------------------------------------------------------------------------
    def submit(self, act: Act) -> None:
        """Send a night action. Refused with a RuleViolation if the actor could know it breaks a rule.

        `act.option` is heal_from's side or role; the Council's question and the joker's copy are the
        act's `question` and `copy`."""
        self._validate(act)
        self.state.acts[act.actor] = act
        self._changes += 1
        self.commands.append({"type": "act", **act.fields()})

    def withdraw(self, actor: str) -> None:
        """Take back tonight's action, so that another may be sent."""
        self._expect(PhaseKind.NIGHT)
        if actor not in self.state.acts:
            player = self.state.player(actor)
            if not player.alive:  # out of the game, rather than silent tonight
                raise RuleViolation("dead_actor", name=actor, name_sex=player.sex)
            raise RuleViolation("nothing_to_withdraw", actor=actor, name_sex=player.sex)
        if self._following and not any(a.after_everyone for a in self.actions_of(actor)):
            raise RuleViolation("actions_closed", name=actor)  # the others' actions are closed
        del self.state.acts[actor]
        self._changes += 1
        self.commands.append({"type": "withdraw", "actor": actor})

    def vote(self, voter: str, choice: str) -> None:
        """A red vote for a living player, or BLUE to hang nobody; a later vote replaces an earlier one.
        A silenced player's vote is taken and weighs nothing (live play refuses it: `vote_refusal`)."""
        self._vote_refusal(voter, choice)
        self.state.votes[voter] = choice
        self.commands.append({"type": "vote", "voter": voter, "choice": choice})

    def resolve(self) -> PhaseResult:
        """End the current phase: resolve the night or count the day's votes, then check victory."""
        if self.over:
            raise self.over_refusal()
        if self.state.phase.kind is PhaseKind.NIGHT:
            result = night.Night(self.state, told=self._told_lists()).resolve()
        else:
            result = day.resolve(self.state)
        result.clans = clan_readers(self.state)
        self.state.winner = victory.winner(self.state)
        result.winner = self.state.winner
        if result.winner is not None:
            result.events.append({"type": "victory", "to": None, "winner": result.winner})
        elif victory.stalled(self.state, len(result.deaths) + len(result.hanged)):
            self.state.ended = result.ended = victory.STALEMATE
            result.events.append({"type": "stalemate", "to": None, "phases": self.state.quiet})
        self.results.append(result)
        self.commands.append({"type": "resolve"})
        self._following = False
        self._declined = set()
        self._told = {}
        self._told_at = {}
        self._changes += 1
        self._advance()
        return result

    def end_by_host(self) -> None:
        """The host ends the game by hand, before any side has won: nobody wins (RULINGS.md, "Stalemate":
        "A host may end a game earlier by hand, also with no winner, and the record says so")."""
        if self.over:
            raise self.over_refusal()
        self.state.ended = victory.HOST
        self.commands.append({"type": "end"})

    def over_refusal(self) -> RuleViolation:
        """The refusal of any command once the game is over: who won, or that nobody did."""
        if self.state.winner is None:
            return RuleViolation("game_ended", ended=self.state.ended)
        return RuleViolation("game_over", winner=self.state.winner)

    def apply(self, command: Mapping[str, Any]) -> PhaseResult | None:
        """Apply one logged command (as `commands` records them): the replay of a stored game."""
        kind = command.get("type")
        if kind == "act":
            self.submit(Act.from_fields(command))
        elif kind == "withdraw":
            self.withdraw(command["actor"])
        elif kind == "vote":
            self.vote(command["voter"], command["choice"])
        elif kind == "resolve":
            return self.resolve()
        elif kind == "follow_up":
            self.begin_follow_up()
        elif kind == "end":
            self.end_by_host()
        elif kind in ("decline", "pass"):  # "pass": the web's logs wrote a decline so before it was the Game's
            self.decline(command["actor"])
        else:
            raise RuleViolation("unknown_command", command=kind)
        return None

    # --- inside -----------------------------------------------------------------------------------
    def _advance(self) -> None:
        state = self.state
        current = state.phase
        if current.kind is PhaseKind.NIGHT:
            number = current.number if state.starts_with_night else current.number + 1
            state.phase = Phase(PhaseKind.DAY, number)
        else:
            number = current.number + 1 if state.starts_with_night else current.number
            state.phase = Phase(PhaseKind.NIGHT, number)
        state.acts = {}
        state.votes = {}
        self._alive = tuple([p.name for p in state.living()])
        self._actions = {}
        self._senders = {}
        state.alive_at_start = len(self._alive)

    def _expect(self, kind: PhaseKind) -> None:
        state = self.state
        if state.over:
            raise self.over_refusal()
        if state.phase.kind is not kind:
            raise RuleViolation(f"not_{kind.value}", phase=str(state.phase))

    def _vote_refusal(self, voter: str, choice: str) -> None:
        """Refuses a vote that `vote` does not take."""
        self._expect(PhaseKind.DAY)
        player = self.state.player(voter)
        if not player.alive:
            raise RuleViolation("dead_voter", name=voter, name_sex=player.sex)
        if choice != BLUE:
            candidate = self.state.player(choice)
            if not candidate.alive:
                raise RuleViolation("dead_candidate", name=choice, name_sex=candidate.sex)

    def _validate(self, act: Act, resend: bool = False) -> None:
        """Refuses what the actor could know breaks a rule. `resend`: as if he had not acted yet."""
        sender = self._senders.get(act.actor)  # kept for tonight: he is alive, and the game goes on
        if sender is None:
            sender = self._sender_of(self._sender(act.actor, resend))
        elif act.actor in self.state.acts and not resend:
            self._sender(act.actor, resend)  # already acted
        player = sender.player
        refusal = self._turn_refusal(player, act.action)
        if refusal is not None:
            raise refusal
        spec = sender.action(act.action)
        if spec is None:
            if ROLES[player.role].action(act.action) is not None:  # his role's, given up to lead the clan
                raise RuleViolation("lost_as_boss", name=act.actor, role=player.role, action=act.action,
                                    name_sex=player.sex)
            raise RuleViolation("no_such_action", name=act.actor, role=player.role, action=act.action)
        sender.refuse(spec, act)

    def _sender(self, actor: str, resend: bool = False) -> Player:
        """The refusals about who sends, whatever he sends."""
        self._expect(PhaseKind.NIGHT)
        state = self.state
        player = state.player(actor)
        if not player.alive:
            raise RuleViolation("dead_actor", name=actor, name_sex=player.sex)
        if actor in state.acts and not resend:
            raise RuleViolation("already_acted", name=actor, action=state.acts[actor].action,
                                name_sex=player.sex)
        return player

    def _turn_refusal(self, player: Player, action: str) -> RuleViolation | None:
        """Tonight's two turns: the ordinary actions, then the follow-up step (the reanimator's revive,
        sent only once he is told tonight's dead). The refusal of this action now, or None."""
        if not self._following and player.role not in self.state.roles.following:
            return None  # the common case: an ordinary action, before the follow-up step
        name, follow_up = player.name, self._follow_up_action(player)
        if self._following and action != follow_up:
            return RuleViolation("actions_closed", name=name)  # the others' actions are closed
        if not self._following and follow_up is not None and action == follow_up:
            # he acts last, once told
            return RuleViolation("revive_later", name=name, action=action, name_sex=player.sex)
        return None

    def _follow_up_action(self, player: Player) -> str | None:
        """The action this player sends in the follow-up step tonight (the reanimator's revive), if he is
        alive and has not sent it yet."""
        if player.role not in self.state.roles.following:
            return None  # most players: no need to work out tonight's actions
        if not player.alive or player.name in self.state.acts or self.state.phase.kind is not PhaseKind.NIGHT:
            return None
        return next((a.id for a in self._tonight(player) if a.after_everyone), None)

    def _in_turn(self, act: Act) -> None:
        """While the follow-up step is open only the player asked may send, a player on his list. A
        reanimator not asked because his list names nobody is told so by the list's own refusal; any
        other one, that it is not his turn (never why: that would tell him he dies tonight)."""
        step = self.follow_up_step()
        if step is not None and step.player == act.actor:
            self._on_the_list(act)
            return
        if act.actor not in self._declined and not self._told_deaths(act.actor):
            raise RuleViolation("revive_not_dead", name=act.targets[0])
        raise RuleViolation("not_asked", name=act.actor)

    def _on_the_list(self, act: Act) -> None:
        """RULINGS.md: the reanimator "may revive only a player on the list he was told; any other target
        is refused" — the list of tonight's dead with everyone else's actions as sent."""
        told = self._told_deaths(act.actor)
        for target in act.targets:
            if target not in told:
                raise RuleViolation("revive_not_dead", name=target)

    def _told_deaths(self, reanimator: str) -> list[str]:
        """Tonight's dead with everyone else's actions as sent: a rehearsal of the night without his."""
        cached = self._told.get(reanimator)
        if cached is not None and self._told_at.get(reanimator) == self._changes:
            return cached[1]
        others = {actor: act for actor, act in self.state.acts.items() if actor != reanimator}
        self._told_at[reanimator] = self._changes
        if cached is not None and cached[0] == others:
            return cached[1]
        deaths = night.Night(self.state, dry_run=True, without=reanimator).resolve().deaths
        self._told[reanimator] = (others, deaths)
        return deaths

    def _told_lists(self) -> dict[str, list[str]]:
        """The reanimators' lists still valid now (the others' actions unchanged since they were told)."""
        acts = self.state.acts
        return {name: deaths for name, (others, deaths) in self._told.items()
                if others == {actor: act for actor, act in acts.items() if actor != name}}
