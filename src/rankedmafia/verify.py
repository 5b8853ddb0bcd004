"""Checking a published record: its seed against the commitment, then a replay that must agree."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rankedmafia.rules.chance import commitment
from rankedmafia.script import ScriptError, play, script_entry
from rankedmafia.script import record as build_record

COMPARED = ("phase", "number", "deaths", "saved", "hanged", "defended", "silenced", "revealed", "exposed",
            "role_changes", "info")


def script_from_record(rec: Mapping[str, Any], seed: int | str) -> dict[str, Any]:
    """The script a record was played from: its players, its game settings and the logged commands."""
    phases: list[dict[str, Any]] = []
    settings: dict[str, Any] = {"chance": "seeded", "rules": {}, "start": "night"}
    for phase in rec["phases"]:
        events = phase["events"]
        for event in events:
            if event["type"] == "game":
                settings = {k: event[k] for k in ("chance", "rules", "start")}
        if phase["phase"] == "night":
            night = []
            for event in events:
                if event["type"] == "action":
                    night.append(script_entry(event))
            phases.append({"night": night})
        else:
            votes: dict[str, str] = next((e["votes"] for e in events if e["type"] == "votes"), {})
            phases.append({"day": {"votes": votes}})
    return {"format": 1, "seed": seed, **settings,
            "players": [_seat(p) for p in rec["players"]],
            "phases": phases}


def check_shape(rec: Any) -> None:
    """A record as the contract shapes it, or a ScriptError that says what is missing."""
    if not isinstance(rec, Mapping):
        raise ScriptError("a record is a JSON object")
    for key, kind in (("commitment", str), ("players", list), ("phases", list)):
        if not isinstance(rec.get(key), kind):
            raise ScriptError(f"the record has no `{key}` ({kind.__name__})")
    for index, player in enumerate(rec["players"]):
        if not isinstance(player, Mapping) or not {"name", "initial_role"} <= set(player):
            raise ScriptError(f"players[{index}] needs `name` and `initial_role`")
    for index, phase in enumerate(rec["phases"], start=1):
        if not isinstance(phase, Mapping) or phase.get("phase") not in ("night", "day"):
            raise ScriptError("each phase needs `phase`: night or day", index)
        events = phase.get("events")
        if not isinstance(events, list) or not all(isinstance(e, Mapping) and "type" in e for e in events):
            raise ScriptError("`events` must be the engine's list of events", index)


def verify(rec: Mapping[str, Any], seed: int | str) -> list[str]:
    """The discrepancies between a record and its replay with this seed (empty: the record is sound)."""
    problems: list[str] = []
    check_shape(rec)
    if commitment(seed) != rec.get("commitment"):
        return [f"the seed does not match the commitment {rec.get('commitment')}"]
    replay = build_record(play(script_from_record(rec, seed)))
    if replay["winner"] != rec.get("winner"):
        problems.append(f"winner: the record says {rec.get('winner')!r}, the replay {replay['winner']!r}")
    for index, (mine, theirs) in enumerate(zip(replay["phases"], rec["phases"], strict=False), start=1):
        for key in COMPARED:
            if _canon(mine[key]) != _canon(theirs.get(key)):
                problems.append(f"phase {index} ({mine['phase']} {mine['number']}), {key}: the record says "
                                f"{theirs.get(key)!r}, the replay {mine[key]!r}")
    if len(replay["phases"]) != len(rec["phases"]):
        problems.append(f"the record has {len(rec['phases'])} phases, the replay {len(replay['phases'])}")
    return problems


def _canon(value: Any) -> Any:
    if isinstance(value, list):
        return sorted((_canon(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {k: _canon(v) for k, v in value.items()}
    return value


def _seat(player: Mapping[str, Any]) -> dict[str, Any]:
    """A seat of the replay: the role dealt and, from the record's side, a clan or a detective's side."""
    entry: dict[str, Any] = {"name": player["name"], "role": player["initial_role"]}
    side = player.get("side")
    if player["initial_role"] == "detective" and side is not None:
        entry["side"] = side if side in ("town", "maniac") else "mafia"
    elif side not in (None, "town", "mafia", "maniac", player["initial_role"]) and player["initial_role"] not in (
            "courtesan", "double_agent"):
        entry["clan"] = side
    if player.get("sex") is not None:
        entry["sex"] = player["sex"]
    return entry
