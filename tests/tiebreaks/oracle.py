"""Run gacrux (FIDE's tie-break checker) in-process on a TRF text: the test oracle."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from gacrux.tiebreak import tiebreak as gacrux_tiebreak
from gacrux.trf2json import trf2json

# gacrux's FB rewrites the "last round not absent" marker that its BH, SB and AOB read later
# in the same run (docs/tiebreaks.md): FB codes are computed in a run of their own.
_FORE = ("FB", "AFB")
_READS_MARKER = ("BH", "SB", "AOB", "ABH")


def gacrux_run(
    trf_text: str, codes: list[str], *, swiss: bool = True, fb_alone: bool = True
) -> dict[int, tuple[int, list[Decimal | None]]]:
    """start number -> (rank, values in the order of `codes`), as gacrux computes them.

    Refuses an FB code followed by BH, SB or AOB unless `fb_alone` is False (to show the
    defect).
    """
    names = [code.split("/")[0].upper() for code in codes]
    fore = [i for i, name in enumerate(names) if name in _FORE]
    if fb_alone and fore and any(name in _READS_MARKER for name in names[fore[0] :]):
        raise AssertionError(f"run FB in a separate gacrux call from later BH/SB/AOB: {codes}")
    chessfile = trf2json()
    chessfile.parse_file(trf_text, False)
    if chessfile.get_status() != 0:
        raise AssertionError(f"gacrux refused the file: {chessfile.chessjson['status']}")
    tournament = chessfile.get_tournament(1)
    params: dict[str, Any] = {
        "tiebreak": list(codes),
        "check": False,
        "swiss": swiss,
        "pre_determined": not swiss,
        "unrated": None,
        "current_round": -1,
    }
    engine = gacrux_tiebreak(tournament, -1, params)
    result = engine.compute_tiebreaks(tournament, params)
    return {
        competitor["cid"]: (competitor["rank"], list(competitor["tiebreakScore"]))
        for competitor in result["competitors"]
    }
