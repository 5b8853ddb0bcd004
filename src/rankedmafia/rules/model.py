"""The game's vocabulary: sides, phases, players, submitted actions and attacks."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

BLUE = "blue"  # a blue vote: hang nobody


class Side(StrEnum):
    """The three sides of the town journalist's comparison (RULINGS.md, "Game shape")."""

    TOWN = "town"
    MAFIA = "mafia"
    LONERS = "loners"


class PhaseKind(StrEnum):
    NIGHT = "night"
    DAY = "day"


@dataclass(frozen=True, slots=True)
class Phase:
    kind: PhaseKind
    number: int

    def __str__(self) -> str:
        return f"{self.kind.value} {self.number}"


@dataclass(slots=True)
class Player:
    name: str
    seat: int
    role: str
    initial_role: str
    team: str  # whom he wins with: "town", a clan id ("mafia", "mafia_b"), "maniac", or a loner's own team
    clan: str | None = None  # the mafia clan he belongs to, if any
    alive: bool = True
    sex: str | None = None  # "m" or "f" if known: the Council may count it, the texts agree with it


class Act(NamedTuple):
    """One night action as the player sent it (targets by name, option such as heal_from's role). A named
    tuple, not a frozen dataclass: as immutable, and made several times cheaper (every command makes one)."""

    actor: str
    action: str
    targets: tuple[str, ...] = ()
    option: str | None = None
    detail: str | None = None  # the joker's copied action; the Council question's arguments
    copied_option: str | None = None  # the joker's copy: the copied action's own option (heal_from's role,
    copied_detail: str | None = None  # the Council's template) and detail (the question's arguments)

    def fields(self) -> dict[str, Any]:
        """The act as the logs keep it: actor, action and targets, and whichever other fields it has."""
        fields: dict[str, Any] = {"actor": self.actor, "action": self.action, "targets": list(self.targets)}
        if self.option is not None:
            fields["option"] = self.option
        if self.detail is not None:
            fields["detail"] = self.detail
        if self.copied_option is not None:
            fields["copied_option"] = self.copied_option
        if self.copied_detail is not None:
            fields["copied_detail"] = self.copied_detail
        return fields


@dataclass(slots=True)
class Attack:
    """An attempt to kill tonight. `source` is what the doctor's heal_from names (a clan id or a role id)."""

    killer: str  # the name the witness learns (for the mafia, the boss)
    victim: str
    source: str
    kind: str  # "kill", "bloody", "bloody_visitor", ...
    shooters: tuple[str, ...] = ()  # the players behind it (for the mafia, the boss)
    saved_by: str | None = None
    unstoppable: bool = False  # no saver is asked (the dandelion's death of any action)
    # the role whose action it is when the killer copied it (the joker): the copy takes that action's
    # consequences, its evidence and reveals ("При копировании роли принимаются все последствия")
    method: str | None = None


@dataclass(slots=True)
class Silence:
    """A player who cannot vote on the given days; `announced` is False for the boss's silent loss."""

    player: str
    days: tuple[int, ...]
    announced: bool = True
    cause: str = ""


@dataclass(frozen=True, slots=True)
class Mark:
    """A mark a role's effect leaves on a player for one coming day (the rake's, the fan's
    self-accusation); it expires when that day is over. `by`: who set it."""

    player: str
    kind: str
    by: str
    day: int


@dataclass(slots=True)
class Memory:
    """What the rules remember from one night to the next for one actor."""

    night: int = 0
    action: str | None = None
    targets: tuple[str, ...] = ()
    option: str | None = None
    detail: str | None = None
    treated: frozenset[str] = field(default_factory=frozenset)  # the doctor: whom his heals covered


@dataclass(slots=True)
class PhaseResult:
    """What one phase did, in structured form; the text layer and the record are built from it."""

    phase: Phase
    deaths: list[str] = field(default_factory=list)
    saved: list[str] = field(default_factory=list)
    hanged: list[str] = field(default_factory=list)
    defended: list[str] = field(default_factory=list)
    silenced: list[str] = field(default_factory=list)
    revealed: dict[str, str] = field(default_factory=dict)
    exposed: dict[str, str] = field(default_factory=dict)
    role_changes: list[dict[str, str]] = field(default_factory=list)
    info: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    winner: str | None = None
    ended: str | None = None  # the game ended here with no winner: "stalemate" (victory.py)
    # who reads what this phase tells a clan (an event to "clan:<id>"): each clan's living members at the
    # phase's end, the double agent in each of his (`view.clan_readers`)
    clans: dict[str, list[str]] = field(default_factory=dict)
