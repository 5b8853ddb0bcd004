"""Маньяк, who plays for himself:
1. `kill_bloody` — the victim's role is revealed and the town learns it was the maniac; a girl, cop,
   alcoholic, blackmailer or thug who visited the victim dies too, and what they came to do does not happen;
2. `kill_quick` — no trace;
3. `torture` — the victim cannot vote for two days (announced both days), 50% evidence; his own night
   action still happens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules.chance import HALF
from rankedmafia.rules.model import Act, Side
from rankedmafia.rules.role import Action, BlockTier, Role, Stage
from rankedmafia.rules.roles.common import kill_source

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext


VISITOR_TIERS = (BlockTier.ALCOHOLIC, BlockTier.MAFIA, BlockTier.TOWN)  # who comes to the target's door
VISITOR = "bloody_visitor"  # tonight's mark on a visitor of a bloody kill's target: by = the target


def _mark_visitors(night: NightContext, act: Act) -> None:
    """Once blocks are settled: the target's unblocked visitors will die with him, and what they came to
    do there (the silence, the guard, the drink's delay) does not happen; the target's own action stays
    stopped ("НД цели не срабатывает")."""
    target = act.targets[0]
    for step in night.steps:
        if (night.visit_tier(step) in VISITOR_TIERS and step.performer not in night.blocked
                and target in step.act.targets and step.performer != act.actor):
            night.mark(VISITOR, step.performer, target)
            night.void(step.performer)


def _kill_bloody(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    night.attack(act.actor, target, source=kill_source(night, act.actor), kind="bloody")
    for visitor, visited in night.marks_of(VISITOR).items():
        if visited == target:
            night.attack(act.actor, visitor, source=kill_source(night, act.actor), kind="bloody_visitor")


def _kill_quick(night: NightContext, act: Act) -> None:
    night.attack(act.actor, act.targets[0], source=kill_source(night, act.actor), kind="quick")


def _torture(night: NightContext, act: Act) -> None:
    target = act.targets[0]
    if night.silence(target, by=act.actor, cause="torture", days=2):
        evidence = night.draw(f"torture_evidence:{target}", HALF)
        night.event("tortured", to=None if evidence else "host", player=target, evidence=evidence)


MANIAC = Role(
    id="maniac", side=Side.LONERS, killer=True, team="maniac",
    names={"ru": ("маньяк", "маньяка"), "en": ("maniac", "maniac")},
    actions=(
        Action("kill_bloody", after_blocks=_mark_visitors, effects=((Stage.KILL, _kill_bloody),)),
        Action("kill_quick", effects=((Stage.KILL, _kill_quick),)),
        Action("torture", effects=((Stage.EFFECT, _torture),)),
    ),
)
