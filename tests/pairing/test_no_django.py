"""The pairing package is plain Python: no Django import anywhere in it."""

from __future__ import annotations

import ast
from pathlib import Path

import arbiter.pairing

PACKAGE = Path(arbiter.pairing.__file__).parent


def test_no_module_imports_django():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "django"]
    assert offenders == []
    assert len(list(PACKAGE.rglob("*.py"))) > 15
