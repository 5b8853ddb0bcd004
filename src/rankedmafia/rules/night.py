"""The night: every effective action resolved in a fixed order of stages.

1. the plan: each player's action, and for each mafia clan the one boss action in force;
2. blocks, tier by tier (the alcoholic, then the mafia's blockers, then the girl and the cop, then the
   weak); equal blocks that meet both take effect;
3. the bloody kill's visitors: their actions on its target do not happen, and they die with him;
4. the stages of the effective actions: guards and heals, kills, the deaths, effects, information;
5. the consequences: deaths applied, roles revealed, the boss chain and the sergeant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rankedmafia.rules import abilities, consequences, protection
from rankedmafia.rules.model import Act, Attack, Memory, Player, Silence
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.base import Action, BlockTier, Stage
from rankedmafia.rules.state import GameState

BLOODY_VISITOR_TIERS = (BlockTier.ALCOHOLIC, BlockTier.MAFIA, BlockTier.TOWN)


@dataclass(slots=True)
class Step:
    """One action that will be tried tonight; `performer` is whose block stops it (the boss, for the mafia)."""

    performer: str
    act: Act
    spec: Action


@dataclass(slots=True)
class NightOutcome:
    deaths: list[str] = field(default_factory=list)
    saved: list[str] = field(default_factory=list)
    silenced: list[str] = field(default_factory=list)
    revealed: dict[str, str] = field(default_factory=dict)
    exposed: dict[str, str] = field(default_factory=dict)
    role_changes: list[dict[str, str]] = field(default_factory=list)
    info: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)


class Night:
    """The context every role's night effect works in."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.number = state.phase.number
        self.alive_at_start = state.alive_at_start
        self.next_day = self.number if state.starts_with_night else self.number + 1
        self.steps: list[Step] = []
        self.blocked: set[str] = set()
        self.voided: set[str] = set()
        self.bloody_visitors: dict[str, list[str]] = {}
        self.guarded: dict[str, str] = {}  # target -> cop
        self.heals: dict[str, str] = {}  # target -> doctor
        self.heals_from: list[tuple[str, str]] = []  # (doctor, source)
        self.attacks: list[Attack] = []
        self.dead: set[str] = set()
        self.new_silences: list[Silence] = []
        self.defenses: set[str] = set()
        self.prosecuted: set[str] = set()
        self.treated: dict[str, set[str]] = {}  # doctor -> whom his heals covered tonight
        self.out = NightOutcome()

    # --- what effects may ask -------------------------------------------------------------------
    def player(self, name: str) -> Player:
        return self.state.players[name]

    def draw(self, label: str, p: Fraction) -> bool:
        return self.state.chance.happens(f"night{self.number}:{label}", p)

    def event(self, type_: str, to: str | None = None, **fields: Any) -> None:
        """`to`: None for the town, a player's name, "clan:<id>" for a mafia clan, "host" for the host."""
        self.out.events.append({"type": type_, "to": to, **fields})

    def inform(self, to: str | None, kind: str, result: Any, **fields: Any) -> None:
        entry: dict[str, Any] = {"to": to, "kind": kind, **fields, "result": result}
        self.out.info.append(entry)

    def protected_from(self, target: str, by: str) -> bool:
        """The cop's guard keeps every outside effect off his charge, except the cop's own."""
        cop = self.guarded.get(target)
        return cop is not None and cop != by

    def attack(self, killer: str, victim: str, source: str, kind: str = "kill",
               shooters: tuple[str, ...] = ()) -> None:
        self.attacks.append(Attack(killer, victim, source, kind, shooters or (killer,)))

    def silence(self, target: str, by: str, cause: str, days: int = 1, announced: bool = True) -> bool:
        if self.protected_from(target, by):
            return False
        span = tuple(range(self.next_day, self.next_day + days))
        self.new_silences.append(Silence(target, span, announced, cause))
        return True

    def expose(self, name: str, what: str) -> None:
        self.out.exposed[name] = what
        self.event("exposed", player=name, what=what)

    def living_hostile_killing_sides(self) -> int:
        teams = {p.team for p in self.state.players.values()
                 if p.alive and p.team != "town" and ROLES[p.role].killer}
        return len(teams)

    # --- the pipeline ---------------------------------------------------------------------------
    def resolve(self) -> NightOutcome:
        for act in self.state.acts.values():  # the host's log, from which a record can be replayed
            self.event("action", to="host", actor=act.actor, action=act.action, targets=list(act.targets),
                       **({"option": act.option} if act.option is not None else {}))
        self.steps = self._plan()
        self.blocked = self._settle_blocks(set())
        self._bloody_visits()
        effective = [s for s in self.steps if s.performer not in self.blocked and s.performer not in self.voided]
        for stage in Stage:
            for step in effective:
                for at, effect in step.spec.effects:
                    if at is stage:
                        effect(self, step.act)
            if stage is Stage.KILL:
                self._settle_deaths()
        consequences.after_night(self)
        self._remember()
        return self.out

    def _plan(self) -> list[Step]:
        steps: list[Step] = []
        boss_acts: dict[str, list[Act]] = {}
        for act in self.state.acts.values():
            player = self.state.players[act.actor]
            spec = abilities.action_spec(self.state, player, act.action)
            if spec is None:
                continue
            if spec.boss and player.clan is not None:
                boss_acts.setdefault(player.clan, []).append(act)
            else:
                steps.append(Step(act.actor, act, spec))
        for clan, acts in boss_acts.items():
            boss = self.state.bosses.get(clan)
            if boss is None:
                continue
            in_force = min(acts, key=lambda a: abilities.boss_rank(self.state, a.actor))
            spec = abilities.action_spec(self.state, self.state.players[in_force.actor], in_force.action)
            if spec is not None:
                steps.append(Step(boss, in_force, spec))
        return steps

    def _settle_blocks(self, forced_free: set[str]) -> set[str]:
        blocked: set[str] = set()
        blockers = [s for s in self.steps if s.spec.block_tier is not None and s.performer not in self.voided]
        for tier in BlockTier:
            layer = {s.performer: s.act.targets[0] for s in blockers
                     if s.spec.block_tier is tier and s.performer not in blocked}
            effective = _effective_blocks(layer)
            for target in effective.values():
                # an effective equal is not stopped by the block it meets: both take effect
                if target not in forced_free and target not in effective:
                    blocked.add(target)
        return blocked

    def _bloody_visits(self) -> None:
        """A bloody kill's visitors die with its target, and what they came to do there does not happen."""
        for step in self.steps:
            if step.act.action != "kill_bloody" or step.performer in self.blocked:
                continue
            target = step.act.targets[0]
            visitors = [s.performer for s in self.steps
                        if s.spec.block_tier in BLOODY_VISITOR_TIERS and s.performer not in self.blocked
                        and target in s.act.targets and s.performer != step.performer]
            if visitors:
                self.bloody_visitors[target] = visitors
                self.voided.update(visitors)
        if self.voided:
            # Ruling: the maniac keeps his kill even if a voided block would have freed his blocker.
            maniacs = {s.performer for s in self.steps if s.act.action == "kill_bloody"} - self.blocked
            self.blocked = self._settle_blocks(maniacs)

    def _settle_deaths(self) -> None:
        for attack in self.attacks:
            saver = self._saver(attack)
            if saver is None:
                self.dead.add(attack.victim)
            else:
                attack.saved_by = saver
        for attack in self.attacks:
            if attack.victim not in self.dead and attack.victim not in self.out.saved:
                self.out.saved.append(attack.victim)

    def _saver(self, attack: Attack) -> str | None:
        victim = attack.victim
        guard = protection.immune(self, attack)
        if guard is not None:
            return guard
        doctor = self.heals.get(victim)
        if doctor is not None and protection.may_treat(self, doctor, victim):
            self.treated.setdefault(doctor, set()).add(victim)
            return doctor
        if attack.kind != "bloody_visitor" and self.living_hostile_killing_sides() > 1:
            for doctor, source in self.heals_from:
                if source == attack.source and protection.may_treat(self, doctor, victim):
                    self.treated.setdefault(doctor, set()).add(victim)
                    return doctor
        cop = self.guarded.get(victim)
        if cop is not None and attack.kind not in ("bloody", "bloody_visitor"):
            return cop
        return None

    def _remember(self) -> None:
        for act in self.state.acts.values():
            treated = frozenset(self.treated.get(act.actor, set()))
            if act.action == "heal":
                treated |= {act.targets[0]}
            self.state.memory[act.actor] = Memory(self.number, act.action, act.targets, act.option, treated)


