"""Fixtures shared by the pairing tests."""

from __future__ import annotations

import tempfile

import pytest


@pytest.fixture
def private_temp_dir(tmp_path, monkeypatch):
    """A temp location of the test's own, so other runs' directories do not interfere."""
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
