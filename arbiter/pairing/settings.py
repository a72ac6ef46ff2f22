"""Configuration from the environment (the Django settings export the same variables)."""

from __future__ import annotations

import os

from arbiter.pairing.errors import PairingEngineError

# The order engines are tried in: the next one pairs when one fails (docs/pairing.md).
DEFAULT_ENGINES = ("gacrux", "py4swiss")
# Without a setting the limits follow the field (docs/pairing.md): the bundled engines' time
# and memory grow with the square of the players, so one figure either kills large events'
# pairings or lets a stuck engine run for many minutes on a small one.
DEFAULT_TIMEOUT_SECONDS = 60.0  # up to 1,000 players, then growing with the square
DEFAULT_MEMORY_MB = 2048  # the least cap; more when the engine is known to need it
# The most engine time a round may be given (each engine of the order): a larger field is
# refused up front rather than keep a core busy for hours (docs/pairing.md).
DEFAULT_MAX_SECONDS = 1800.0  # the default limit reaches it at about 5,480 players
MEMORY_HEADROOM = 1.25  # over the engine's known need
MEMORY_SHARE_OF_RAM = 0.6  # never more than this share of the machine's memory


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


def timeout_seconds(players: int = 0) -> float:
    """`ARBITER_PAIRING_TIMEOUT`, else 60 s up to 1,000 players and 60 s × (players/1,000)²
    above (960 s at 4,000)."""
    return _number(
        "ARBITER_PAIRING_TIMEOUT", DEFAULT_TIMEOUT_SECONDS * max(1.0, players / 1000) ** 2
    )


def max_seconds() -> float:
    """`ARBITER_PAIRING_MAX_SECONDS`, else 1,800 s: the longest time limit a round may get."""
    return _number("ARBITER_PAIRING_MAX_SECONDS", DEFAULT_MAX_SECONDS)


def memory_mb(needed_mb: float | None = None) -> int:
    """`ARBITER_PAIRING_MEMORY_MB`, else 2,048 MB, or the engine's known need for this field
    with a quarter more, whichever is larger, within 60 % of the machine's memory."""
    if os.environ.get("ARBITER_PAIRING_MEMORY_MB", "").strip():
        return int(_number("ARBITER_PAIRING_MEMORY_MB", DEFAULT_MEMORY_MB))
    wanted = max(DEFAULT_MEMORY_MB, (needed_mb or 0) * MEMORY_HEADROOM)
    return int(min(wanted, max(DEFAULT_MEMORY_MB, _machine_mb() * MEMORY_SHARE_OF_RAM)))


def machine_share_mb() -> float:
    """The most memory an engine may be given here: 60 % of the machine's."""
    return _machine_mb() * MEMORY_SHARE_OF_RAM


def _machine_mb() -> float:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**20
    except (ValueError, OSError):  # not knowable here: only the least cap
        return DEFAULT_MEMORY_MB
