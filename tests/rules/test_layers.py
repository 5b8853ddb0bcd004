"""The core's layers hold at run time too: every role module imports on its own, in a fresh interpreter,
and the rules core loads nothing of the project outside rules/ (import-linter checks the same statically:
`lint-imports`, run by `make test`); the pipelines name no role."""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import rankedmafia.rules.roles as roles_package

ROLE_MODULES = sorted(m.name for m in pkgutil.iter_modules(roles_package.__path__))


def _fresh_import(module: str) -> list[str]:
    """Import one module in a new interpreter; the project's modules it loaded."""
    code = (f"import json, sys; import {module}; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('rankedmafia'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def test_every_role_module_imports_alone() -> None:
    assert "shahid" in ROLE_MODULES and len(ROLE_MODULES) > 30
    code = "; ".join(f"import rankedmafia.rules.roles.{name}" for name in ROLE_MODULES)
    for name in ROLE_MODULES:  # each alone: a module that needs another's import first fails here
        done = subprocess.run([sys.executable, "-c", f"import rankedmafia.rules.roles.{name}"],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, (name, done.stderr)
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_core_loads_nothing_outside_rules() -> None:
    loaded = _fresh_import("rankedmafia.rules.game")
    outside = [m for m in loaded if m != "rankedmafia" and not m.startswith("rankedmafia.rules")]
    assert outside == []


def test_a_role_module_loads_no_pipeline() -> None:
    """A role sees the night through its context: importing one loads neither the pipeline nor the Game."""
    loaded = _fresh_import("rankedmafia.rules.roles.fan")
    assert "rankedmafia.rules.night" not in loaded
    assert "rankedmafia.rules.game" not in loaded


def test_the_view_does_not_load_the_game() -> None:
    assert "rankedmafia.rules.game" not in _fresh_import("rankedmafia.rules.view")


def test_errors_name_their_rule_without_the_text_layer() -> None:
    from rankedmafia.rules.errors import RuleViolation

    error = RuleViolation("self_target", action="kill")
    assert str(error) == "self_target (action='kill')"
    assert json.loads(json.dumps(error.params)) == {"action": "kill"}


# The pipelines run stages and ask the roles' hooks: a role's behaviour is in its module, so these modules
# never name a role, nor an action a role declares. Each exception is the word for something else.
PIPELINE_MODULES = ("night", "context", "state", "house", "game", "choices", "limits", "day", "consequences")
NOT_A_ROLE = {
    ("context", "kill"): "the plain attack's kind (Attack.kind), which several roles' kills share",
    ("house", "maniac"): "a value of the house rule courtesan_team, as a setup file writes it (docs/rules.md)",
    ("house", "commissar"): "a value of the house rule detective_quarry, as a setup file writes it",
}


def _role_words(source: str) -> set[str]:
    """The string literals of a source (docstrings and f-string parts included) that are a role's id or
    the id of an action a role (or the mafia's boss) declares."""
    from rankedmafia.rules.roles import ROLES

    words = set(ROLES) | {a.id for role in ROLES.values() for a in role.actions} | {a.id for a in ROLES.boss_actions}
    return {node.value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words}


def test_the_pipelines_name_no_role() -> None:
    rules_dir = Path(roles_package.__path__[0]).parent
    named = {(module, word) for module in PIPELINE_MODULES
             for word in _role_words((rules_dir / f"{module}.py").read_text(encoding="utf-8"))}
    assert named == set(NOT_A_ROLE)


def test_the_scan_sees_a_role_or_an_action_named() -> None:
    """What the pipelines used to say is caught; a word that is neither is not."""
    old = 'UNSTOPPABLE = ("dandelion",)\nif role == "girl" or spec.id == "kill_bloody" or kind == "bloody": pass'
    assert _role_words(old) == {"dandelion", "girl", "kill_bloody"}
