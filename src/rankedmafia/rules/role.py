"""What a role is: a declaration of its side, its actions with their limits, and its place in the night.

A role module reads like its paragraph of the rule book: it builds one `Role` from `Action`s, and each
action's effects are small functions that the night pipeline calls at their stage.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from enum import IntEnum
from fractions import Fraction
from typing import TYPE_CHECKING

from rankedmafia.rules.chance import Chance
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.house import HouseRules
from rankedmafia.rules.model import Act, Attack, Player, Side

if TYPE_CHECKING:  # the types the hooks are handed; both modules sit below the roles and import this one
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState


class Stage(IntEnum):
    """The fixed order in which a night's effective actions take effect (after blocks are settled)."""

    GUARD = 10  # protections: the cop's guard, the doctor's heals
    KILL = 20  # attempts to kill
    REACTION = 25  # what an attack or a death sets off: the shahid's mark, the avenger's revenge
    EFFECT = 30  # silences, serum, defenses, marks: after deaths are known
    INFO = 40  # checks, comparisons, interviews, the witness: the world as it stands after blocks


class BlockTier(IntEnum):
    """Who wins when blocks meet (RULINGS.md, "Blocks, protection and order of resolution")."""

    ALCOHOLIC = 1
    MAFIA = 2  # blackmailer, thug
    TOWN = 3  # girl, cop
    WEAK = 4  # cardsharp


Effect = Callable[["NightContext", Act], None]
Reaction = Callable[["NightContext", Player], None]
Remember = Callable[["GameState", Act], None]
Tonight = Callable[["GameState", Act], "Act | None"]  # what of a carried deed tonight's count of the living allows
Options = Callable[["GameState"], list[str]]
# The limits of what may be sent beside the targets' count and each target's own (alive, himself, last
# night's), raising RuleViolation: each is read both by the refusal of what is sent and by the choices
# offered (rules/limits.py), so that the two never disagree.
Forbidden = Callable[["GameState", Player], None]  # the action tonight at all, whatever it names
OptionCheck = Callable[["GameState", Player, Act], None]  # its option (and the option's detail)
Places = Callable[["GameState", Player], "tuple[Bar, ...]"]  # names refused in one place of the targets
# The hooks a role declares for what the pipelines ask of every role, in the order they declare:
Saver = Callable[["NightContext", Attack], "str | None"]  # who saves this victim from this attack, if anyone
NightHook = Callable[["NightContext"], None]
AtKills = NightHook  # once a night, after the kills are sent, before deaths settle
NightDeath = Callable[["NightContext", Player, list[Attack]], None]  # at his death in the night
Promote = Callable[[Player, str, "str | None"], None]  # (player, new role, new team): a role change
AtDeath = Callable[["GameState", list[str], Promote], None]  # after any deaths, night or day
AtDeal = Callable[["Deal", Player, "str | None", "str | None"], None]  # (deal, player, seat's side, seat's clan)
Gallows = Callable[["GameState", str, "set[str]"], "tuple[list[str], list[str]] | None"]  # (hanged, defended)
Drags = Callable[["GameState", str], list[str]]  # who goes to the gallows with the doomed


@dataclass(slots=True)
class Deal:
    """What the deal decides beside the roles, from the seed: each seated role's `at_deal` hook reads the
    seating and writes what it draws (the detective's side and quarry, the double agent's ranks)."""

    players: dict[str, Player]
    clans: list[str]  # the game's mafia clans, sorted
    chance: Chance
    rules: HouseRules
    roles: RoleBook
    commissions: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (side, quarry)
    agent_ranks: dict[str, dict[str, int]] = field(default_factory=dict)  # a member of every clan -> clan -> rank
    pinned_ranks: dict[str, dict[str, int]] = field(default_factory=dict)  # a script's `ranks` by seat name


@dataclass(frozen=True, slots=True)
class CountLimit:
    """Fewer targets than an action's range on some nights, by the count of the living (the mafia's one
    kill at three alive, two intimidated below ten, the fan's one search at ten or fewer)."""

    most: Callable[[GameState], int]  # the most targets tonight
    refusal: Callable[[GameState, Act], RuleViolation]  # why an act naming more is refused


