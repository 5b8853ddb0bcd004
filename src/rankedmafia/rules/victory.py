"""The end of the game (RULINGS.md, "Victory").

The town wins when no hostile side has a living member. A hostile side wins when it is the only hostile
side left and its living members are at least half of the living (one-on-one included). Nobody alive: a
draw. Checked after every night and every day.
"""

from __future__ import annotations

from rankedmafia.rules.model import Player, Side
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.state import GameState

DRAW = "draw"


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
