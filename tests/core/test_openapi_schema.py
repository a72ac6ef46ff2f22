"""The OpenAPI schema generates without warnings and validates."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def test_schema_generates_cleanly_and_validates(tmp_path):
    out = tmp_path / "schema.yml"
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "spectacular",
            "--fail-on-warn",
            "--validate",
            "--file",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"DJANGO_SETTINGS_MODULE": "config.settings.test", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    text = out.read_text()
    assert "/api/auth/tokens/" in text
    assert "/api/health/" in text


def test_schema_and_docs_are_served(api_client):
    assert api_client.get("/api/schema/").status_code == 200
    docs = api_client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"drf_spectacular_sidecar" in docs.content  # assets served locally, no CDN
