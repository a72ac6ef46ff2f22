"""Read a FIDE TRF-16 file (plus the pairing-engine extension records) into a `Tournament`.

`read_trf` raises only `TrfError` (with a 1-based line and column) on malformed input. Each
kind of record has its reader in `arbiter.trf.read`, and the checks that need the whole file
run once every line is read (`arbiter.trf.read.file_checks`). What is checked, and every
record's columns, are listed in docs/trf.md.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Final

from arbiter.trf.columns import is_header_code
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import Tournament
from arbiter.trf.read.abnormal_records import read_abnormal_points
from arbiter.trf.read.extension_records import read_xxa, read_xxc, read_xxp, read_xxr, read_xxs
from arbiter.trf.read.file_checks import check_whole_file
from arbiter.trf.read.pairing_records import read_accelerations, read_byes, read_forbidden
from arbiter.trf.read.player_records import read_player
from arbiter.trf.read.state import ReadState
from arbiter.trf.read.team_records import read_team
from arbiter.trf.read.tournament_records import read_round_dates, read_tag

_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")

# Record code -> its reader; any other ``??2`` code is a tournament tag (`read_tag`), and
# any other line is kept verbatim in `other_records`.
RECORD_READERS: Final[dict[str, Callable[[ReadState, int, str], None]]] = {
    "001": read_player,
    "132": read_round_dates,
    "XXR": read_xxr,
    "XXC": read_xxc,
    "XXS": read_xxs,
    "XXA": read_xxa,
    "XXP": read_xxp,
    "240": read_byes,
    "250": read_accelerations,
    "260": read_forbidden,
    "310": read_team,
    "299": read_abnormal_points,
}


def read_trf(text: str) -> Tournament:
    """Parse TRF text. Raises `TrfError` (and nothing else) on malformed input; what it read
    with a tolerance is in `Tournament.warnings` (sorted by line)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    state = ReadState()
    for index, raw in enumerate(_LINE_BREAK.split(text)):
        lineno = index + 1
        if not raw.strip():
            continue
        if raw[0].isspace():
            raise TrfError(lineno, 1, _("a record must start at column 1 with its code"))
        if len(raw.rstrip()) < 3:
            raise TrfError(lineno, 1, _("line too short: a record starts with a 3-character code"))
        code = raw[:3]
        reader = RECORD_READERS.get(code)
        if reader is not None:
            reader(state, lineno, raw)
        elif is_header_code(code):
            read_tag(state, lineno, raw)
        else:
            state.t.other_records.append(raw)
    check_whole_file(state)
    state.t.warnings.sort(key=lambda w: (w.line, w.column))
    return state.t


def decode_trf_bytes(data: bytes) -> str:
    """UTF-8 (a BOM is dropped), else Windows-1252, else Latin-1 (which always decodes)."""
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def read_trf_file(path: str | os.PathLike[str]) -> Tournament:
    """Read a TRF file from disk (bytes, see `decode_trf_bytes`) and parse it."""
    with open(path, "rb") as handle:
        data = handle.read()
    return read_trf(decode_trf_bytes(data))
