"""What one sender may send tonight: the limits each action declares, read the same way by the refusal
of what he sends (`Sender.refuse`) and by the choices he is offered (`Sender.choice`), so that the two
never disagree and neither probes the other.

An action's limits are its declaration (rules/role.py): the number of targets; for each target wherever
it stands, alive, himself only if `self_target`, not last night's if `no_repeat`; and distinct targets.
Then what tonight allows: `forbidden` (the action at all), `most` (fewer targets by the count of the
living), `option_check` (its option: heal_from's source, the Council's question, the joker's role and
use) and `places` (names refused in one place: the postman's old recipients). A joker's copy is held to
the copied action's own limits, sent by him. The reanimator's revive names one of those he is told, once
the Game's follow-up step asks him (`told`).

So a choice (rules/choices.py) is exact by construction: the counts allowed, and for each place the
names allowed there; any distinct names, one from each place, make an act that is accepted
(tests/rules/test_choices.py checks it over many random games, tests/rules/test_limits.py act by act on small ones).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from rankedmafia.rules.choices import Choice, Copy
from rankedmafia.rules.council import QUESTION
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Player
from rankedmafia.rules.model import Copy as Copied
from rankedmafia.rules.role import Action, Bar
from rankedmafia.rules.state import GameState

THREE_ALIVE = 3  # "не два раза подряд" is lifted when the night falls with three alive


class Sender:
    """One living sender tonight: the actions he has and their limits as they read him. The Game keeps
    one for each player for the night (nothing they read changes before it is resolved) and hands it the
    living names in seat order; for the follow-up step, `told(name)` is the list he is told while the step
    asks him (else None), and `in_turn` refuses a follow-up action of one it does not ask now."""

    __slots__ = ("_pools", "actions", "in_turn", "living", "name", "player", "state", "told")

    def __init__(self, state: GameState, player: Player, actions: tuple[Action, ...], living: Sequence[str],
                 told: Callable[[str], Sequence[str] | None] | None = None,
                 in_turn: Callable[[Act], None] | None = None) -> None:
        self.state = state
        self.player = player
        self.name = player.name
        self.actions = actions
        self.living = living
        self.told = told
        self.in_turn = in_turn
        self._pools: dict[tuple[str, bool], list[str]] = {}  # `pool`, by action and whether he may name himself

    def action(self, action_id: str) -> Action | None:
        """His action of this id tonight, if he has it."""
        for spec in self.actions:
            if spec.id == action_id:
                return spec
        return None

    # --- whom he may name -------------------------------------------------------------------------
    def barred(self, spec: Action) -> tuple[str, ...]:
        """Whom this action may not name tonight: not the same player two nights running, by any of his
        role's actions that have the limit (the cardsharp may not peek at Вася and block him the next
        night); lifted when the night falls with three alive, where the action says so."""
        state = self.state
        if not spec.no_repeat or (state.alive_at_start == THREE_ALIVE and spec.repeat_at_three):
            return ()
        memory = state.memory.get(self.name)
        if memory is None or memory.night != state.phase.number - 1 or memory.action is None:
            return ()
        if memory.action == spec.id:
            return memory.targets
        last = state.roles[self.player.role].action(memory.action)
        return memory.targets if last is not None and last.no_repeat else ()

    def pool(self, spec: Action, own: bool | None = None) -> list[str]:
        """The living names this action may name in any place: not last night's (`barred`), and himself
        only if it may (`own`, if given, stands for the action's own `self_target`: a copy's is the
        copied action's). Kept for the night, by action."""
        own = spec.self_target if own is None else own
        key = (spec.id, own)
        pool = self._pools.get(key)
        if pool is None:
            name, barred = self.name, self.barred(spec)
            if barred:
                pool = [target for target in self.living if target not in barred and (own or target != name)]
            else:
                pool = list(self.living) if own else [target for target in self.living if target != name]
            self._pools[key] = pool
        return pool

    # --- the refusal ------------------------------------------------------------------------------
    def refuse(self, spec: Action, act: Act) -> None:
        """Raises the first limit of `spec` that `act` breaks, in a fixed order: each target a player
        of the game and alive (so a dead one is refused as dead, never as a wrong count), the number of
        targets, each target wherever it stands, their distinctness, the option, then what tonight allows
        (`forbidden`, `most`, `option_check`; a copy's own, then the copied action's), then the names
        refused in their places, then the follow-up step's turn."""
        least, most = spec.targets
        targets = act.targets
        for target in targets:
            aimed = self.state.player(target)  # an unknown name is refused here
            if not aimed.alive:
                raise RuleViolation("dead_target", name=target, name_sex=aimed.sex)
        if not least <= len(targets) <= most:
            raise RuleViolation("target_count", action=act.action, least=least, most=most, got=len(targets))
        copied = self._copied(spec, act) if spec.copies else None
        if targets:
            own = spec.self_target if copied is None else copied.self_target
            pool = self.pool(spec, own)  # the living names no target's own limit refuses
            for target in targets:
                if target not in pool:
                    raise self._target_refusal(spec, target, own)
            if len(targets) > 1 and len(set(targets)) != len(targets):
                raise RuleViolation("duplicate_target", action=act.action)
        if (spec.option is None) is not (act.chosen is None):
            _check_option(spec, act.chosen)
        if spec.plain:
            return  # the common case: no other limit
        if spec.copies:
            self._refuse_copy(spec, act, copied)
            return
        self._tonight(spec, act)
        self._places(spec, act)
        if spec.after_everyone and self.in_turn is not None:
            self.in_turn(act)

    def _copied(self, spec: Action, act: Act) -> Action | None:
        """The action a copy uses, as its role has it (with its limits); None for an act that copies nothing."""
        if act.copy is None:
            return None
        return self.state.roles.original(act.copy.role, act.copy.use)

    def _target_refusal(self, spec: Action, target: str, own: bool) -> RuleViolation:
        """Why this target is not in the action's pool: an unknown name, a dead player, himself, last
        night's (the pool is the living names none of these refuse)."""
        aimed = self.state.player(target)
        if not aimed.alive:
            return RuleViolation("dead_target", name=target, name_sex=aimed.sex)
        if target == self.name and not own:
            return RuleViolation("self_target", action=spec.id)
        return RuleViolation("repeat_target", action=spec.id, name=target)

    def _refuse_copy(self, spec: Action, act: Act, copied: Action | None) -> None:
        """A copy: its own check (a role of the setup and one of its actions, not last night's), then the
        copied action's limits as for its role, sent by him."""
        if spec.option_check is not None:
            spec.option_check(self.state, self.player, act)
        assert copied is not None  # a copy that names no such action is refused by its own check
        resolved = self.state.roles.resolved_act(act)
        _check_option(copied, resolved.chosen)
        least, most = copied.targets
        if not least <= len(act.targets) <= most:
            raise RuleViolation("target_count", action=copied.id, least=least, most=most, got=len(act.targets))
        self._tonight(copied, resolved)
        self._places(copied, resolved)

    def _tonight(self, spec: Action, act: Act) -> None:
        """What tonight allows of an action (not a copy): at all, how many, which option."""
        state = self.state
        if spec.forbidden is not None:
            spec.forbidden(state, self.player)
        if spec.most is not None and len(act.targets) > spec.most.most(state):
            raise spec.most.refusal(state, act)
        if spec.option_check is not None:
            spec.option_check(state, self.player, act)

    def _places(self, spec: Action, act: Act) -> None:
        if spec.places is None:
            return
        for bar in spec.places(self.state, self.player):
            if bar.place < len(act.targets) and act.targets[bar.place] in bar.names:
                raise bar.refusal(act.targets[bar.place])

    # --- the choices ------------------------------------------------------------------------------
    def choice(self, spec: Action, only: tuple[str, str] | None = None) -> Choice | None:
        """What he may send of this action tonight, or None if nothing of it is accepted. `only` (a role
        and one of its actions): of a joker's copy, that use alone."""
        if spec.plain:  # the common case: any distinct names of its pool, as many as its range allows
            return self._offer(spec, self.pool(spec))
        if spec.copies:
            return self._copy_choice(spec, only)
        if not self._allows(spec):
            return None
        pool = self.pool(spec)
        if spec.after_everyone:  # his list, once the follow-up step asks him
            told = self.told(self.name) if self.told is not None else None
            if told is None:
                return None
            pool = [name for name in pool if name in told]
        return self._offer(spec, pool)

    def _allows(self, spec: Action) -> bool:
        """Whether `forbidden` lets him send this action tonight at all."""
        if spec.forbidden is None:
            return True
        try:
            spec.forbidden(self.state, self.player)
        except RuleViolation:
            return False
        return True

    def _offer(self, spec: Action, pool: Sequence[str]) -> Choice | None:
        """This action's choice from the names it may name anywhere (`pool`), once `forbidden` allows it
        (for a copy: the copied action's, sent by him)."""
        least, most = spec.targets
        if spec.most is not None:
            most = min(most, spec.most.most(self.state))
        options: tuple[str, ...] = ()
        if spec.option is not None:
            options = self._option_values(spec)
            if not options:
                return None
        bars = spec.places(self.state, self.player) if spec.places is not None else ()
        if not bars:
            top = min(most, len(pool))
            if top < least:
                return None
            return Choice(spec.id, tuple(range(least, top + 1)), (tuple(pool),) * top, spec.option, options)
        return self._barred_choice(spec, pool, least, most, bars, options)

    def _option_values(self, spec: Action) -> tuple[str, ...]:
        """The option's values he may send: the Council's templates as offered (their arguments are the
        question's fields), any other option's values that its check lets stand for him."""
        values = spec.options(self.state) if spec.options is not None else []
        if spec.option == QUESTION or spec.option_check is None:
            return tuple(values)
        check = spec.option_check
        allowed = []
        for value in values:
            act = Act(self.name, spec.id, (), value)
            try:
                check(self.state, self.player, act)
            except RuleViolation:
                continue
            allowed.append(value)
        return tuple(allowed)

    def _barred_choice(self, spec: Action, pool: Sequence[str], least: int, most: int, bars: tuple[Bar, ...],
                       options: tuple[str, ...]) -> Choice | None:
        """An action with names refused in some places: each place's names, and the counts whose places
        can be filled with distinct names; a name is shown in a place if the other places can then be
        filled too."""
        places: list[Sequence[str]] = [pool] * min(most, len(pool))
        for bar in bars:
            if bar.place < len(places):
                places[bar.place] = [name for name in places[bar.place] if name not in bar.names]
        counts = [count for count in range(least, len(places) + 1) if _fits(places[:count])]
        if not counts:
            return None
        shown = []
        for index in range(max(counts)):
            wider = [places[:count] for count in counts if count > index]
            if any(all(len(place) >= len(within) for i, place in enumerate(within) if i != index)
                   for within in wider):
                shown.append(tuple(places[index]))  # the other places can be filled around any name
                continue
            shown.append(tuple(name for name in places[index]
                               if any(_fits(_with(within, index, name)) for within in wider)))
        return Choice(spec.id, tuple(counts), tuple(shown), spec.option, options)

    def _copy_choice(self, spec: Action, only: tuple[str, str] | None) -> Choice | None:
        """The joker's copy: for each role he may copy, each of its actions he may use tonight, with the
        copied action's own limits (`only`: that one role and use alone)."""
        state, roles = self.state, self.state.roles
        copies = []
        for role in spec.options(state) if spec.options is not None else ():
            if only is not None and role != only[0]:
                continue
            uses = []
            for copied in roles.copyable(role):
                if only is not None and copied.id != only[1]:
                    continue
                if spec.option_check is not None:
                    try:
                        spec.option_check(state, self.player, Act(self.name, spec.id, copy=Copied(role, copied.id)))
                    except RuleViolation:
                        continue
                if not self._allows(copied):
                    continue
                choice = self._offer(copied, self.pool(spec, copied.self_target))
                if choice is not None:
                    uses.append(choice)
            if uses:
                copies.append(Copy(role, tuple(uses)))
        if not copies:
            return None
        return Choice(spec.id, (), (), spec.option, tuple(c.role for c in copies), tuple(copies))


def _check_option(spec: Action, option: str | None) -> None:
    if spec.option is not None and option is None:
        raise RuleViolation("missing_option", action=spec.id, option=spec.option)
    if spec.option is None and option is not None:
        raise RuleViolation("unexpected_option", action=spec.id)


def _with(places: Sequence[Collection[str]], index: int, name: str) -> list[Collection[str]]:
    """The places with `name` alone in place `index`."""
    return [(name,) if i == index else place for i, place in enumerate(places)]


def _fits(places: Sequence[Collection[str]]) -> bool:
    """Whether distinct names, one from each place, can be drawn: at once if every place has as many
    names as there are places, else tried in turn (there are at most three places)."""
    if all(len(place) >= len(places) for place in places):
        return True

    def fill(index: int, used: frozenset[str]) -> bool:
        if index == len(places):
            return True
        return any(name not in used and fill(index + 1, used | {name}) for name in places[index])

    return fill(0, frozenset())
