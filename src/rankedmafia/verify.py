"""Checking a published record: its seed against the commitment, then a replay that must agree.

Every finding is a sentence in the reader's language (`lang`: ru, the default, or en)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rankedmafia.rules.chance import commitment
from rankedmafia.script import ScriptError, play, script_entry
from rankedmafia.script import record as build_record

COMPARED = ("phase", "number", "deaths", "saved", "hanged", "defended", "silenced", "revealed", "exposed",
            "role_changes", "info")

TEXTS: dict[str, dict[str, str]] = {
    "ru": {
        "ok": "сид совпадает с хешем, и повтор игры сходится с записью",
        "commitment": "сид не совпадает с хешем из записи (commitment): {commitment}",
        "winner": "победитель: в записи {recorded!r}, при повторе {replayed!r}",
        "ended": "ничья без победителя (ended): в записи {recorded!r}, при повторе {replayed!r}",
        "phase": "фаза {index} ({phase} {number}), {key}: в записи {recorded!r}, при повторе {replayed!r}",
        "phases": "в записи фаз: {recorded}, при повторе: {replayed}",
        "night": "ночь", "day": "день",
        "object": "запись — это объект JSON",
        "missing": "в записи нет поля «{key}» ({kind})",
        "player": "у players[{index}] должны быть name и initial_role",
        "phase_kind": "у каждой фазы должно быть поле phase: night или day",
        "events": "events должен быть списком событий движка",
    },
    "en": {
        "ok": "the seed matches the commitment and the replay agrees with the record",
        "commitment": "the seed does not match the commitment {commitment}",
        "winner": "winner: the record says {recorded!r}, the replay {replayed!r}",
        "ended": "no winner (ended): the record says {recorded!r}, the replay {replayed!r}",
        "phase": "phase {index} ({phase} {number}), {key}: the record says {recorded!r}, the replay {replayed!r}",
        "phases": "the record has {recorded} phases, the replay {replayed}",
        "night": "night", "day": "day",
        "object": "a record is a JSON object",
        "missing": "the record has no `{key}` ({kind})",
        "player": "players[{index}] needs `name` and `initial_role`",
        "phase_kind": "each phase needs `phase`: night or day",
        "events": "`events` must be the engine's list of events",
    },
}


def say(lang: str, text: str, **fields: Any) -> str:
    return TEXTS.get(lang, TEXTS["ru"])[text].format(**fields)


def script_from_record(rec: Mapping[str, Any], seed: int | str) -> dict[str, Any]:
    """The script a record was played from: its players, its game settings and the logged commands."""
    phases: list[dict[str, Any]] = []
    settings: dict[str, Any] = {"chance": "seeded", "rules": {}, "start": "night"}
    for phase in rec["phases"]:
        events = phase["events"]
        for event in events:
            if event["type"] == "game":
                settings = {k: event[k] for k in ("chance", "rules", "start")}
                # a record made before the stalemate's house rule existed was played without it
                settings["rules"] = {"stalemate": "off", **settings["rules"]}
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


def check_shape(rec: Any, lang: str = "en") -> None:
    """A record as the contract shapes it, or a ScriptError that says what is missing."""
    if not isinstance(rec, Mapping):
        raise ScriptError(say(lang, "object"))
    for key, kind in (("commitment", str), ("players", list), ("phases", list)):
        if not isinstance(rec.get(key), kind):
            raise ScriptError(say(lang, "missing", key=key, kind=kind.__name__))
    for index, player in enumerate(rec["players"]):
        if not isinstance(player, Mapping) or not {"name", "initial_role"} <= set(player):
            raise ScriptError(say(lang, "player", index=index))
    for index, phase in enumerate(rec["phases"], start=1):
        if not isinstance(phase, Mapping) or phase.get("phase") not in ("night", "day"):
            raise ScriptError(say(lang, "phase_kind"), index)
        events = phase.get("events")
        if not isinstance(events, list) or not all(isinstance(e, Mapping) and "type" in e for e in events):
            raise ScriptError(say(lang, "events"), index)


def verify(rec: Mapping[str, Any], seed: int | str, lang: str = "en") -> list[str]:
    """The discrepancies between a record and its replay with this seed (empty: the record is sound)."""
    problems: list[str] = []
    check_shape(rec, lang)
    if commitment(seed) != rec.get("commitment"):
        return [say(lang, "commitment", commitment=rec.get("commitment"))]
    replay = build_record(play(script_from_record(rec, seed)))
    if replay["winner"] != rec.get("winner"):
        problems.append(say(lang, "winner", recorded=rec.get("winner"), replayed=replay["winner"]))
    stalemates = [r.get("ended") if r.get("ended") == "stalemate" else None for r in (rec, replay)]
    if stalemates[0] != stalemates[1]:  # the host's end by hand is no command of a script: not replayed
        problems.append(say(lang, "ended", recorded=rec.get("ended"), replayed=replay.get("ended")))
    for index, (mine, theirs) in enumerate(zip(replay["phases"], rec["phases"], strict=False), start=1):
        for key in COMPARED:
            if _canon(mine[key]) != _canon(theirs.get(key)):
                problems.append(say(lang, "phase", index=index, phase=say(lang, mine["phase"]),
                                    number=mine["number"], key=key, recorded=theirs.get(key), replayed=mine[key]))
    if len(replay["phases"]) != len(rec["phases"]):
        problems.append(say(lang, "phases", recorded=len(rec["phases"]), replayed=len(replay["phases"])))
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
    if isinstance(player.get("ranks"), Mapping):  # the double agent's ranks, as the deal placed him
        entry["ranks"] = dict(player["ranks"])
    return entry
