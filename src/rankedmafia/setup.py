"""Setups: which roles a game has (with counts) and its house rules; presets; dealing from the seed.

A setup file is YAML:
    name: classic-12
    title: {ru: ..., en: ...}
    players: 12
    roles: {mafia1: 1, commissar: 1, civilian: 4, ...}   # fewer roles than players: civilians fill up
    clans: {red: {mafia1: 1, mafia2: 1}, black: {...}}   # two mafia clans (their roles, by clan)
    rules: {tie: nobody}
    start: night
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from rankedmafia.rules.chance import Chance, ChanceMode
from rankedmafia.rules.errors import SetupError
from rankedmafia.rules.game import Game, Seat
from rankedmafia.rules.model import Side
from rankedmafia.rules.roles import ROLES
from rankedmafia.script import script_entry

REPEATABLE = {"civilian"}


@dataclass(frozen=True, slots=True)
class Setup:
    name: str
    players: int
    roles: dict[str, int]
    title: dict[str, str] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    start: str = "night"
    clans: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "setup") -> Setup:
        if not isinstance(data, Mapping):
            raise SetupError("setup_shape", source=source)
        roles = data.get("roles") or {}
        clans = data.get("clans") or {}
        if not isinstance(roles, Mapping) or not isinstance(clans, Mapping) or not (roles or clans):
            raise SetupError("setup_roles", source=source)
        if not all(isinstance(c, Mapping) for c in clans.values()):
            raise SetupError("setup_roles", source=source)
        try:
            counts = {str(k): int(v) for k, v in roles.items()}
            by_clan = {str(c): {str(k): int(v) for k, v in members.items()} for c, members in clans.items()}
            total = sum(counts.values()) + sum(sum(m.values()) for m in by_clan.values())
            players = int(data.get("players", total))
        except (TypeError, ValueError):
            raise SetupError("setup_counts", source=source) from None
        setup = cls(name=str(data.get("name", source)), players=players, roles=counts,
                    title=dict(data.get("title") or {}), rules=dict(data.get("rules") or {}),
                    start=str(data.get("start", "night")), clans=by_clan)
        setup.validate()
        return setup

    @classmethod
    def load(cls, path: str | Path) -> Setup:
        path = Path(path)
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as error:
            raise SetupError("setup_yaml", source=str(path), detail=str(error)) from None
        return cls.from_mapping(data, str(path))

    def role_list(self) -> list[str]:
        """Every seat's role ("role@clan" in a clan), civilians filling the seats the setup leaves open."""
        listed = [role for role, count in self.roles.items() for _ in range(count)]
        listed += [f"{role}@{clan}" for clan, members in self.clans.items()
                   for role, count in members.items() for _ in range(count)]
        return listed + ["civilian"] * (self.players - len(listed))

    def validate(self) -> None:
        for group in (self.roles, *self.clans.values()):
            for role, count in group.items():
                if role not in ROLES:
                    raise SetupError("unknown_role", role=role)
                if count < 0:
                    raise SetupError("negative_count", role=role)
                if count > 1 and role not in REPEATABLE:
                    raise SetupError("unique_role", role=role, count=count)
        for members in self.clans.values():
            for role in members:
                if ROLES[role].side is not Side.MAFIA or role == "double_agent":
                    raise SetupError("clan_role", role=role)
        if "double_agent" in self.roles and len(self.clans) < 2:
            raise SetupError("agent_needs_clans")
        total = sum(self.roles.values()) + sum(sum(m.values()) for m in self.clans.values())
        if total > self.players:
            raise SetupError("too_many_roles", roles=total, players=self.players)
        if self.players < 3:
            raise SetupError("too_few_players", least=3)
        present = {role for role, count in self.roles.items() if count > 0}
        present |= {role for members in self.clans.values() for role, count in members.items() if count > 0}
        if "sergeant" in present and "commissar" not in present:
            raise SetupError("sergeant_without_commissar")
        if not any(ROLES[r].side is not Side.TOWN for r in present):
            raise SetupError("no_enemy")
        mafia = [r for r in present if ROLES[r].side is Side.MAFIA]
        if mafia and not any(ROLES[r].succession is not None for r in mafia):
            raise SetupError("mafia_without_boss")
        if self.start not in ("night", "day"):
            raise SetupError("setup_start", start=self.start)


