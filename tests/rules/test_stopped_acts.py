"""RULINGS.md, "Further rulings": "A blocked (or drunk) actor's act did not happen tonight: it exposes nobody
and leaves no evidence, for every role as for the boss. "Whether or not it took effect" above means an act
that was carried out and met protection (a healed or guarded target), not one that was stopped."

Over every act that can expose its actor or leave evidence, every way of stopping it (a girl's, a cop's,
a thug's or a blackmailer's block, the alcoholic's drink, the sniper's pre-emptive shot) and its targets,
with every chance coming up: a stopped act leaves the night without a trace; the same act carried out
onto protected targets still exposes whom it exposes. The scenarios in tests/scenarios/further/ pin the
single cases."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseResult
from rankedmafia.rules.seating import Seat

TABLE = {"Вася": "mafia1", "Петя": "mafia2", "Коля": "commissar", "Маша": "doctor", "Катя": "girl", "Дима": "cop",
         "Саша": "maniac", "Алик": "alcoholic", "Гоша": "thug", "Стас": "blackmailer", "Лена": "civilian",
         "Игорь": "civilian", "Аня": "civilian", "Женя": "civilian", "Тимур": "sniper"}
CIVILIANS = ["Лена", "Игорь", "Аня", "Женя"]
# (actor, action, how many targets, whom it exposes when carried out)
ACTS = [("Вася", "kill", 2, "Вася"), ("Вася", "kill_intimidate", 2, "Вася"), ("Маша", "serum", 1, "Маша"),
        ("Коля", "kill", 1, None), ("Саша", "kill_bloody", 1, None), ("Саша", "torture", 1, None)]
STOPPERS = [("Катя", "block"), ("Дима", "guard"), ("Гоша", "block"), ("Стас", "block"), ("Алик", "drink")]
TRACES = {"exposed", "serum", "tortured", "interview"}  # the events by which an act tells the town who did it


def _game() -> Game:
    return Game([Seat(name, role) for name, role in TABLE.items()], seed=1, chance="always")


def _left_no_trace(result: PhaseResult, actor: str) -> None:
    assert result.deaths == []
    assert result.exposed == {}
    assert result.revealed == {}
    assert not [e for e in result.events if e["type"] in TRACES or e.get("evidence")]
    assert not [i for i in result.info if i["kind"] == "serum"]


act_and_targets = st.sampled_from(ACTS).flatmap(
    lambda act: st.tuples(st.just(act), st.permutations(CIVILIANS).map(lambda order: order[:act[2]])))


@given(act_and_targets, st.sampled_from(STOPPERS))
def test_a_stopped_act_exposes_nobody_and_leaves_no_evidence(
        chosen: tuple[tuple[str, str, int, str | None], list[str]], stopper: tuple[str, str]) -> None:
    (actor, action, _, _), targets = chosen
    g = _game()
    g.submit(Act(actor, action, tuple(targets)))
    g.submit(Act(stopper[0], stopper[1], (actor,)))
    _left_no_trace(g.resolve(), actor)
    assert not [s for s in g.state.silences if s.cause == "boss"]  # a stopped double action costs no vote


@given(act_and_targets)
def test_an_act_carried_out_onto_protected_targets_still_exposes(
        chosen: tuple[tuple[str, str, int, str | None], list[str]]) -> None:
    (actor, action, _, exposes), targets = chosen
    g = _game()
    g.submit(Act(actor, action, tuple(targets)))
    if action != "kill_bloody":  # a bloody kill takes the cop who visits its target: the doctor heals it
        g.submit(Act("Дима", "guard", (targets[-1],)))
    if len(targets) == 2 or action == "kill_bloody":
        g.submit(Act("Маша", "heal", (targets[0],)))
    result = g.resolve()
    assert result.deaths == []
    assert result.exposed == ({exposes: "boss" if actor == "Вася" else "doctor"} if exposes else {})


@given(st.sampled_from(["kill", "kill_intimidate"]), st.sampled_from(CIVILIANS))
def test_a_boss_the_sniper_shoots_down_before_he_acts_exposes_nobody(action: str, other: str) -> None:
    g = _game()
    g.submit(Act("Вася", action, ("Тимур", other)))
    g.submit(Act("Тимур", "kill", ("Вася",)))
    result = g.resolve()
    assert result.deaths == ["Вася"]
    assert result.exposed == {}
    assert other not in result.silenced
    assert not [e for e in result.events if e["type"] in TRACES]