def _effective_blocks(layer: dict[str, str]) -> dict[str, str]:
    """Blocks of one tier: a blocker blocked by an effective equal does not block; blocks that meet in a
    circle (the girl and the cop at each other) all take effect."""
    attackers: dict[str, list[str]] = {}
    for blocker, target in layer.items():
        attackers.setdefault(target, []).append(blocker)
    status: dict[str, bool] = {}
    undecided = set(layer)
    while undecided:
        progress = False
        for blocker in sorted(undecided):
            mine = attackers.get(blocker, [])
            if any(status.get(a) is True for a in mine):
                status[blocker] = False
            elif all(status.get(a) is False for a in mine):
                status[blocker] = True
            else:
                continue
            undecided.discard(blocker)
            progress = True
        if not progress:
            circle = {b for b in undecided if _on_cycle(b, layer, undecided)} or set(undecided)
            for blocker in circle:
                status[blocker] = True
            undecided -= circle
    return {b: t for b, t in layer.items() if status.get(b)}


def _on_cycle(start: str, layer: dict[str, str], within: set[str]) -> bool:
    seen: set[str] = set()
    node = layer.get(start)
    while node is not None and node in within and node not in seen:
        if node == start:
            return True
        seen.add(node)
        node = layer.get(node)
    return node == start
