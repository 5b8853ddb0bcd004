"""docs/events.md documents the record's `events` (GAME-SCRIPT.md leaves them to the project): every event
the engine writes, over every scenario and seeded random games of every preset, is in its table, addressed
as the table says, with exactly the fields it lists, and the table lists nothing the engine never writes."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from rankedmafia.bots.random_policy import play_random_game
from rankedmafia.script import record
from rankedmafia.setup import new_game, preset, preset_names

ROOT = Path(__file__).parents[2]
GAMES_PER_PRESET = 20


def _table() -> dict[str, tuple[str, set[str]]]:
    """type -> (the `to` cell, the field names of the fields cell)."""
    rows = {}
    for line in (ROOT / "docs" / "events.md").read_text(encoding="utf-8").splitlines():
        row = line.replace("\\|", "/")  # an escaped bar is a value's "or", not a cell's end
        cells = [c.strip() for c in row.strip().strip("|").split("|")] if row.startswith("| `") else []
        if len(cells) < 4:
            continue
        fields = cells[2]
        while re.search(r"\([^()]*\)", fields):  # what is said of a field, in brackets, names no field
            fields = re.sub(r"\([^()]*\)", "", fields)
        names = {token.split(":")[0] for token in re.findall(r"`([^`]+)`", fields)}
        rows[cells[0].strip("`")] = (cells[1], names)
    return rows


def _audience(to: Any) -> str:
    if to is None:
        return "null"
    if to == "host":
        return "host"
    return "clan:<id>" if str(to).startswith("clan:") else "the player"


@pytest.fixture(scope="module")
def written(scenario_records: list[tuple[Path, dict[str, Any], dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """Every event the engine wrote, by type: in every scenario's record and in seeded random games."""
    events: dict[str, list[dict[str, Any]]] = defaultdict(list)
    records = [played for _, _, played in scenario_records]
    for name in preset_names():
        setup = preset(name)
        for seed in range(GAMES_PER_PRESET):
            game = new_game(setup, [f"P{i}" for i in range(setup.players)], seed)
            records.append(record(play_random_game(game, random.Random(seed))))
    for rec in records:
        for phase in rec["phases"]:
            for event in phase["events"]:
                events[event["type"]].append(event)
    return events


def test_every_event_written_is_documented_with_its_audience_and_fields(
        written: dict[str, list[dict[str, Any]]]) -> None:
    table = _table()
    assert set(written) == set(table), "documented but never written, or written but not documented"
    for kind, events in written.items():
        audience, fields = table[kind]
        for event in events:
            assert _audience(event["to"]) in audience, (kind, event["to"])
            assert set(event) - {"type", "to"} <= fields, (kind, sorted(set(event) - {"type", "to"} - fields))
        seen = {key for event in events for key in event} - {"type", "to"}
        assert fields <= seen, (kind, "documented fields never written", sorted(fields - seen))


def test_the_table_is_read_as_written() -> None:
    table = _table()
    assert table["death"] == ("null", {"player", "role", "evidence"})
    assert table["silenced"][1] == {"player", "cause", "again"}
    assert table["nobody_hanged"] == ("null", set())
    assert table["new_boss"][0] == "`clan:<id>`"
