"""FIDE Dutch pairings through subprocess engines speaking the bbpPairings protocol.

Plain Python (no Django): `pair_round(request)` pairs a round with the configured engine and
validates the answer; `validate_pairing` checks a hand-made pairing with the same rules.
"""

from arbiter.pairing.errors import (
    EngineAnswerInvalid,
    InvalidPairing,
    NoValidPairing,
    PairingEngineError,
    PairingError,
    PairingRequestInvalid,
    PairingTimeout,
)
from arbiter.pairing.request import (
    Board,
    Pairing,
    PairingRequest,
    PlayerEntry,
    RoundRecord,
    Timings,
    late_entry_history,
)
from arbiter.pairing.round_pairing import pair_round
from arbiter.pairing.validation import validate_pairing

__all__ = [
    "Board",
    "EngineAnswerInvalid",
    "InvalidPairing",
    "NoValidPairing",
    "Pairing",
    "PairingEngineError",
    "PairingError",
    "PairingRequest",
    "PairingRequestInvalid",
    "PairingTimeout",
    "PlayerEntry",
    "RoundRecord",
    "Timings",
    "late_entry_history",
    "pair_round",
    "validate_pairing",
]
