"""What a finished game did, read from its log: who played which role on which side, who won, who
survived, which actions each used. Read only from finished games (nothing here is secret any more).

The rating teams: every side of the game is a team (`Player.team`: the town, each mafia clan, the
maniac's side), every loner is a team of his own, and a player who wins beside another side (the cardsharp
beside the winners) is rated in the team he wins with; the detective is dealt onto a side and plays in it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from rankedmafia.live.live_game import LiveGame, replay
from rankedmafia.setup import Setup, preset, preset_names
from rankedmafia.store import LogEntry

VICTORY = "victory"
ABSENT = "absent:"  # the rating team of a player a bot replaced for his absence: his own, and lost


@dataclass(slots=True)
class SeatOutcome:
    name: str
    role: str  # at the end (a joker's or werewolf's role may have changed)
    initial_role: str
    team: str  # whom he played for
    rating_team: str  # the team he is rated in (see the module's docstring)
    won: bool
    alive: bool
    actions: dict[str, int] = field(default_factory=dict)
    account: int | None = None  # filled from rm_game_accounts, never from the log


@dataclass(slots=True)
class GameOutcome:
    game_id: str
    setup: str
    title: dict[str, str]
    players: int
    ended_at: float
    ended_by: str  # victory | stalemate | host
    winner: str | None  # a team, "draw", or None when nobody won (a stalemate, or the host ended it)
    days: int
    seats: list[SeatOutcome]
    source: str = "web"
    preset: str | None = None  # the preset this game's setup is exactly, if any
    replaced: list[str] = field(default_factory=list)  # seats that changed hands: such a game is not rated
    absent: list[str] = field(default_factory=list)  # seats a bot took from an absent player: rated as a loss

    @property
    def decided(self) -> bool:
        return self.ended_by == VICTORY and self.winner is not None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameOutcome:
        seats = [SeatOutcome(**seat) for seat in data["seats"]]
        return GameOutcome(**{**data, "seats": seats})


def outcome_of(live: LiveGame, entries: list[LogEntry], source: str = "web") -> GameOutcome:
    """The outcome of a finished game (`live` replayed from `entries`, its whole log)."""
    replay(live, entries)
    used: dict[str, Counter[str]] = {}
    replaced: list[str] = []
    for entry in entries:
        if entry.type == "act":
            used.setdefault(entry.body["actor"], Counter())[entry.body["action"]] += 1
        elif entry.type == "replace":
            replaced.append(str(entry.body["name"]))
    game = live.game
    ended_at = entries[-1].at if entries else live.row.created_at
    setup = live.row.setup
    result = GameOutcome(game_id=live.id, setup=str(setup.get("name", "setup")), title=dict(setup.get("title", {})),
                         players=int(setup.get("players", 0)), ended_at=ended_at, ended_by="host", winner=None,
                         days=0, seats=[], source=source, preset=preset_of(setup),
                         replaced=sorted(set(replaced)), absent=list(live.absent))
    if game is None:
        return result
    winner = game.winner if live.ended_by == VICTORY else None
    winners = set(game.winners()) if winner is not None else set()
    seats = []
    for player in sorted(game.players(), key=lambda p: p.seat):
        rating_team = player.team
        if player.name in live.absent:  # replaced by a bot for his absence: a loss, alone, whatever his side did
            rating_team = ABSENT + player.name
        elif player.name in winners and winner not in (None, "draw") and player.team != winner:
            rating_team = str(winner)  # the cardsharp, alive beside the winners, wins with them
        seats.append(SeatOutcome(
            name=player.name, role=player.role, initial_role=player.initial_role, team=player.team,
            rating_team=rating_team, won=player.name in winners and player.name not in live.absent,
            alive=player.alive,
            actions=dict(sorted(used.get(player.name, Counter()).items())),
        ))
    result.days = game.results[-1].phase.number if game.results else 0
    result.ended_by, result.winner, result.seats = live.ended_by or "host", winner, seats
    return result


def teams_and_ranks(outcome: GameOutcome) -> tuple[list[list[int]], list[int]]:
    """The accounts in each rating team and the teams' ranks (1: won, 2: lost; a draw ties every team).
    Seats without an account are left out (a ranked game has none)."""
    teams: dict[str, list[int]] = {}
    won: dict[str, bool] = {}
    for seat in outcome.seats:
        if seat.account is None:
            continue
        teams.setdefault(seat.rating_team, []).append(seat.account)
        won[seat.rating_team] = won.get(seat.rating_team, False) or seat.won
    keys = sorted(teams)
    ranks = [2 if k.startswith(ABSENT) else 1 if won[k] or outcome.winner == "draw" else 2 for k in keys]
    return [teams[k] for k in keys], ranks


def preset_of(mapping: dict[str, Any]) -> str | None:
    """The preset a game's setup is exactly (a custom setup that borrows a preset's name is none)."""
    name = mapping.get("name")
    if name not in preset_names():
        return None
    try:
        mine = Setup.from_mapping(mapping, "game")
    except Exception:
        return None
    model = preset(str(name))
    same = (mine.players, mine.roles, mine.rules, mine.start, mine.clans) == (
        model.players, model.roles, model.rules, model.start, model.clans)
    return str(name) if same else None
