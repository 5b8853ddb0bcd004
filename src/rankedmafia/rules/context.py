"""What a role's night effect may ask and do, whatever the role: the night's context.

It sits below the roles (it imports none of them); the pipeline that runs the stages over it is
rules/night.py. Roles are looked up through the state's RoleBook.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rankedmafia.rules.model import Act, Attack, Mark, PhaseResult, Player, Silence
from rankedmafia.rules.role import Action, BlockTier
from rankedmafia.rules.state import GameState

SHIELD = "shield"  # a mark for tonight that keeps every outside effect off a player (the cop's guard)


@dataclass(slots=True)
class Step:
    """One action that will be tried tonight; `performer` is whose block stops it (the boss, for the mafia)."""

    performer: str
    act: Act  # as it is carried out (a joker's copy resolved)
    spec: Action
    sent: Act | None = None  # as it was sent, if different


class NightContext:
    """The context every role's night effect works in: what it may ask and do, whatever the role."""

    def __init__(self, state: GameState, dry_run: bool = False, without: str | None = None) -> None:
        """`dry_run`: resolve without touching the state, leaving out the action of `without` (what the
        reanimator is told comes from such a rehearsal)."""
        self.state = state
        self.dry_run = dry_run
        self.without = without
        self._later: list[Callable[[GameState], None]] = []
        self.number = state.phase.number
        self.alive_at_start = state.alive_at_start
        self.next_day = self.number if state.starts_with_night else self.number + 1
        self.steps: list[Step] = []
        self.blocked: set[str] = set()
        # blockers who block each other in a circle (the girl and the cop at each other): RULINGS.md says
        # both blocks take effect, so each one's block and its silence stand, and the rest of his action
        # (the cop's guard) is annulled by the block he meets
        self.held: set[str] = set()
        self.voided: set[str] = set()  # visitors whose visit does nothing (a bloody kill's): `void`
        self.cancelled: set[str] = set()  # players whose action does not happen at all (`cancel`)
        # deeds imposed on living players by a role's `at_plan` hook (last night's deed the alcoholic
        # carried over): done tonight instead of whatever they send
        self.imposed: dict[str, Act] = {}
        self.revives: dict[str, str] = {}  # target -> reanimator
        self.tonight: dict[str, dict[str, str]] = {}  # a role's marks for tonight: kind -> player -> by
        self.new_marks: list[Mark] = []  # marks for the coming day
        self.attacks: list[Attack] = []
        self._settled = 0
        self.dead: set[str] = set()
        self.new_silences: list[Silence] = []
        self.defenses: set[str] = set()
        self.prosecuted: set[str] = set()
        self.treated: dict[str, set[str]] = {}  # doctor -> whom his heals covered tonight
        self.out = PhaseResult(state.phase)
        self._effective: list[Step] | None = None  # `effective`, until a block, a void or a cancel
        self._by_performer: dict[str, Step] | None = None  # `step_of`, once the plan is made

    # --- what effects may ask -------------------------------------------------------------------
    def player(self, name: str) -> Player:
        return self.state.players[name]

    def draw(self, label: str, p: Fraction) -> bool:
        return self.state.chance.happens(f"night{self.number}:{label}", p)

    def event(self, type_: str, to: str | None = None, **fields: Any) -> None:
        """`to`: None for the town, a player's name, "clan:<id>" for a mafia clan, "host" for the host."""
        self.out.events.append({"type": type_, "to": to, **fields})

    def inform(self, to: str | None, kind: str, result: Any, **fields: Any) -> None:
        self.out.info.append({"to": to, "kind": kind, **fields, "result": result})

    def later(self, change: Callable[[GameState], None]) -> None:
        """A change to what the game remembers, made once the night is over (never in a rehearsal)."""
        self._later.append(change)

    def mark(self, kind: str, player: str, by: str, keep_first: bool = False) -> None:
        """A mark on a player for tonight (a heal, a guard): the last of a kind on him stands, or the first."""
        marks = self.tonight.setdefault(kind, {})
        if keep_first:
            marks.setdefault(player, by)
        else:
            marks[player] = by

    def marked(self, kind: str, player: str) -> str | None:
        """Who marked him tonight with this kind of mark, if anyone."""
        return self.tonight.get(kind, {}).get(player)

    def marks_of(self, kind: str) -> dict[str, str]:
        """Tonight's marks of one kind, in the order they were made: player -> by."""
        return self.tonight.get(kind, {})

    def mark_for_day(self, player: str, kind: str, by: str) -> None:
        """A mark for the coming day (the rake's, the fan's self-accusation), gone when that day ends."""
        self.new_marks.append(Mark(player, kind, by, self.next_day))

    def protected_from(self, target: str, by: str) -> bool:
        """A shield (the cop's guard) keeps every outside effect off its charge, except its maker's own."""
        shield = self.marked(SHIELD, target)
        return shield is not None and shield != by

    def attack(self, killer: str, victim: str, source: str, kind: str = "kill",
               shooters: tuple[str, ...] = (), unstoppable: bool = False) -> None:
        """`unstoppable`: no saver is asked, nor the highlander's immunity."""
        self.attacks.append(Attack(killer, victim, source, kind, shooters or (killer,), unstoppable=unstoppable,
                                   method=self.copied_role(killer)))

    def copied_role(self, name: str) -> str | None:
        """The role whose action this player carries out tonight if he copies one (the joker), else None."""
        if not self.state.roles.copying_in_play:
            return None  # nobody in play copies (most games): no step to look up
        step = self.step_of(name)
        return None if step is None else self._copied(step)

    def visit_tier(self, step: Step) -> BlockTier | None:
        """The block tier of a step's visit as the rule book names the visitor: a copy visits as the role
        it copies (the joker at a bloody kill's target dies as the girl would), though it blocks weaker."""
        copied = self._copied(step)
        if copied is None:
            return step.spec.block_tier
        original = self.state.roles.original(copied, step.act.action)
        return None if original is None else original.block_tier

    def _copied(self, step: Step) -> str | None:
        return None if step.sent is None else self.state.roles.copied_role(step.sent)

    def cancel(self, name: str) -> None:
        """His action does not happen tonight and his attacks are withdrawn (a killer shot down before
        acting, a reanimator killed tonight)."""
        self.cancelled.add(name)
        self._effective = None
        self.attacks[:] = [a for a in self.attacks if name not in a.shooters]

    def void(self, name: str) -> None:
        """His visit does nothing tonight (a bloody kill's visitor), though it still counts as made."""
        self.voided.add(name)
        self._effective = None

    def silence(self, target: str, by: str, cause: str, days: int = 1, announced: bool = True) -> bool:
        if self.protected_from(target, by):
            return False
        span = tuple(range(self.next_day, self.next_day + days))
        self.new_silences.append(Silence(target, span, announced, cause))
        return True

    def expose(self, name: str, what: str) -> None:
        self.out.exposed[name] = what
        self.event("exposed", player=name, what=what)

    def visitors(self, target: str, tiers: tuple[BlockTier, ...]) -> list[str]:
        """Blockers of these tiers whose visit to the target happened tonight."""
        return [s.performer for s in self.effective() if s.spec.block_tier in tiers and target in s.act.targets]

    def effective(self) -> list[Step]:
        """Tonight's steps that happen: not blocked, voided or cancelled (kept until one of them is)."""
        if self._effective is None:
            gone = self.blocked | self.voided | self.cancelled
            self._effective = [s for s in self.steps if s.performer not in gone] if gone else list(self.steps)
        return self._effective

    def step_of(self, name: str) -> Step | None:
        """His step tonight (the first, if the boss's clan acts through him beside his own), if any."""
        if self._by_performer is None:
            self._by_performer = {}
            for step in self.steps:
                self._by_performer.setdefault(step.performer, step)
        return self._by_performer.get(name)

    def living_hostile_killing_sides(self) -> int:
        """Hostile sides that can still shoot: a clan while it has a boss, the maniac, the sniper, ..."""
        state = self.state
        teams = {p.team for p in state.living()
                 if p.team != "town" and (state.roles[p.role].killer or state.is_boss(p.name))}
        return len(teams)