@dataclass(frozen=True, slots=True)
class Bar:
    """Names that may not stand in one place of an action's targets tonight (the postman's past
    recipients as his recipient), and the refusal that names one of them."""

    place: int
    names: Collection[str]
    refusal: Callable[[str], RuleViolation]


@dataclass(frozen=True, slots=True)
class Action:
    id: str
    targets: tuple[int, int] = (1, 1)  # the least and the most targets
    effects: tuple[tuple[Stage, Effect], ...] = ()
    self_target: bool = False
    no_repeat: bool = False  # not the same target two nights running
    repeat_at_three: bool = True  # ... a limit lifted when the night falls with three alive
    option: str | None = None  # the name of an option beside targets ("role" for heal_from)
    block_tier: BlockTier | None = None  # set for actions that block their target
    block_chance: Fraction | None = None  # a block that takes only by chance (the cardsharp's 50%)
    visits: bool = True  # goes to the target (a visitor of a bloody kill's target dies with him)
    # the limits the sender can know beside the targets' own (see `Forbidden` and the others above)
    forbidden: Forbidden | None = None  # the serum twice running below 15 alive, the fan's guard before his find
    most: CountLimit | None = None
    option_check: OptionCheck | None = None  # heal_from's source, the Council's question, the joker's copy
    places: Places | None = None  # the postman's new recipient, the mercenary's employer
    boss: bool = False  # the mafia boss's action, sent by any ranked mafioso
    on_sent: Remember | None = None  # what the rules remember of it for the rest of the game
    after_everyone: bool = False  # sent once the others have acted and the night's dead are told (revive)
    options: Options | None = None  # the values `option` may take, all public (heal_from's sources, ...)
    copies: bool = False  # its option names a role, and the act's `copy` the action it uses (the joker)
    after_blocks: Effect | None = None  # once blocks are settled, before any stage (the bloody kill's visitors)
    # a deed carried into a later night (the alcoholic's victim's) is held to that night's count of the
    # living: what of it stands then (None: nothing), as its limits would refuse the rest if it were sent
    tonight: Tonight | None = None
    # no limit beside the targets' count and each target's own, no option, no copy, no follow-up turn
    plain: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "plain", self.forbidden is None and self.most is None and self.option is None
                           and self.places is None and not self.after_everyone and not self.copies)


