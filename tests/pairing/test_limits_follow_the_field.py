"""Without settings, the engine's time limit and memory cap follow the field (issue 13,
defect 18): 60 s and 2 GB for club events, enough for gacrux at 4,000 players, never more than
a share of the machine's memory; the environment variables override both."""

import pytest

from arbiter.pairing import settings
from arbiter.pairing.engines import get_engine


@pytest.fixture(autouse=True)
def _no_settings(monkeypatch):
    monkeypatch.delenv("ARBITER_PAIRING_TIMEOUT", raising=False)
    monkeypatch.delenv("ARBITER_PAIRING_MEMORY_MB", raising=False)


def test_the_time_limit_grows_with_the_square_of_the_field_above_1000():
    assert settings.timeout_seconds(0) == 60
    assert settings.timeout_seconds(1000) == 60
    assert settings.timeout_seconds(2000) == 240
    assert settings.timeout_seconds(4000) == 960


def test_the_memory_cap_covers_the_engines_known_need(monkeypatch):
    monkeypatch.setattr(settings, "_machine_mb", lambda: 24 * 1024)
    gacrux = get_engine("gacrux")
    assert settings.memory_mb(None) == 2048
    assert settings.memory_mb(gacrux.memory_needed_mb(1000)) == 2048
    need = gacrux.memory_needed_mb(4000)
    assert need is not None and need > 4096
    assert settings.memory_mb(need) == int(need * 1.25)


def test_the_memory_cap_stays_within_the_machine(monkeypatch):
    monkeypatch.setattr(settings, "_machine_mb", lambda: 8 * 1024)
    assert settings.memory_mb(get_engine("gacrux").memory_needed_mb(4000)) == int(8 * 1024 * 0.6)


def test_the_environment_overrides_both(monkeypatch):
    monkeypatch.setenv("ARBITER_PAIRING_TIMEOUT", "30")
    monkeypatch.setenv("ARBITER_PAIRING_MEMORY_MB", "1024")
    assert settings.timeout_seconds(4000) == 30
    assert settings.memory_mb(5000) == 1024
