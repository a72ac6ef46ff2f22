"""scripts/openapi_diff.py: what a client can observe counts, prose does not."""

from __future__ import annotations

import json
from pathlib import Path

from scripts.openapi_diff import main


def _doc(*, extra_field: bool = False, description: str = "x", nullable: bool = False) -> dict:
    props = {"id": {"type": "integer", "description": description}}
    props["name"] = {"type": "string", "nullable": nullable} if nullable else {"type": "string"}
    if extra_field:
        props["rating"] = {"type": "integer"}
    return {
        "paths": {"/api/e/": {"get": {"operationId": "e_list", "responses": {"200": {}}}}},
        "components": {"schemas": {"Event": {"properties": props, "required": ["id"]}}},
    }


def _run(tmp_path: Path, before: dict, after: dict, capsys) -> tuple[int, str]:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(before))
    b.write_text(json.dumps(after))
    code = main([str(a), str(b)])
    return code, capsys.readouterr().out


def test_prose_does_not_count(tmp_path: Path, capsys) -> None:
    code, out = _run(tmp_path, _doc(), _doc(description="reworded"), capsys)
    assert code == 0
    assert "0 removed, 0 added, 0 changed. fields: 2 before, 2 after" in out


def test_an_added_field_is_no_break_but_a_changed_one_is(tmp_path: Path, capsys) -> None:
    code, out = _run(tmp_path, _doc(), _doc(extra_field=True), capsys)
    assert (code, "added field: Event.rating" in out) == (0, True)
    code, out = _run(tmp_path, _doc(), _doc(nullable=True), capsys)
    assert (code, "changed field: Event.name" in out) == (1, True)


def test_an_unreadable_file_is_a_message_and_exit_2(tmp_path: Path, capsys) -> None:
    assert main([str(tmp_path / "missing.json"), str(tmp_path / "missing.json")]) == 2
    assert "openapi_diff:" in capsys.readouterr().err