def deal(setup: Setup, names: Sequence[str], seed: int | str,
         sexes: Mapping[str, str | None] | None = None) -> list[Seat]:
    """Roles dealt at random from the game's committed seed: anyone with the seed can check the deal.
    `sexes`: the sex a player gave (m or f), by name; the deal does not depend on it."""
    if len(names) != setup.players:
        raise SetupError("wrong_player_count", players=setup.players, names=len(names))
    if len(set(names)) != len(names):
        raise SetupError("duplicate_names")
    roles = Chance(seed, ChanceMode.SEEDED).shuffle("deal", setup.role_list())
    seats = []
    for name, dealt in zip(names, roles, strict=True):
        role, _, clan = dealt.partition("@")
        seats.append(Seat(name, role, clan or None, sex=(sexes or {}).get(name)))
    return seats


def new_game(setup: Setup, names: Sequence[str], seed: int | str, chance: str = "seeded",
             sexes: Mapping[str, str | None] | None = None) -> Game:
    return Game(deal(setup, names, seed, sexes), seed, chance=chance, rules=setup.rules, start=setup.start)


def preset_names() -> list[str]:
    folder = resources.files("rankedmafia") / "presets"
    return sorted(p.name.removesuffix(".yaml") for p in folder.iterdir() if p.name.endswith(".yaml"))


def preset(name: str) -> Setup:
    folder = resources.files("rankedmafia") / "presets"
    target = folder / f"{name}.yaml"
    if not target.is_file():
        raise SetupError("unknown_preset", name=name, choices=", ".join(preset_names()))
    return Setup.from_mapping(yaml.safe_load(target.read_text(encoding="utf-8")), name)


def resolve_setup(name_or_path: str) -> Setup:
    """A preset's name, or a setup file's path."""
    if name_or_path in preset_names():
        return preset(name_or_path)
    path = Path(name_or_path)
    if path.is_file():
        return Setup.load(path)
    raise SetupError("unknown_preset", name=name_or_path, choices=", ".join(preset_names()))


def script_of(game: Game) -> dict[str, Any]:
    """The game so far as a game script that reproduces it exactly (the host's save file)."""
    state = game.state
    phases: list[dict[str, Any]] = []
    night: list[dict[str, Any]] = []
    votes: dict[str, str] = {}
    kind = state.start.value
    for command in game.commands:
        if command["type"] == "act":
            night.append(script_entry(command))
        elif command["type"] == "withdraw":
            night = [e for e in night if e["actor"] != command["actor"]]
        elif command["type"] == "vote":
            votes[command["voter"]] = command["choice"]
        elif command["type"] == "resolve":
            phases.append({"night": night} if kind == "night" else {"day": {"votes": votes}})
            night, votes = [], {}
            kind = "day" if kind == "night" else "night"
    return {
        "format": 1, "seed": game.seed, "chance": state.chance.mode.value, "rules": state.rules.as_mapping(),
        "start": state.start.value,
        "players": [_seat_entry(game, p.name) for p in game.players()],
        "phases": phases,
    }


def _seat_entry(game: Game, name: str) -> dict[str, Any]:
    """A seat as a script writes it, with what the deal decided beside the role."""
    player = game.state.players[name]
    entry: dict[str, Any] = {"name": name, "role": player.initial_role}
    if player.clan is not None and player.clan != "mafia":
        entry["clan"] = player.clan
    if name in game.state.commissions:
        entry["side"] = game.state.commissions[name][0]
    if name in game.state.agent_ranks:  # the double agent's ranks as the deal placed him (pinned or drawn)
        entry["ranks"] = dict(game.state.agent_ranks[name])
    if player.sex is not None:
        entry["sex"] = player.sex
    return entry
