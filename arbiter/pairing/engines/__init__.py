"""Engine adapters: each one hides its engine's quirks behind `Engine` (see base.py)."""

from __future__ import annotations

from arbiter.pairing.engines.base import Engine
from arbiter.pairing.engines.bbp import BbpPairingsEngine
from arbiter.pairing.engines.gacrux import GacruxEngine
from arbiter.pairing.engines.javafo import JavafoEngine
from arbiter.pairing.engines.py4swiss import Py4swissEngine
from arbiter.pairing.errors import PairingEngineError

ENGINES: dict[str, type[Engine]] = {
    "gacrux": GacruxEngine,
    "bbppairings": BbpPairingsEngine,
    "py4swiss": Py4swissEngine,
    "javafo": JavafoEngine,
}


def get_engine(name: str) -> Engine:
    """The adapter for `name` (case-insensitive: gacrux, bbpPairings, py4swiss, javafo)."""
    try:
        return ENGINES[name.strip().lower()]()
    except KeyError:
        known = ", ".join(cls.name for cls in ENGINES.values())
        raise PairingEngineError(f"unknown pairing engine {name!r} (known: {known})") from None


__all__ = ["ENGINES", "Engine", "get_engine"]
