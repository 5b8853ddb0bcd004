"""The core's layers hold at run time too: every role module imports on its own, in a fresh interpreter,
and the rules core loads nothing of the project outside rules/ (import-linter checks the same statically:
`lint-imports`, run by `make test`)."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

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
