"""scripts/openapi_diff.py: what a client can observe counts, prose does not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "openapi_diff.py"


def _diff(before: Path, after: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(before), str(after)],
        capture_output=True,
        text=True,
        check=False,
    )


def _doc(*, extra_field: bool = False, description: str = "x", nullable: bool = False) -> dict:
    props: dict[str, dict[str, object]] = {"id": {"type": "integer", "description": description}}
    props["name"] = {"type": "string", "nullable": nullable} if nullable else {"type": "string"}
    if extra_field:
        props["rating"] = {"type": "integer"}
    return {
        "paths": {"/api/e/": {"get": {"operationId": "e_list", "responses": {"200": {}}}}},
        "components": {"schemas": {"Event": {"properties": props, "required": ["id"]}}},
    }


def _run(tmp_path: Path, before: dict, after: dict) -> tuple[int, str]:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(before))
    b.write_text(json.dumps(after))
    done = _diff(a, b)
    return done.returncode, done.stdout


def test_prose_does_not_count(tmp_path: Path) -> None:
    code, out = _run(tmp_path, _doc(), _doc(description="reworded"))
    assert code == 0
    assert "0 removed, 0 added, 0 changed. fields: 2 before, 2 after" in out


def test_an_added_field_is_no_break_but_a_changed_one_is(tmp_path: Path) -> None:
    code, out = _run(tmp_path, _doc(), _doc(extra_field=True))
    assert (code, "added field: Event.rating" in out) == (0, True)
    code, out = _run(tmp_path, _doc(), _doc(nullable=True))
    assert (code, "changed field: Event.name" in out) == (1, True)


def test_an_unreadable_file_is_a_message_and_exit_2(tmp_path: Path) -> None:
    done = _diff(tmp_path / "missing.json", tmp_path / "missing.json")
    assert (done.returncode, done.stderr.startswith("openapi_diff:")) == (2, True)
