"""Configuration from the environment (the Django settings export the same variables)."""

from __future__ import annotations

import os

from arbiter.pairing.errors import PairingEngineError

DEFAULT_ENGINE = "gacrux"
DEFAULT_TIMEOUT_SECONDS = 60.0
# gacrux keeps an edge object per pair of players: ~1,000 players fit in 2 GB (see docs).
DEFAULT_MEMORY_MB = 2048


def engine_name() -> str:
    return os.environ.get("ARBITER_PAIRING_ENGINE", "").strip() or DEFAULT_ENGINE


def _number(variable: str, default: float) -> float:
    raw = os.environ.get(variable, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise PairingEngineError(f"{variable}={raw!r} is not a number") from None
    if value <= 0:
        raise PairingEngineError(f"{variable}={raw!r} must be positive")
    return value


def timeout_seconds() -> float:
    return _number("ARBITER_PAIRING_TIMEOUT", DEFAULT_TIMEOUT_SECONDS)


def memory_mb() -> int:
    return int(_number("ARBITER_PAIRING_MEMORY_MB", DEFAULT_MEMORY_MB))
