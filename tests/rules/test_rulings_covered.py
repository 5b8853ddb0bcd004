"""Every `Ruling:` of docs/rules.md is pinned by a scenario that quotes it, or (a ruling of live play, which
no game script can hold: the nicknames) by a test whose docstring quotes it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).parents[2]


def _rulings() -> list[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    items = re.split(r"\n(?=- |\n|#)", text)
    return [" ".join(item[2:].split()) for item in items if item.startswith("- Ruling:")]


def _quoted() -> set[str]:
    rules = set()
    for path in (ROOT / "tests" / "scenarios").rglob("*.yaml"):
        rule = yaml.safe_load(path.read_text(encoding="utf-8")).get("rule", "")
        rules.add(" ".join(str(rule).split()))
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                rules.update(" ".join(part.split()) for part in doc.split("\n\n") if part.startswith("Ruling:"))
    return rules


def test_every_ruling_has_a_scenario() -> None:
    rulings = _rulings()
    assert len(rulings) >= 20
    quoted = _quoted()
    missing = [r for r in rulings if r not in quoted]
    assert not missing, "rulings without a scenario quoting them:\n" + "\n".join(missing)
