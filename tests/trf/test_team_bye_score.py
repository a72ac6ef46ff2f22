"""The pairing-allocated bye's points come from one rule (`team_event.bye_score`), and the
match record, the TRF 320 record and the tie-breaks all give its values; a requested bye is
another rule (`requested_bye_score`). Expected values are the product rule of
docs/team-swiss.md ("Byes", "Pairing-allocated bye"), as gacrux's defaults: a PAB scores a
drawn match's points and a win on every board; H a draw's match points and a draw on every
board, F a win's and a win on every board, Z nothing. Plain values, no database."""

from decimal import Decimal as D

import pytest

from arbiter.tiebreaks.team_scores import PAB, TeamTable
from arbiter.trf.team_event import (
    PAB_MATCH_POINTS_DEFAULT,
    Match,
    Points,
    ScoreSystem,
    Team,
    TeamBye,
    TeamEvent,
    TeamPlayer,
    bye_score,
    pab_match_points_default,
)
from arbiter.trf.team_trf import (
    TeamScore,
    match_scores,
    requested_bye_score,
    team_event_from_trf,
    team_event_to_trf,
)

# (score system, boards, the PAB's (match points, game points) by the rule above)
CASES = [
    (ScoreSystem(), 4, (D(1), D(4))),  # 2/1/0, 1/½/0: a draw is 1 MP; 4 boards won, 4 GP
    (ScoreSystem(), 6, (D(1), D(6))),
    # 3/1/0 and 2/1/0 games, the bye set to a draw's (1): 5 boards won at 2 = 10 GP
    (
        ScoreSystem(match=Points(D(3), D(1), D(0)), game=Points(D(2), D(1), D(0)), pab_match=D(1)),
        5,
        (D(1), D(10)),
    ),
    # The regulation sets both: a won match (2) and 2 GP
    (ScoreSystem(pab_match=D(2), pab_game=D(2)), 4, (D(2), D(2))),
]


def _event(scores: ScoreSystem, boards: int) -> TeamEvent:
    """Three teams; round 1: team 1 meets team 2 (unplayed yet), team 3 has the PAB."""
    teams = tuple(
        Team(tpn=t, name=f"T{t}", players=tuple(range((t - 1) * boards + 1, t * boards + 1)))
        for t in (1, 2, 3)
    )
    players = tuple(TeamPlayer(number=n, name=f"P{n}") for n in range(1, 3 * boards + 1))
    return TeamEvent(
        name="Bye",
        boards=boards,
        total_rounds=3,
        teams=teams,
        players=players,
        matches=(Match(round=1, white=1, black=2), Match(round=1, white=3, black=None)),
        scores=scores,
    )


def test_the_default_is_a_drawn_match_of_the_default_points():
    assert D(1) == PAB_MATCH_POINTS_DEFAULT
    assert ScoreSystem().pab_match == D(1)
    assert pab_match_points_default(match=Points(D(3), D(1), D(0))) == D(1)
    assert pab_match_points_default(match=Points(D(2), D("0.5"), D(0))) == D("0.5")


@pytest.mark.parametrize(("scores", "boards", "expected"), CASES)
def test_every_place_gives_the_bye_its_rule_values(
    scores: ScoreSystem, boards: int, expected: tuple[D, D]
) -> None:
    assert bye_score(scores=scores, boards=boards) == expected
    event = _event(scores, boards)
    pab = Match(round=1, white=3, black=None)
    assert match_scores(pab, scores, boards) == {3: TeamScore(*expected)}
    row = TeamTable(event, 1).rows[2][0]
    assert (row.kind, row.mp, row.gp) == (PAB, *expected)
    (record,) = [line for line in team_event_to_trf(event).other_records if line[:3] == "320"]
    assert (D(record[4:8]), D(record[9:13]), record[14:17]) == (*expected, "003")
    # Read back: the same regulation (a bye of every board won is stored as the default None).
    assert team_event_from_trf(team_event_to_trf(event)).scores.pab_game == scores.pab_game


@pytest.mark.parametrize(
    ("bye", "expected"),
    [
        (TeamBye(round=1, tpn=3, kind="H"), TeamScore(D(1), D(2))),  # a draw; ½ on 4 boards
        (TeamBye(round=1, tpn=3, kind="F"), TeamScore(D(2), D(4))),  # a win; 1 on 4 boards
        (TeamBye(round=1, tpn=3, kind="Z"), TeamScore(D(0), D(0))),
    ],
)
def test_a_requested_bye_is_not_the_pairing_allocated_one(bye: TeamBye, expected: TeamScore):
    assert requested_bye_score(bye=bye, scores=ScoreSystem(), boards=4) == expected
