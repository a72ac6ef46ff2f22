"""`rating_report`: every check of docs/rating-report.md over one tournament."""

from __future__ import annotations

from arbiter.ratingreport.findings import ERROR, Finding, RatingReport
from arbiter.trf.model import Tournament


def rating_report(tournament: Tournament) -> RatingReport:
    """The findings on `tournament`, event-level first, then by start number."""
    report = RatingReport()
    for player in sorted(tournament.players, key=lambda p: p.start_number):
        if player.fide_id and not player.fide_id.isdigit():
            report.findings.append(
                Finding(
                    player.start_number,
                    player.name,
                    "fide_id",
                    f"FIDE ID {player.fide_id!r} is not a number",
                    "TRF-16, 001 columns 58-68",
                    ERROR,
                )
            )
    return report