@dataclass(frozen=True)
class Role:
    id: str
    side: Side
    names: dict[str, tuple[str, str]]  # lang -> (nominative, genitive)
    actions: tuple[Action, ...] = ()
    killer: bool = False  # a role able to kill (for the mercenary's hire and the doctor's heal_from)
    succession: int | None = None  # place in the mafia boss chain (1 = boss at the start)
    ranked: bool = False  # a ranked mafioso: may send the boss's action
    loses_actions_as_boss: bool = False
    team: str | None = None  # for loners: the team he wins with (default: his own role id)
    checks_as: str | None = None  # what the commissar's check shows, if not mafia/not_mafia
    announced_as: str | None = None  # the role the town is told on his death, if not his own
    always_revealed: bool = False  # his role is revealed on death whatever the count
    red_vote: int = 1  # the weight of his vote for a candidate
    blue_vote: int = 1  # the weight of his vote to hang nobody
    in_every_clan: bool = False  # a mafia role seated in no one clan: a member of each (the double agent)
    at_deal: AtDeal | None = None  # what the deal draws for him beside his role (the detective's side)
    hostile: bool | None = None  # an enemy of the town for victory (default: any side but the town)
    unhealable: bool = False  # the doctor's heal does not take on him
    dies_of_any_action: bool = False  # the dandelion
    mortal_to: tuple[str, ...] | None = None  # the only attacks that can kill him (the highlander)
    hides_victims: bool = False  # the roles of those only he killed are never revealed (the sniper)
    trace_chance: Fraction | None = None  # his kill leaves evidence, and reveals at 10 alive or fewer, by chance
    immune: bool = False  # among the immune the Council counts (the highlander, the handsome)
    wins_without_shooters: bool = False  # wins beside the winner if alive with no killing role alive
    unhangable: bool = False  # a vote that would hang him hangs nobody (the handsome)
    serum_shows: str | None = None  # what the serum shows, if not his role ("" for nothing)
    appears_as: str | None = None  # the role he is told he has (the werewolf believes he is a civilian)
    reaction: Reaction | None = None  # a passive rule after the night's deaths (the avenger's revenge)
    after_kills: Reaction | None = None  # a passive rule before deaths are settled (the sniper)
    at_plan: NightHook | None = None  # once a night before the plan: deeds imposed (the alcoholic's carried)
    at_kills: tuple[int, AtKills] | None = None  # (order, hook) once a night: infections strike, the dandelion
    savers: tuple[tuple[int, Saver], ...] = ()  # (order, hook): how his deeds save a victim tonight
    at_night_death: NightDeath | None = None  # what his own death in the night sets off (the handsome)
    at_death: tuple[int, AtDeath] | None = None  # (order, hook) after any deaths (the sergeant, the werewolf)
    at_gallows: tuple[int, Gallows] | None = None  # (order, hook): who hangs in the place of one going to the
    # gallows (the handsome: nobody; the fan: himself for the maniac)
    drags: Drags | None = None  # who goes to the gallows with the doomed (the rake's mark)
    may_become: tuple[str, ...] = ()  # the roles his hooks may give him (the sergeant: the commissar)
    _by_id: dict[str, Action] = field(init=False, repr=False, compare=False)  # its actions by id

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {action.id: action for action in self.actions})

    def action(self, action_id: str) -> Action | None:
        return self._by_id.get(action_id)

    def name(self, lang: str = "ru", case: int = 0) -> str:
        return self.names.get(lang, self.names["ru"])[case]


CASTS_KEPT = 512  # the casts a registry keeps made (each a few kilobytes)


