"""A match's points once every board has a result; the round and the event complete."""

from __future__ import annotations

from decimal import Decimal

from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissMatch, TeamSwissRound
from arbiter.teamswiss.read.state import score_system
from arbiter.trf.team_event import bye_score
from arbiter.trf.team_trf import match_points


def match_points_set(*, event: TeamSwissEvent, match: TeamSwissMatch) -> bool:
    """Write the match's points (or clear them while a board is unplayed); True if complete."""
    scores = score_system(event)
    points: tuple[Decimal | None, Decimal | None, Decimal | None, Decimal | None]
    if match.black_id is None:
        mp, gp = bye_score(scores=scores, boards=event.boards)
        points = (mp, None, gp, None)
    else:
        results = list(match.boards.order_by("board").values_list("board", "result"))
        if not results or any(result == "" for _, result in results):
            points = (None, None, None, None)
        else:
            points = match_points(scores=scores, results=results)
    (
        match.white_match_points,
        match.black_match_points,
        match.white_game_points,
        match.black_game_points,
    ) = points
    match.save(
        update_fields=[
            "white_match_points",
            "black_match_points",
            "white_game_points",
            "black_game_points",
        ]
    )
    return match.white_match_points is not None


def round_complete_if_done(*, event: TeamSwissEvent, rnd: TeamSwissRound) -> None:
    """A playing round whose matches are all complete completes; after the last round the
    event finishes (its watchers hear it as the version the caller's write publishes)."""
    if rnd.status != TeamSwissRound.Status.PLAYING:
        return
    if rnd.matches.filter(white_match_points__isnull=True).exists():
        return
    rnd.status = TeamSwissRound.Status.COMPLETE
    rnd.save(update_fields=["status"])
    if rnd.number >= event.num_rounds:
        event.status = TeamSwissEvent.Status.FINISHED
        event.save(update_fields=["status", "updated_at"])
