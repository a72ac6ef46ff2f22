"""`rating_report`: every check of docs/rating-report.md ("The checks") over one tournament."""

from __future__ import annotations

from arbiter.ratingreport.event import (
    event_findings,
    event_span,
    time_control,
    time_control_findings,
)
from arbiter.ratingreport.findings import RatingReport
from arbiter.ratingreport.games import count_rated_games
from arbiter.ratingreport.players import player_findings
from arbiter.trf.model import Tournament


def rating_report(tournament: Tournament) -> RatingReport:
    """What FIDE's rating officer or rating server would bounce ("error") or query
    ("warning") in `tournament`: the event's findings first, then each player's by start
    number; and how many games FIDE will rate for each player."""
    control = time_control(tournament)
    games = count_rated_games(tournament, control)
    start, _ = event_span(tournament)
    event = [*event_findings(tournament), *time_control_findings(tournament, control)]
    event += [f for f in games.findings if f.start_number is None]
    per_player = [
        *player_findings(tournament.players, event_year=start.year if start else None),
        *(f for f in games.findings if f.start_number is not None),
    ]
    per_player.sort(key=lambda f: f.start_number or 0)  # stable: each player's in check order
    return RatingReport(
        findings=event + per_player,
        rated_games=games.rated_games,
        names={p.start_number: p.name for p in tournament.players},
    )
