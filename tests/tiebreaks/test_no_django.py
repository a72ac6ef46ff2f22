"""The rule engines stay plain Python: no module under arbiter/trf or arbiter/tiebreaks
imports Django (checked on the source with ast, so lazy imports are caught too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "arbiter"
PACKAGES = ("trf", "tiebreaks")
FORBIDDEN = ("django", "rest_framework")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            names.add(str(node.args[0].value))
    return names


@pytest.mark.parametrize("package", PACKAGES)
def test_no_django_import(package: str) -> None:
    sources = sorted((ROOT / package).rglob("*.py"))
    assert sources, f"no sources found under arbiter/{package}"
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            name
            for name in imported_modules(path)
            if name.split(".")[0] in ("django", "rest_framework")
        )
        for path in sources
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_the_scan_sees_every_form_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import django\n"
        "from django.db import models\n"
        "def late():\n"
        "    import importlib\n"
        "    importlib.import_module('rest_framework.views')\n",
        encoding="utf-8",
    )
    assert {"django", "django.db", "rest_framework.views"} <= imported_modules(sample)
