"""The night: every effective action resolved in a fixed order of stages.

1. the plan: each player's action (the alcoholic's victims replay last night's), and for each mafia clan
   the one boss action in force;
2. blocks, tier by tier (the alcoholic, then the mafia's blockers, then the girl and the cop, then the
   weak); equal blocks that meet both take effect;
3. the bloody kill's visitors: their actions on its target do not happen, and they die with him;
4. the stages of the effective actions: guards and heals; kills (then the sniper's pre-emptive shot, the
   courtesan's infections, the dandelion, and the deaths); reactions (the shahid, the avenger) and their
   deaths; effects; information;
5. the reanimator, who acts last: he is told the deaths of a rehearsal of this night without his action,
   and the one he revives counts as healed in the real resolution, so what hung on that death is undone;
6. the consequences: deaths applied, roles revealed, the boss chain, the sergeant and the werewolf.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from operator import itemgetter

from rankedmafia.rules import abilities, consequences, protection
from rankedmafia.rules.context import NightContext, Step
from rankedmafia.rules.model import Act, Attack, Memory, PhaseResult
from rankedmafia.rules.role import Action, BlockTier, Stage
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.mafia import VOTE_KILL, clan_votes
from rankedmafia.rules.state import GameState

BLOCK_LAYERS = ((BlockTier.ALCOHOLIC,), (BlockTier.MAFIA, BlockTier.TOWN), (BlockTier.WEAK,))
STAGES = tuple(Stage)
NOBODY: frozenset[str] = frozenset()


class Night(NightContext):
    """The night's pipeline: the stages, run in order over the context the roles' effects work in."""

    def __init__(self, state: GameState, dry_run: bool = False, without: str | None = None,
                 told: dict[str, list[str]] | None = None) -> None:
        """`told`: the lists the reanimators were already told tonight (the Game's follow-up step), so that
        the night is not rehearsed again for them."""
        super().__init__(state, dry_run, without)
        self.told = told or {}

    # --- the pipeline ---------------------------------------------------------------------------
    def resolve(self) -> PhaseResult:
        if not self.dry_run:  # the host's log, from which a record can be replayed
            self.out.events.extend([{"type": "action", "to": "host", **act.fields()}
                                    for act in self.state.acts.values()])
        self.steps = self._plan()
        self._by_performer = self._effective = None
        self._drop_doomed_deeds()
        self.blocked = self._settle_blocks()
        self._effective = None
        self._after_blocks()
        self._reanimation()
        staged = [(at, step, effect) for step in self.effective() for at, effect in step.spec.effects]
        staged.sort(key=itemgetter(0))  # stable: within a stage, the plan's order
        pending = iter(staged)
        item = next(pending, None)
        for stage in STAGES:
            while item is not None and item[0] is stage:
                if item[1].performer not in self.cancelled:
                    item[2](self, item[1].act)
                item = next(pending, None)
            if stage is Stage.KILL:
                self._after_kills()
                self._settle_deaths()
            elif stage is Stage.REACTION:
                for name in list(self.dead):
                    player = self.state.players[name]
                    reaction = ROLES[player.role].reaction
                    if reaction is not None:
                        reaction(self, player)
                self._settle_deaths()
                if self.dry_run:
                    break  # a rehearsal is asked only who dies, and no later stage kills
        self._list_saved()
        seats = self.state.players
        self.out.deaths = sorted(self.dead, key=lambda name: seats[name].seat)
        if not self.dry_run:
            self._remember_visits()
            consequences.after_night(self)
            self._remember()
            for change in self._later:
                change(self.state)
        return self.out

    def _plan(self) -> list[Step]:
        for impose in self.state.roles.at_plan:  # deeds given to players instead of what they send
            impose(self)
        steps: list[Step] = []
        boss_acts: dict[str, list[tuple[Act, Action]]] = {}  # clan -> what its senders sent
        state, imposed, without = self.state, self.imposed, self.without
        players, roles = state.players, state.roles
        for actor, act in state.acts.items():
            if actor in imposed:
                continue  # he does the deed imposed on him instead
            if actor == without:
                continue  # the rehearsal told to the reanimator leaves his own action out
            player = players[actor]
            spec = abilities.resolved_spec(state, player, act)
            if spec is None or spec is VOTE_KILL:
                continue
            if spec.boss and player.clan is not None:
                boss_acts.setdefault(player.clan, []).append((act, spec))
            else:
                steps.append(Step(actor, roles.resolved_act(act), spec, act))
        if self.state.vote_kills:
            chains = {clan: abilities.clan_chain(self.state, clan) for clan in self.state.bosses}
            steps.extend(clan_votes(self, chains))
            return steps + self._imposed_steps()
        for clan, sent in boss_acts.items():
            boss = self.state.bosses.get(clan)
            if boss is None or boss in self.imposed:
                continue
            in_force, spec = sent[0] if len(sent) == 1 else min(
                sent, key=lambda pair: abilities.boss_rank(self.state, pair[0].actor))
            steps.append(Step(boss, in_force, spec))
        return steps + self._imposed_steps()

    def _drop_doomed_deeds(self) -> None:
        """RULINGS.md: a drunk player who dies on the night his carried deed is due does not do it ("если
        сама жертва умирает ход не срабатывает"). Whether he dies is asked of a rehearsal of the night
        without his deed, as the reanimator's list is; a rehearsal asks none of its own (they would ask
        each other), so a night's rehearsal counts every carried deed as done."""
        if self.dry_run or not self.imposed:
            return
        for performer in sorted(self.imposed):
            if performer in Night(self.state, dry_run=True, without=performer).resolve().deaths:
                self.cancel(performer)

    def _imposed_steps(self) -> list[Step]:
        """The deeds imposed tonight (the alcoholic's victims' carried ones), each held to tonight's count
        of the living (its action's `tonight`)."""
        steps = []
        for performer, imposed in self.imposed.items():
            if performer == self.without:
                continue  # the rehearsal asking whether he dies leaves his deed out
            act: Act | None = imposed
            spec = abilities.delayed_spec(self.state, imposed)
            if spec is not None and spec.tonight is not None:
                act = spec.tonight(self.state, imposed)
                spec = None if act is None else abilities.delayed_spec(self.state, act)
            if act is not None and spec is not None:
                steps.append(Step(performer, self.state.roles.resolved_act(act), spec, act))
        return steps

    def _settle_blocks(self) -> set[str]:
        """The alcoholic's drink first (it beats every block), then the mafia's and the town's blocks
        together (the blackmailer's and thug's win only a mutual block with a girl or cop), then the weak."""
        blocked: set[str] = set()
        blockers = [s for s in self.steps if s.spec.block_tier is not None and s.performer not in self.cancelled]
        if not blockers:
            return blocked
        tiers = {s.performer: s.spec.block_tier for s in blockers}
        for layer_tiers in BLOCK_LAYERS:
            layer = {s.performer: s.act.targets[0] for s in blockers
                     if s.spec.block_tier in layer_tiers and s.performer not in blocked}
            if not layer:
                continue
            effective = _effective_blocks(layer, _mutual_losers(layer, tiers))
            for blocker, target in effective.items():
                # an effective equal is not stopped by the block it meets: both take effect
                if target in effective:
                    self.held.add(target)
                    continue
                if tiers.get(target) is BlockTier.ALCOHOLIC and tiers[blocker] is not BlockTier.ALCOHOLIC:
                    continue  # "Ход Алкоголика приоритетнее блока Мента, девочки": no block stops him
                if tiers[blocker] is BlockTier.WEAK and not self._weak_block_takes(blocker, target):
                    continue
                blocked.add(target)
        return blocked

    def _weak_block_takes(self, blocker: str, target: str) -> bool:
        """The weak block (the cardsharp's, the joker's) cannot stop a girl or cop who sent an action."""
        step = self.step_of(target)
        if step is not None and step.spec.block_tier is BlockTier.TOWN:
            return False
        spec = self.step_of(blocker)
        chance = spec.spec.block_chance if spec is not None else None
        return chance is None or self.draw(f"weak_block:{blocker}:{target}", chance)

    def _after_blocks(self) -> None:
        """What an action does once blocks are settled, before any stage: the bloody kill marks its
        target's visitors, whose visit then does nothing."""
        for step in self.steps:
            if step.spec.after_blocks is not None and step.performer not in self.blocked | self.cancelled:
                step.spec.after_blocks(self, step.act)

    def _reanimation(self) -> None:
        """The reanimator acts after everyone: he is told who died tonight and may revive one of them. A
        joker's copied revive is sent with everyone else's and takes if its target is among the dead."""
        following = self.state.roles.following  # the roles in play that act after everyone
        if self.dry_run or not following:
            return  # nobody in play does (a joker copies only roles dealt)
        told = [p.name for p in self.state.living() if p.role in following]
        for name in told:
            self._reanimate(name, told=True)
        for step in self.steps:
            if step.spec.after_everyone and step.performer not in told:
                self._reanimate(step.performer, told=False)

    def _reanimate(self, reanimator: str, told: bool) -> None:
        deaths = self.told.get(reanimator)
        if deaths is None:
            deaths = Night(self.state, dry_run=True, without=reanimator).resolve().deaths
        if reanimator in deaths:
            self.cancel(reanimator)  # Ruling: a reanimator killed tonight does not act
            return
        if told:
            self.out.info.append({"to": reanimator, "kind": "deaths_tonight", "targets": list(deaths)})
        step = next((s for s in self.effective() if s.performer == reanimator and s.spec.after_everyone), None)
        if step is None or step.act.targets[0] not in deaths:
            return
        patient = ROLES[self.player(step.act.targets[0]).role]
        # RULINGS.md: the revive is a heal: "не лечится" (the handsome), and the dandelion dies of any
        # action aimed at him
        if not patient.unhealable and not patient.dies_of_any_action:
            self.revives[step.act.targets[0]] = reanimator

    def _after_kills(self) -> None:
        asked = self.state.roles.after_kills_roles  # the roles in play with such a hook (the sniper)
        if asked:
            for player in self.state.living():
                hook = ROLES[player.role].after_kills if player.role in asked else None
                if hook is not None:
                    hook(self, player)
        for strike in self.state.roles.at_kills:  # the roles' once-a-night strikes, in their order
            strike(self)

    def _settle_deaths(self) -> None:
        while self._settled < len(self.attacks):
            attack = self.attacks[self._settled]
            self._settled += 1
            if attack.victim in self.dead or not self.state.players[attack.victim].alive:
                continue
            saver = self._saver(attack)
            if saver is None:
                self.dead.add(attack.victim)
            else:
                attack.saved_by = saver

    def _list_saved(self) -> None:
        for attack in self.attacks:
            victim = attack.victim
            if victim not in self.dead and victim not in self.out.saved and self.state.players[victim].alive:
                self.out.saved.append(victim)

    def _saver(self, attack: Attack) -> str | None:
        victim = attack.victim
        if victim in self.revives:
            return self.revives[victim]
        if attack.unstoppable:
            return None
        guard = protection.immune(self, attack)
        if guard is not None:
            return guard
        for saver in self.state.roles.savers:  # the roles' savers, in their declared order
            saved_by = saver(self, attack)
            if saved_by is not None:
                return saved_by
        return None

    def _remember_visits(self) -> None:
        """What the Council may be asked tomorrow night: who visited whom."""
        visits: set[tuple[str, str]] = set()
        for step in self.effective():
            role = self.state.players[step.performer].role
            if step.spec.visits:
                visits.update([(role, target) for target in step.act.targets])
        self.state.last_visits = visits

    def _remember(self) -> None:
        """Each actor's deed of the night, for tomorrow's limits: what he sent (RULINGS.md: the limits
        compare with what he sent, blocked or not), or the deed imposed on him tonight (the alcoholic's
        victim's, carried over), which replaces it. `treated`: whom his heals covered (as the doctor's
        effects and savers noted it)."""
        state, number, treated = self.state, self.number, self.treated
        deeds = dict(state.acts)
        if self.imposed:
            for step in self.steps:
                if step.performer in self.imposed and step.sent is not None:
                    deeds[step.performer] = step.sent  # the drunk player's one action tonight
        memory = state.memory
        for actor, act in deeds.items():
            memory[actor] = Memory(number, act.action, act.targets, act.chosen, _detail(act),
                                   frozenset(treated[actor]) if actor in treated else NOBODY)
        for step in self.steps:  # what the rules remember of a deed sent (the postman's recipients)
            if step.spec.on_sent is not None and step.sent is not None and deeds.get(step.performer) is step.sent:
                step.spec.on_sent(state, step.sent)


def _mutual_losers(layer: dict[str, str], tiers: dict[str, BlockTier | None]) -> set[str]:
    """RULINGS.md: "при взаимном блоке" the blackmailer's or thug's block stands and the girl or cop who
    blocks him back is the one blocked; her block on him does not count."""
    return {blocker for blocker, target in layer.items()
            if tiers[blocker] is BlockTier.TOWN and tiers.get(target) is BlockTier.MAFIA
            and layer.get(target) == blocker}


def _effective_blocks(layer: dict[str, str], losers: AbstractSet[str] = frozenset()) -> dict[str, str]:
    """Blocks of one layer: a blocker blocked by an effective blocker does not block; blocks that meet in
    a circle (the girl and the cop at each other) all take effect (each is then `held`). `losers` block
    back in a mutual block they lose: their block does not count against the one they meet."""
    attackers: dict[str, list[str]] = {}
    for blocker, target in layer.items():
        if blocker not in losers:
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


def _detail(act: Act) -> str | None:
    """What the rules remember beside the option: the action a copy used, or the question's arguments."""
    if act.copy is not None:
        return act.copy.use
    return act.question.args if act.question is not None else None
