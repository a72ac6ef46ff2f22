"""The FIDE rating report: what a rating officer or FIDE's rating server would bounce or
query in a tournament report (a `arbiter.trf.model.Tournament`), decided from the file alone.
Plain Python, no Django (docs/rating-report.md, "The checks")."""

from arbiter.ratingreport.findings import Finding, RatingReport
from arbiter.ratingreport.report import rating_report

__all__ = ["Finding", "RatingReport", "rating_report"]
