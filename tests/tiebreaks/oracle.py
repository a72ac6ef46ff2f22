"""Run gacrux (FIDE's tie-break checker) in-process on a TRF text: the test oracle."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from gacrux.tiebreak import tiebreak as gacrux_tiebreak
from gacrux.trf2json import trf2json


def gacrux_run(
    trf_text: str, codes: list[str], *, swiss: bool = True
) -> dict[int, tuple[int, list[Decimal | None]]]:
    """start number -> (rank, values in the order of `codes`), as gacrux computes them."""
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
