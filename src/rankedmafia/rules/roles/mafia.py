"""Ранговая мафия: 1-й, 2-й и 3-й ранг, and the boss's night action.

"В начале игры боссом мафии является 1й ранг. После его смерти боссом становится 2й ранг, в случае гибели
2го - 3й ранг." The boss may: kill one or two players (75% that a double kill exposes his nickname; not two
when three are alive), intimidate 1-3 players (2 when fewer than 10 are alive) or one instead of the second
kill, and loses his vote silently after a double action or intimidating half of the living. Any ranked
mafioso may send the action; the highest-ranked sender's stands. In a game with a double agent a clan's
ranks count him at his place (RULINGS.md), so a clan dealt three ranks has a 4th-rank mafioso.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rankedmafia.rules import council
from rankedmafia.rules.chance import THREE_QUARTERS
from rankedmafia.rules.context import Step
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Act, Player, Side
from rankedmafia.rules.role import Action, CountLimit, Role, Stage
from rankedmafia.rules.roles.common import boss_of, kill_source

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext
    from rankedmafia.rules.state import GameState

INTIMIDATION_CAP_BELOW = 10  # fewer living than this: at most two intimidated
ONE_KILL_AT = 3  # "когда в игре остаются всего три участника, мафия лишается права убивать двоих"


def _double_action(night: NightContext, act: Act) -> None:
    """A double action: 75% the boss's nickname is exposed, and his vote is lost tomorrow, silently. It is
    paid once kills are settled, so that an act that was stopped costs nothing (RULINGS.md: a blocked or
    drunk boss, or one the sniper shoots down before he acts, exposes nobody)."""
    boss = boss_of(night, act.actor)
    if night.draw(f"boss_exposure:{boss}", THREE_QUARTERS):
        night.expose(boss, "boss")
    night.silence(boss, by=boss, cause="boss", announced=False)


def _double_kill(night: NightContext, act: Act) -> None:
    if len(act.targets) == 2:
        _double_action(night, act)


def _kill(night: NightContext, act: Act) -> None:
    boss = boss_of(night, act.actor)
    for victim in act.targets:
        night.attack(boss, victim, source=kill_source(night, act.actor))


def _kill_intimidate(night: NightContext, act: Act) -> None:
    night.attack(boss_of(night, act.actor), act.targets[0], source=kill_source(night, act.actor))


def _intimidate_second(night: NightContext, act: Act) -> None:
    night.silence(act.targets[1], by=boss_of(night, act.actor), cause="intimidation")


def _intimidate(night: NightContext, act: Act) -> None:
    boss = boss_of(night, act.actor)
    for target in act.targets:
        night.silence(target, by=boss, cause="intimidation")
    if 2 * len(act.targets) >= night.alive_at_start:
        night.silence(boss, by=boss, cause="boss", announced=False)


def _ask(night: NightContext, act: Act) -> None:
    yes = council.answer(night.state, *_asked(act), defended=night.defenses - night.prosecuted)
    for clan in night.state.clans_of(act.actor) or (None,):
        members = night.state.clan_members(clan) if clan else [night.player(act.actor)]
        for member in members:
            night.inform(member.name, "answer", "yes" if yes else "no")


def _question(state: GameState, player: Player, act: Act) -> None:
    council.validate(state, *_asked(act))


def _asked(act: Act) -> tuple[str | None, str | None]:
    """The question's template and arguments (JSON); a bare template asks with no arguments."""
    return (act.question.template, act.question.args) if act.question is not None else (act.option, None)


def _most_killed(state: GameState) -> int:
    """How many the mafia's deed may kill tonight: two, but one when the night falls with three alive."""
    return 1 if state.alive_at_start == ONE_KILL_AT else 2


def _most_intimidated(state: GameState) -> int:
    """How many the mafia may intimidate tonight: three, but two with fewer than ten alive."""
    return 2 if state.alive_at_start < INTIMIDATION_CAP_BELOW else 3


def _no_double_at_three(state: GameState, act: Act) -> RuleViolation:
    return RuleViolation("mafia_double_at_three", action=act.action)


def _intimidation_cap(state: GameState, act: Act) -> RuleViolation:
    return RuleViolation("intimidation_cap", most=_most_intimidated(state))


ONE_KILL_AT_THREE = CountLimit(_most_killed, _no_double_at_three)
TWO_INTIMIDATED_BELOW_TEN = CountLimit(_most_intimidated, _intimidation_cap)


