"""Team Swiss pairings (FIDE C.04.6) through gacrux's `fideteam` engine, as a subprocess.

`pair_team_round(event, round_number, absent=frozenset(), timeout=None) -> TeamPairing` writes
the event as TRF-2026 with the team records (`arbiter.trf.team_trf`), runs gacrux
`-m fideteam-<colour model>-<scores>` under the time limit and memory cap of the individual
path, reads and validates the answer. `validate_team_pairing` checks a hand-made pairing with
the same rules. See docs/team-swiss.md "Pairing (C.04.6 through gacrux fideteam)".
"""

from arbiter.pairing.team.pairing import pair_team_round
from arbiter.pairing.team.types import TeamBoardPair, TeamPairing
from arbiter.pairing.team.validation import find_team_violations, validate_team_pairing

__all__ = [
    "TeamBoardPair",
    "TeamPairing",
    "find_team_violations",
    "pair_team_round",
    "validate_team_pairing",
]
