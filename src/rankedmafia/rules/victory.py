"""The end of the game (RULINGS.md, "Victory" and "Stalemate").

The town wins when no hostile side has a living member. A hostile side wins when it is the only hostile
side left and its living members are at least half of the living (one-on-one included). Nobody alive: a
draw. Checked after every night and every day.

A game may also end with no winner (`winner` None, `GameState.ended` says why): a stalemate, when three
nights and three days in a row pass with nobody dying and nobody hanged (the house rule `stalemate` sets
the count or turns it off), or the host's end by hand.
"""

from __future__ import annotations

from rankedmafia.rules.model import Player, Side
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.state import GameState

DRAW = "draw"
STALEMATE = "stalemate"  # `GameState.ended`: nothing changed for the house rule's count of nights and days
HOST = "host"  # `GameState.ended`: the host ended the game by hand


def is_hostile(player: Player) -> bool:
    role = ROLES[player.role]
    if role.hostile is not None:
        return role.hostile
    return player.team != "town" and (player.clan is not None or role.side is not Side.TOWN)


def winner(state: GameState) -> str | None:
    living = state.living()
    if not living:
        return DRAW
    teams: dict[str, int] = {}  # living members by team
    hostile: set[str] = set()
    for player in living:
        team = player.team
        teams[team] = teams.get(team, 0) + 1
        if team not in hostile and is_hostile(player):
            hostile.add(team)
    if not hostile:
        return "town"
    if len(hostile) == 1:
        team = next(iter(hostile))
        if 2 * teams[team] >= len(living):
            return team
    return None


def stalled(state: GameState, deaths: int) -> bool:
    """Counts a phase just over that had no winner (`deaths`: how many died or were hanged in it), and
    says whether the game ends in a stalemate there: the house rule's count of nights and days in a row
    with nobody dead or hanged (RULINGS.md, "Stalemate")."""
    state.quiet = 0 if deaths else state.quiet + 1
    limit = state.rules.stalemate_phases()
    return limit is not None and state.quiet >= limit


def winners(state: GameState, team: str | None) -> list[str]:
    """The winning side's players, and beside them a cardsharp alive with no killing role alive ("выиграет,
    если в городе не останется стреляющих ролей")."""
    if team is None or team == DRAW:
        return []
    names = [p.name for p in state.players.values() if p.team == team]
    shooters = any(p.alive and (ROLES[p.role].killer or state.is_boss(p.name)) for p in state.players.values())
    if not shooters:
        names += [p.name for p in state.players.values() if p.alive and ROLES[p.role].wins_without_shooters]
    return names
