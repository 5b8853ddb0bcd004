"""The day's vote: weights, the doomed, the defense, the gallows.

Each living player casts one vote: red for a candidate or blue to hang nobody. Weights are 1, the
prosecutor's red 2, the doctor's blue 3, and 0 for a silenced player and for a boss who lost his vote
(accepted and weighing nothing, so that nothing leaks). The candidate with the most red weight is doomed if
it is greater than all the blue weight and nobody ties him; a defended doomed player is not hanged.
"""

from __future__ import annotations

from rankedmafia.rules.consequences import after_deaths, announced_role, day_reveal
from rankedmafia.rules.model import BLUE, PhaseResult
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.state import GameState


def weight(state: GameState, voter: str, choice: str) -> int:
    return _weight(state, voter, choice, state.is_silenced(voter, state.phase.number))


def _weight(state: GameState, voter: str, choice: str, silenced: bool) -> int:
    if silenced:
        return 0
    role = ROLES[state.players[voter].role]
    return role.blue_vote if choice == BLUE else role.red_vote


def tally(state: GameState) -> tuple[dict[str, int], int]:
    red: dict[str, int] = {}
    blue = 0
    today = state.phase.number
    silenced = {s.player for s in state.silences if today in s.days}  # is_silenced, once for every voter
    for voter, choice in state.votes.items():
        if not state.players[voter].alive:
            continue
        w = _weight(state, voter, choice, voter in silenced)
        if choice == BLUE:
            blue += w
        else:
            red[choice] = red.get(choice, 0) + w
    return red, blue


def doomed(state: GameState, red: dict[str, int], blue: int) -> str | None:
    if not red:
        return None
    top = max(red.values())
    if top <= blue:
        return None
    leaders = [name for name, weight in red.items() if weight == top]
    if len(leaders) == 1:
        return leaders[0]
    leaders.sort(key=lambda name: state.players[name].seat)  # a tie is drawn among them in seat order
    if state.rules.tie == "random":
        return leaders[state.chance.index(f"day{state.phase.number}:tie", len(leaders))]
    return None


def gallows(state: GameState, doomed: str) -> tuple[list[str], list[str]]:
    """Who hangs for the doomed, and whom a defense keeps from it (RULINGS.md, "Day").

    The doomed goes to the gallows, and with him whom a role drags along (the rake's mark); for each of
    them a role's gallows hook, asked in their declared order, may say who hangs in his place (the
    handsome: nobody; the fan: himself for the maniac); otherwise he hangs unless defended (the lawyer's
    defense, unless the prosecutor lifted it, or the handsome's killer's).
    """
    going = [doomed]
    for drags in state.roles.drags:
        going += [name for name in drags(state, doomed) if name not in going and state.players[name].alive]
    hanged: list[str] = []
    defended: list[str] = []
    for name in going:
        hangs, kept = _in_place_of(state, name)
        hanged += [n for n in hangs if n not in hanged]
        defended += [n for n in kept if n not in defended]
    return hanged, defended


def _in_place_of(state: GameState, name: str) -> tuple[list[str], list[str]]:
    """Who hangs for one player going to the gallows, and whose defense keeps him from it."""
    for hook in state.roles.at_gallows:
        verdict = hook(state, name, state.defended)
        if verdict is not None:
            return verdict
    return ([], [name]) if name in state.defended else ([name], [])


def resolve(state: GameState) -> PhaseResult:
    out = PhaseResult(state.phase)
    red, blue = tally(state)
    condemned = doomed(state, red, blue)
    # The votes are public; their weights are not (the doctor's blue and the boss's lost vote are silent).
    out.events.append({"type": "votes", "to": None, "votes": dict(state.votes)})
    out.events.append({"type": "tally", "to": "host", "red": dict(red), "blue": blue})
    if condemned is not None:
        out.hanged, out.defended = gallows(state, condemned)
        for name in out.defended:
            out.events.append({"type": "defended", "to": None, "player": name})
        if not out.hanged and not out.defended:
            out.events.append({"type": "unhangable", "to": None, "player": condemned})
    state.die(out.hanged)
    for name in out.hanged:
        role = announced_role(state, name) if day_reveal(state, name) else None
        if role is not None:
            out.revealed[name] = role
        out.events.append({"type": "hanged", "to": None, "player": name, "role": role})
    if not out.hanged:
        out.events.append({"type": "nobody_hanged", "to": None})
    state.defended = set()
    state.marks = [m for m in state.marks if m.day > state.phase.number]  # today's marks are spent
    after_deaths(state, out.hanged, out.role_changes, out.events, out.info)
    return out
