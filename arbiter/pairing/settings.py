"""Configuration from the environment (the Django settings export the same variables)."""

from __future__ import annotations

import os

from arbiter.pairing.errors import PairingEngineError

# The order engines are tried in: the next one pairs when one fails (docs/pairing.md).
DEFAULT_ENGINES = ("gacrux", "py4swiss")
DEFAULT_TIMEOUT_SECONDS = 60.0
# gacrux keeps an edge object per pair of players: ~2,000 players fit in 2 GB (see docs).
DEFAULT_MEMORY_MB = 2048


def engine_names(configured: str | None = None) -> tuple[str, ...]:
    """The engines to try, in order: `configured` or `ARBITER_PAIRING_ENGINE`, one name or
    several separated by commas; the default order when neither names any."""
    text = configured if configured is not None else os.environ.get("ARBITER_PAIRING_ENGINE", "")
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    return names or DEFAULT_ENGINES


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
