"""The arbiters' TRF checker: re-pair every round of a TRF file with our engine from the rounds
before it, recompute the standings by the tie-breaks the file declares, and list every
difference (round, board, rule). Plain Python; sits above `arbiter.pairing`,
`arbiter.tiebreaks` and `arbiter.trf`. See docs/trf.md ("Checker").
"""

from arbiter.checker.check import check_tournament
from arbiter.checker.report import CheckTimeLimit, Discrepancy, Report

__all__ = ["CheckTimeLimit", "Discrepancy", "Report", "check_tournament"]
