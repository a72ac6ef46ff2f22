"""A match's score from its boards' results (C.04.6 art. 1.2), on plain values."""

from __future__ import annotations

from decimal import Decimal

from arbiter.trf.team_event import Points, ScoreSystem, board_colour

# Each result's game outcome for the board's White and Black: "w" win, "d" draw, "l" loss.
_OUTCOMES = {
    "1-0": ("w", "l"),
    "0-1": ("l", "w"),
    "1/2": ("d", "d"),
    "+-": ("w", "l"),
    "-+": ("l", "w"),
    "--": ("l", "l"),
}


def _value(points: Points, outcome: str) -> Decimal:
    return {"w": points.win, "d": points.draw, "l": points.loss}[outcome]


def match_score(
    *, scores: ScoreSystem, results: list[tuple[int, str]]
) -> tuple[Decimal, Decimal, Decimal, Decimal]:
    """(white team's match points, black team's, white team's game points, black team's) of a
    match whose boards (`(board, result)`, every result set) are all played. The match's
    `white` team has White on the odd boards (`board_colour`)."""
    game = [Decimal(0), Decimal(0)]
    for board, result in results:
        white_outcome, black_outcome = _OUTCOMES[result]
        # index 0: the match's white team, 1: its black team
        first, second = (0, 1) if board_colour(board) == "w" else (1, 0)
        game[first] += _value(scores.game, white_outcome)
        game[second] += _value(scores.game, black_outcome)
    if game[0] > game[1]:
        match = (scores.match.win, scores.match.loss)
    elif game[0] < game[1]:
        match = (scores.match.loss, scores.match.win)
    elif all(result == "--" for _, result in results):
        match = (scores.match.loss, scores.match.loss)  # neither team played: no draw
    else:
        match = (scores.match.draw, scores.match.draw)
    return match[0], match[1], game[0], game[1]


def game_board_result(status: str, winner: str) -> str:
    """An online board's result from its game's end (lichess's status names): a player who
    never moved loses by forfeit (as on an individual board), else the score."""
    if status == "noStart":
        return "+-" if winner == "white" else "-+"
    return {"white": "1-0", "black": "0-1"}.get(winner, "1/2")