def _one_kill_at_three(state: GameState, act: Act) -> Act:
    """A double kill or kill-and-intimidate carried into a night that falls with three alive: the first
    victim's kill alone (Ruling)."""
    if len(act.targets) > _most_killed(state):
        return act._replace(action="kill", targets=act.targets[:_most_killed(state)])
    return act


def _two_intimidated_below_ten(state: GameState, act: Act) -> Act:
    """An intimidation of three carried into a night below ten alive: the first two (Ruling)."""
    return act._replace(targets=act.targets[:_most_intimidated(state)])


BOSS_ACTIONS = (
    Action("kill", targets=(1, 2), effects=((Stage.KILL, _kill), (Stage.EFFECT, _double_kill)),
           most=ONE_KILL_AT_THREE, boss=True, tonight=_one_kill_at_three),
    Action("kill_intimidate", targets=(2, 2), boss=True, most=ONE_KILL_AT_THREE, tonight=_one_kill_at_three,
           effects=((Stage.KILL, _kill_intimidate), (Stage.EFFECT, _intimidate_second),
                    (Stage.EFFECT, _double_action))),
    Action("intimidate", targets=(1, 3), effects=((Stage.EFFECT, _intimidate),), most=TWO_INTIMIDATED_BELOW_TEN,
           boss=True, tonight=_two_intimidated_below_ten),
    Action("ask", targets=(0, 0), option=council.QUESTION, option_check=_question, visits=False, boss=True,
           options=council.offered, effects=((Stage.INFO, _ask),)),
)


# Rule book, "Двойной агент": "В личку ведущему отписываются все мафиози, голосуя, кого они будут убивать
# ночью. Жертва, набравшая максимальное число голосов в мафиозном голосовании, погибает. Спорные ситуации
# решает босс мафии, имея не один голос, как у рядового мафиози, а полтора."
def _clan_kill(night: NightContext, act: Act) -> None:
    night.attack(act.actor, act.targets[0], source=act.option or kill_source(night, act.actor))


VOTE_KILL = Action("vote_kill", effects=((Stage.KILL, _clan_kill),))
BOSS_VOTE = Fraction(3, 2)


def clan_votes(night: NightContext, chains: dict[str, list[str]]) -> list[Step]:
    """In a game with a double agent, each clan kills whom its members' vote names (the agent's vote
    counts in both his clans; `chains`: each clan's living members who can lead it, in order); the kill
    falls on the boss, and his block stops it."""
    votes = [a for a in night.state.acts.values() if a.action == VOTE_KILL.id]
    steps = []
    for clan, boss in night.state.bosses.items():
        chain = chains[clan]
        ballot = [(a.actor, a.targets[0], chain.index(a.actor), a.actor == boss)
                  for a in votes if a.actor in chain]
        victim = clan_vote(ballot)
        if victim is not None and boss not in night.imposed:
            steps.append(Step(boss, Act(boss, VOTE_KILL.id, (victim,), option=clan), VOTE_KILL))
    return steps


def clan_vote(votes: list[tuple[str, str, int, bool]]) -> str | None:
    """The clan's victim from (voter, target, the voter's place in the chain, is he the boss): the most
    weight wins; a tie goes to the target of the highest-ranked voter among the tied."""
    weight: dict[str, Fraction] = {}
    for _, target, _, boss in votes:
        weight[target] = weight.get(target, Fraction(0)) + (BOSS_VOTE if boss else 1)
    if not weight:
        return None
    top = max(weight.values())
    tied = {t for t, w in weight.items() if w == top}
    return min((place, target) for _, target, place, _ in votes if target in tied)[1]


def _ranked(rank: int) -> Role:
    return Role(
        id=f"mafia{rank}", side=Side.MAFIA, succession=rank, ranked=True, killer=True,
        names={"ru": (f"мафиози {rank}-го ранга", f"мафиози {rank}-го ранга"),
               "en": (f"rank-{rank} mafioso", f"rank-{rank} mafioso")},
    )


MAFIA1, MAFIA2, MAFIA3 = _ranked(1), _ranked(2), _ranked(3)
# RULINGS.md, "The double agent's ranks": a clan's ranks are one sequence that counts the agent at his place,
# so a clan dealt three ranks has four beside him: the lowest of its mafiosi then holds the fourth
MAFIA4 = _ranked(4)
