"""The role reference in docs/ is generated from the code, and says so."""

from __future__ import annotations

from pathlib import Path

from rankedmafia.rules.roles import ROLES
from rankedmafia.text.reference import entries, markdown

DOCS = Path(__file__).parents[2] / "docs" / "roles.md"


def test_docs_roles_is_the_generated_reference() -> None:
    regenerate = "run: rankedmafia roles --markdown --lang en > docs/roles.md"
    assert DOCS.read_text(encoding="utf-8") == markdown("en"), regenerate


def test_every_role_has_its_paragraph() -> None:
    found = {e.role.id: e.paragraph for e in entries()}
    assert set(found) == set(ROLES)
    assert all(found.values()), [r for r, p in found.items() if not p]
