"""FIDE TRF-16 files: read, write, and convert to the tiebreak model. No Django here.

Public API: `read_trf`, `read_trf_file`, `write_trf`, `to_tiebreak_model`, `entry_points`,
`player_points`, `TrfError`, and the data model in `arbiter.trf.model`. See docs/trf.md.
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
    "to_tiebreak_model",
    "write_trf",
]


def __getattr__(name: str):  # lazy: keeps `import arbiter.trf` free of arbiter.tiebreaks
    if name == "to_tiebreak_model":
        from arbiter.trf.to_tiebreaks import to_tiebreak_model

        return to_tiebreak_model
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
