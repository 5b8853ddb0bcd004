"""Runs every game script under tests/scenarios/ and compares its record with the scenario's `expect`.

A scenario file is YAML with these keys (see docs/scenarios.md):
  rule:    the rule-book sentence (or RULINGS.md line, or `Ruling:` of docs/rules.md) it checks
  script:  a game script, exactly as ../shared/spec/GAME-SCRIPT.md defines it
  expect:  what the record must show; only the keys given are compared
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.script import ScriptError, run_script
from rankedmafia.text.places import refusal_sentence

SCENARIOS = Path(__file__).parents[1] / "scenarios"
NAME_SET_FIELDS = {"deaths", "saved", "hanged", "defended", "silenced", "winners"}


def _scenario_files() -> list[Path]:
    return sorted(SCENARIOS.rglob("*.yaml"))


def _canon(entry: dict[str, Any]) -> str:
    return yaml.safe_dump(entry, sort_keys=True, allow_unicode=True)


def _compare_phase(index: int, expected: dict[str, Any], actual: dict[str, Any]) -> None:
    for key, want in expected.items():
        got = actual.get(key)
        where = f"phase #{index + 1} ({actual['phase']} {actual['number']}), field {key!r}"
        if key in NAME_SET_FIELDS:
            assert set(got) == set(want), f"{where}: expected {sorted(want)}, got {sorted(got)}"
        elif key == "info":
            assert Counter(map(_canon, got)) == Counter(map(_canon, want)), (
                f"{where}: expected {want}, got {got}"
            )
        elif key == "public_contains":
            text = "\n".join(actual["public"])
            for fragment in want:
                assert fragment in text, f"{where}: {fragment!r} not in the summary:\n{text}"
        elif key == "public_excludes":
            text = "\n".join(actual["public"])
            for fragment in want:
                assert fragment not in text, f"{where}: {fragment!r} must not be in the summary:\n{text}"
        else:
            assert got == want, f"{where}: expected {want!r}, got {got!r}"


@pytest.mark.parametrize("path", _scenario_files(), ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_scenario(path: Path) -> None:
    scenario = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert scenario.get("rule"), f"{path.name}: every scenario names the rule it checks"
    expect = scenario["expect"]
    if "refused" in expect:
        with pytest.raises((RuleViolation, ScriptError)) as caught:
            run_script(scenario["script"])
        refused = expect["refused"]
        error = caught.value
        if isinstance(refused, dict):
            start = str(scenario["script"].get("start", "night"))
            for key, want in refused.items():
                if key in ("text", "text_en"):  # the sentence the host reads, as `rankedmafia play` prints it
                    text = refusal_sentence(error, "en" if key == "text_en" else "ru", start)
                    assert text.startswith(want), f"refusal {key}: expected {want!r}…, got {text!r}"
                    continue
                assert getattr(error, key) == want, f"refusal field {key}: expected {want!r}, got {error!r}"
        return
    record = run_script(scenario["script"])
    if "winner" in expect:
        assert record["winner"] == expect["winner"]
    if "ended" in expect:  # why a game ended with no winner (`stalemate`, `host`), or absent
        assert record.get("ended") == expect["ended"], f"ended: expected {expect['ended']!r}"
    if "winners" in expect:
        assert set(record["winners"]) == set(expect["winners"])
    if "players" in expect:
        by_name = {p["name"]: p for p in record["players"]}
        for name, fields in expect["players"].items():
            for key, want in fields.items():
                assert by_name[name][key] == want, f"player {name}, {key}: expected {want!r}"
    phases = expect.get("phases", [])
    assert len(record["phases"]) >= len(phases), "the record has fewer phases than expected"
    for index, want in enumerate(phases):
        if want:
            _compare_phase(index, want, record["phases"][index])


def test_there_are_scenarios() -> None:
    assert len(_scenario_files()) > 0