class RoleBook(dict[str, Role]):
    """Every role of the game by id, and the boss's actions a ranked mafioso may send. The registry is
    built in rules/roles/__init__.py and handed to each game's state, so the modules below the roles
    (the state, the night's context, the Council) look roles up without importing them.

    The hooks the pipelines ask of every role (`savers`, `at_plan`, ...) are those of the roles in play:
    the registry's own are every role's; a game's state holds its `cast` (the roles dealt and those they
    may become), so that a night asks no hook of a role nobody holds (the joker copies only roles dealt)."""

    def __init__(self, roles: Iterable[Role], boss_actions: tuple[Action, ...],
                 cast: frozenset[str] | None = None) -> None:
        super().__init__((role.id, role) for role in roles)
        self.boss_actions = boss_actions
        self._copies: dict[tuple[str, str], Action | None] = {}  # copied_spec's, made once each
        self._originals: dict[tuple[str, str], Action | None] = {}  # (role, action id) -> the action copied
        self._casts: dict[frozenset[str], RoleBook] = {}
        listed = list(self.values())
        self._with_options: dict[str, Action] = {}
        for action in [a for role in listed for a in role.actions] + list(boss_actions):
            if action.options is not None:
                self._with_options.setdefault(action.id, action)
        self._copying = frozenset(a.id for role in listed for a in role.actions if a.copies)
        if cast is not None:
            listed = [role for role in listed if role.id in cast]
        self.cast_ids = frozenset(role.id for role in listed)  # the roles in play (all, for the registry)
        # a hook two roles declare (the heal's saver: the doctor's heal, the cardsharp's shuffle) is asked once
        self.savers: tuple[Saver, ...] = tuple(dict.fromkeys(
            hook for _, hook in sorted((s for r in listed for s in r.savers), key=lambda s: s[0])))
        self.at_plan: tuple[NightHook, ...] = tuple(r.at_plan for r in listed if r.at_plan is not None)
        self.at_kills: tuple[AtKills, ...] = tuple(
            hook for _, hook in sorted((r.at_kills for r in listed if r.at_kills), key=lambda h: h[0]))
        self.at_death: tuple[AtDeath, ...] = tuple(
            hook for _, hook in sorted((r.at_death for r in listed if r.at_death), key=lambda h: h[0]))
        self.at_gallows: tuple[Gallows, ...] = tuple(
            hook for _, hook in sorted((r.at_gallows for r in listed if r.at_gallows), key=lambda h: h[0]))
        self.drags: tuple[Drags, ...] = tuple(r.drags for r in listed if r.drags is not None)
        # the roles whose holders a pipeline asks, each for himself (the sniper's shot, the avenger's revenge)
        self.after_kills_roles = frozenset(r.id for r in listed if r.after_kills is not None)
        self.copying_in_play = any(a.copies for r in listed for a in r.actions)  # a role in play copies (the joker)
        # the roles in play whose action comes after everyone's (the reanimator's revive): the follow-up step's
        self.following = frozenset(r.id for r in listed if any(a.after_everyone for a in r.actions))

    def cast(self, dealt: Iterable[str]) -> RoleBook:
        """The same roles, asked for the hooks of the roles dealt and of those they may become alone (one
        book per cast, made once)."""
        dealt = frozenset(dealt)
        book = self._casts.get(dealt)
        if book is not None:
            return book
        cast = set(dealt)
        grown = True
        while grown:  # the sergeant may become the commissar, the werewolf the maniac
            more = {after for role in cast if role in self for after in self[role].may_become} - cast
            cast |= more
            grown = bool(more)
        key = frozenset(cast)
        if len(self._casts) > CASTS_KEPT:  # a long-lived server meets many setups: keep a bounded few
            self._casts.clear()
        book = self._casts.get(key)
        if book is None:
            book = self._casts[key] = RoleBook(self.values(), self.boss_actions, key)
            book._copies, book._originals = self._copies, self._originals  # the same roles: the same copies
        self._casts[dealt] = book  # found again from the roles dealt alone
        return book

    def with_options(self, action_id: str) -> Action | None:
        """The action of this id that offers options (`Action.options`), whichever role has it."""
        return self._with_options.get(action_id)

    def resolved_act(self, act: Act) -> Act:
        """The act as it is carried out: a copy (`Action.copies`) becomes the copied action."""
        if act.action in self._copying:
            return act.carried()
        return act

    def copied_role(self, act: Act) -> str | None:
        """The role whose action a copy (`Action.copies`) carries out; None for an act that copies nothing."""
        return act.copy.role if act.action in self._copying and act.copy is not None else None

    def copyable(self, role_id: str) -> tuple[Action, ...]:
        """The actions a joker may use when he copies this role: its own, and the boss's for a ranked
        mafioso (RULINGS.md: "every action of every role in the setup, options included")."""
        role = self.get(role_id)
        if role is None:
            return ()
        return role.actions + (self.boss_actions if role.ranked else ())

    def original(self, role_id: str, action_id: str) -> Action | None:
        """The action a joker's copy of this role and action copies, as the role has it (with its limits)."""
        key = (role_id, action_id)
        if key not in self._originals:
            self._originals[key] = next((a for a in self.copyable(role_id) if a.id == action_id), None)
        return self._originals[key]

    def copied_spec(self, act: Act) -> Action | None:
        """The joker's copy: the named role's action, weaker than the original (RULINGS.md, "Joker"): his
        block is the weak one, and the mafia's kill he copies is his own."""
        if act.copy is None:
            return None
        key = (act.copy.role, act.copy.use)
        if key not in self._copies:
            self._copies[key] = self._weaker(*key)
        return self._copies[key]

    def _weaker(self, role_id: str, action_id: str) -> Action | None:
        spec = self.original(role_id, action_id)
        if spec is None:
            return None
        tier = BlockTier.WEAK if spec.block_tier is not None else None
        # its limits are the original's, sent by the joker: rules/limits.py reads them from `original`
        return replace(spec, block_tier=tier, boss=False, no_repeat=False, forbidden=None, most=None,
                       option_check=None, places=None)
