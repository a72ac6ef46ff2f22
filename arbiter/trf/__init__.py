"""FIDE TRF-16 files: read and write. No Django here, and no other rule engine: pairing and
tiebreaks read this package, never the reverse (`arbiter.tiebreaks.from_trf` converts a
`Tournament` to the tiebreak model).

Public API: `read_trf`, `read_trf_file`, `write_trf`, `entry_points`, `player_points`,
`TrfError`, and the data model in `arbiter.trf.model`. See docs/trf.md.
"""

from arbiter.trf.errors import TrfError
from arbiter.trf.points import entry_points, player_points
from arbiter.trf.reader import read_trf, read_trf_file
from arbiter.trf.writer import write_trf

__all__ = [
    "TrfError",
    "entry_points",
    "player_points",
    "read_trf",
    "read_trf_file",
    "write_trf",
]
