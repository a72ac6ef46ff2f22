"""Team standings, hand-checked (docs/team-swiss.md, "Standings and team tie-breaks").

Event W: five teams of two boards, three rounds, match points 2/1/0, game points 1/½/0, the
PAB worth 2 match points and 2 game points; team t has players 2t-1 (board 1) and 2t,
player n rated 2000 + 10n. Start 2026/05/02: the 2026 rules (dummy caps, C.07 16.4).

R1  A-B 2-0 (1-0, 0-1 with B's player White on board 2); C-D 1-1 (two draws); E PAB.
R2  A-C 1½-½; E-B 1½-½ (board 1 drawn, B fielded nobody on board 2: played); D half bye.
R3  A-E 1-1; D-B 2-0 forfeited (B fielded nobody: an unplayed match); C absent (Z).

     MP  GP   rounds                     last non-VUR   adjusted MP (16.3)   adjusted GP
A    5   4.5  played, played, played     3              5                    4.5
B    0   0.5  played, played, forfeit L  2              0 (forfeit: awarded) 0.5
C    1   1.5  played, played, Z          2              1 + 0 + 1 = 2        1 + ½ + 1 = 2.5
D    4   4    played, H, forfeit W       3              4                    4
E    5   4.5  PAB, played, played        3              5                    4.5

Dummy caps (16.4.2): a draw's worth x 3 rounds: 3 match points, 1 x 3 = 3 game points.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from arbiter.tiebreaks import UnknownTiebreak
from arbiter.tiebreaks.team import board_scores, team_standings
from arbiter.trf.team_event import (
    BoardGame,
    Match,
    ScoreSystem,
    Team,
    TeamBye,
    TeamEvent,
    TeamPlayer,
)
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf
from tests.tiebreaks.team_differential import compare_team_trf

D = Decimal
A, B, C, D_, E = 1, 2, 3, 4, 5

EVENT = TeamEvent(
    name="Event W",
    boards=2,
    total_rounds=3,
    teams=tuple(Team(t, "ABCDE"[t - 1], (2 * t - 1, 2 * t)) for t in range(1, 6)),
    players=tuple(TeamPlayer(n, f"Player {n}", 2000 + 10 * n) for n in range(1, 11)),
    matches=(
        Match(1, A, B, (BoardGame(1, 1, 3, "1-0"), BoardGame(2, 4, 2, "0-1"))),
        Match(1, C, D_, (BoardGame(1, 5, 7, "1/2"), BoardGame(2, 8, 6, "1/2"))),
        Match(1, E, None),
        Match(2, A, C, (BoardGame(1, 1, 5, "1-0"), BoardGame(2, 6, 2, "1/2"))),
        Match(2, E, B, (BoardGame(1, 9, 3, "1/2"), BoardGame(2, None, 10, "-+"))),
        Match(3, A, E, (BoardGame(1, 1, 9, "1-0"), BoardGame(2, 10, 2, "1-0"))),
        Match(3, D_, B, (BoardGame(1, 7, None, "+-"), BoardGame(2, None, 8, "-+"))),
    ),
    byes=(TeamBye(2, D_, "H"), TeamBye(3, C, "Z")),
    # The worked numbers below give the PAB a win's match points (the default is a draw's).
    scores=ScoreSystem(pab_match=Decimal(2)),
    start_date="2026/05/02",
)


def table(event: TeamEvent, **kwargs: int) -> list[tuple[object, ...]]:
    return [
        (s.rank, s.name, s.match_points, s.game_points, *s.tiebreaks.values())
        for s in team_standings(event, **kwargs)
    ]


def test_buchholz_of_match_points_with_byes_and_forfeits() -> None:
    # BH(A) = B 0 + C 2 + E 5 = 7. BH(E) = PAB dummy min(5, 3) + B 0 + A 5 = 8.
    # BH(D) = C 2 + half bye min(4, 3) + forfeit win min(4, B's adjusted 0) = 5.
    # BH(C) = D 4 + A 5 + Z min(1, 3) = 10. BH(B) = A 5 + E 5 + forfeit loss min(0, 4) = 10.
    # BH/C1: D cuts the half bye (a VUR, 3, is above the least value 0: the higher is cut)
    # -> 2 + 0 = 2; C cuts its Z (1) -> 9; B its forfeit loss (0) -> 10; A and E their 0.
    event = replace(EVENT, tiebreaks=("BH", "BH/C1"))
    assert table(event) == [
        (1, "E", D(5), D("4.5"), D(8), D(8)),
        (2, "A", D(5), D("4.5"), D(7), D(7)),
        (3, "D", D(4), D(4), D(5), D(2)),
        (4, "C", D(1), D("1.5"), D(10), D(9)),
        (5, "B", D(0), D("0.5"), D(10), D(10)),
    ]


def test_buchholz_of_game_points() -> None:
    # Adjusted GP: A 4.5, B 0.5, C 2.5 (its Z counts a draw's 1), D 4, E 4.5.
    # A: B 0.5 + C 2.5 + E 4.5 = 7.5. E: PAB min(4.5, 3) + B 0.5 + A 4.5 = 8.
    # D: C 2.5 + H min(4, 3) + forfeit win min(4, B 0.5) = 6. C: 4 + 4.5 + min(1.5, 3) = 10.
    # B: 4.5 + 4.5 + forfeit loss min(0.5, D 4) = 9.5.
    event = replace(EVENT, tiebreaks=("BH:GP",))
    values = {s.name: s.tiebreaks["BH:GP"] for s in team_standings(event)}
    assert values == {"A": D("7.5"), "B": D("9.5"), "C": D(10), "D": D(6), "E": D(8)}


def test_fore_buchholz() -> None:
    # FB: every team paired in round 3 has that match as a draw (own score and as an
    # opponent), and counts no terminal bye. A 5 + (1 - 1) = 5; E 5; B 0 + (1 - 0) = 1;
    # D 4 + (1 - 2) = 3; C (absent in round 3, not paired) keeps its adjusted 2 and own 1.
    # A: B 1 + C 2 + E 5 = 8. E: PAB min(5, 3) + B 1 + A 5 = 9. D: C 2 + H min(3, 3) +
    # B 1 (a last-round forfeit counts as a game) = 6. B: 5 + 5 + D 3 = 13. C: 3 + 5 + 1 = 9.
    event = replace(EVENT, tiebreaks=("FB",))
    values = {s.name: s.tiebreaks["FB"] for s in team_standings(event)}
    assert values == {"A": D(8), "B": D(13), "C": D(9), "D": D(6), "E": D(9)}


def test_sonneborn_berger_and_its_team_variants() -> None:
    # SB = opponent's (adjusted) MP x own MP: A 0x2 + 2x2 + 5x1 = 9; E 3x2 + 0x2 + 5x1 = 11;
    # D 2x1 + 3x1 + 0x2 = 5; C 4x1 + 5x0 + 1x0 = 4; B 0.
    # EMGSB = opponent's MP x own GP: A 0x2 + 2x1.5 + 5x1 = 8; E 3x2 + 0x1.5 + 5x1 = 11;
    # D 2x1 + 3x1 + 0x2 = 5; C 4x1 + 5x0.5 + 1x0 = 6.5; B 5x0 + 5x0.5 + 0x0 = 2.5.
    # ESB (primary MP): the same as EMGSB.
    event = replace(EVENT, tiebreaks=("SB", "EMGSB", "ESB"))
    values = {s.name: tuple(s.tiebreaks.values()) for s in team_standings(event)}
    assert values == {
        "A": (D(9), D(8), D(8)),
        "B": (D(0), D("2.5"), D("2.5")),
        "C": (D(4), D("6.5"), D("6.5")),
        "D": (D(5), D(5), D(5)),
        "E": (D(11), D(11), D(11)),
    }


def test_direct_encounter_leaves_a_drawn_match_tied() -> None:
    # A and E drew their match (1-1): DE and EDE cannot separate them; BH then does.
    assert [s.name for s in team_standings(replace(EVENT, tiebreaks=("DE", "BH")))][:2] == [
        "E",
        "A",
    ]
    standings = team_standings(replace(EVENT, tiebreaks=("EDE",)))
    assert [(s.rank, s.name) for s in standings[:2]] == [(1, "A"), (1, "E")]


def test_ede_board_variants_split_two_teams_by_their_drawn_match() -> None:
    # A-E, round 3: 1-1, A won board 1, E board 2. EDET: board 1 of that match, A 1 - E 0.
    # EDEB: all boards but the last (board 1 here): the same. EDEC: board count of the
    # match, lower first: A 1x1 + 2x0 = 1, E 1x0 + 2x1 = 2.
    for code in ("EDET", "EDEB", "EDEC", "EDEBT", "EDEBB"):
        standings = team_standings(replace(EVENT, tiebreaks=(code,)))
        assert [(s.rank, s.name) for s in standings[:2]] == [(1, "A"), (2, "E")], code


def test_direct_encounter_separates_the_winner() -> None:
    # Make A win round 3 on board 2 too: A 6 MP, E 4 MP; D 4 MP. D and E never met: DE on
    # {D, E} leaves them tied (6.3: neither's 0 beats the other's possible 2).
    matches = list(EVENT.matches)
    matches[5] = Match(3, A, E, (BoardGame(1, 1, 9, "1-0"), BoardGame(2, 10, 2, "0-1")))
    event = replace(EVENT, matches=tuple(matches), tiebreaks=("DE",))
    assert [(s.rank, s.name, s.match_points) for s in team_standings(event)] == [
        (1, "A", D(6)),
        (2, "D", D(4)),
        (2, "E", D(4)),
        (4, "C", D(1)),
        (5, "B", D(0)),
    ]


def test_koya_and_score_strength_combination() -> None:
    # KS: the limit is 50 % of 3 won matches = 3 MP; A 5, E 5, D 4 reach it. A scored 1
    # against E; E 1 against A; D 2 by forfeit against B (below the limit) -> 0.
    # SSSC (match points first): GP + BH / floor(3 rounds x 2 / 1 / 2 boards) = GP + BH / 3:
    # A 4.5 + 7/3 = 6.83, E 4.5 + 8/3 = 7.17, D 4 + 5/3 = 5.67 (half up to hundredths).
    event = replace(EVENT, tiebreaks=("KS", "SSSC"))
    values = {s.name: tuple(s.tiebreaks.values()) for s in team_standings(event)}
    assert values["A"] == (D(1), D("6.83"))
    assert values["E"] == (D(1), D("7.17"))
    assert values["D"] == (D(0), D("5.67"))


def test_board_criteria_tbr_and_bbe() -> None:
    # A and E are tied on 5 MP (and 4.5 GP). Board 1: A 1 + 1 + 1 = 3, E 1 (PAB) + ½ + 0 =
    # 1.5 -> TBR puts A first; BBE (all boards but the last, i.e. board 1 here) too.
    # BC (board x points, lower first): A 1x3 + 2x1.5 = 6, E 1x1.5 + 2x3 = 7.5 -> A first.
    for code in ("TBR", "BBE"):
        standings = team_standings(replace(EVENT, tiebreaks=(code,)))
        assert [(s.rank, s.name, s.tiebreaks[code]) for s in standings[:2]] == [
            (1, "A", D(3)),
            (2, "E", D("1.5")),
        ]
    standings = team_standings(replace(EVENT, tiebreaks=("BC",)))
    assert [(s.name, s.tiebreaks["BC"]) for s in standings[:2]] == [("A", D(6)), ("E", D("7.5"))]


def test_game_points_first_and_mpvgp() -> None:
    event = replace(
        EVENT, scores=replace(EVENT.scores, primary="gp"), tiebreaks=("MPVGP", "GP", "MP")
    )
    assert [(s.name, *s.tiebreaks.values()) for s in team_standings(event)] == [
        ("A", D(5), D("4.5"), D(5)),
        ("E", D(5), D("4.5"), D(5)),
        ("D", D(4), D(4), D(4)),
        ("C", D(1), D("1.5"), D(1)),
        ("B", D(0), D("0.5"), D(0)),
    ]
    assert [s.rank for s in team_standings(event)] == [1, 1, 3, 4, 5]


def test_played_counts_matches_played_over_the_board() -> None:
    # B's forfeited round 3 and E's PAB are not matches played; E-B (a board played) is.
    played = {s.name: s.played for s in team_standings(EVENT)}
    assert played == {"A": 3, "B": 2, "C": 2, "D": 1, "E": 2}


def test_2023_rules_have_no_dummy_cap() -> None:
    # D: C 2 + half bye 4 + forfeit win 4 = 10 (own score each time).
    event = replace(EVENT, start_date="2025/05/02", tiebreaks=("BH",))
    assert {s.name: s.tiebreaks["BH"] for s in team_standings(event)}["D"] == D(10)


def test_after_round_one_is_the_event_as_if_it_had_one_round() -> None:
    # A 2 (BH: B 0), E 2 (PAB dummy min(2, 1 x 1 round) = 1): E first; C and D drew.
    event = replace(EVENT, tiebreaks=("BH",))
    assert table(event, after_round=1) == [
        (1, "E", D(2), D(2), D(1)),
        (2, "A", D(2), D(2), D(0)),
        (3, "C", D(1), D(1), D(1)),
        (3, "D", D(1), D(1), D(1)),
        (5, "B", D(0), D(0), D(2)),
    ]


def test_an_unfinished_round_does_not_count() -> None:
    round_4 = Match(4, A, D_, (BoardGame(1, 1, 7, "1-0"), BoardGame(2, 8, 2, "")))
    event = replace(EVENT, total_rounds=4, matches=(*EVENT.matches, round_4), tiebreaks=("BH",))
    assert table(event) == table(replace(EVENT, tiebreaks=("BH",)))


def test_unknown_codes_are_refused_with_the_codes_we_know() -> None:
    with pytest.raises(UnknownTiebreak, match=r"unknown team tie-break 'XYZ' \(team codes: BBE"):
        team_standings(replace(EVENT, tiebreaks=("XYZ",)))
    with pytest.raises(UnknownTiebreak, match="modifier /L1"):
        team_standings(replace(EVENT, tiebreaks=("BH/L1",)))
    with pytest.raises(UnknownTiebreak, match="score :GP"):
        team_standings(replace(EVENT, tiebreaks=("MPVGP:GP",)))


def test_board_scores() -> None:
    # Player 1: three wins on board 1 against 2030, 2050, 2090: Ra 2057, 100 % -> +800.
    # Player 2: won, drew, lost against 2040, 2060, 2100: Ra 2067, 50 % -> 2067.
    # Player 10: a forfeit win (no game) and a win against 2020 -> 2 points, 1 game, 2820.
    # Player 3: lost to 2010, drew with 2090: 25 % -> dp -193 -> 2050 - 193 = 1857.
    # Player 8: drew with 2060, forfeit win: 1.5 points, 1 game, 2060.
    scores = {s.number: s for s in board_scores(EVENT)}
    assert [(n, scores[n].boards, scores[n].points, scores[n].games) for n in (1, 2, 10, 3, 8)] == [
        (1, (1, 1, 1), D(3), 3),
        (2, (2, 2, 2), D("1.5"), 3),
        (10, (2, 2), D(2), 1),
        (3, (1, 1), D("0.5"), 2),
        (8, (2, 2), D("1.5"), 1),
    ]
    assert [scores[n].performance for n in (1, 2, 10, 3, 8)] == [2857, 2067, 2820, 1857, 2060]
    assert scores[1].board == 1 and scores[10].board == 2 and scores[4].board == 2
    assert scores[4].boards == (2,) and scores[4].performance == 2000 + 10 * 2 - 800


def test_event_w_equals_gacrux() -> None:
    orders = [
        ("BH", "BH/C1", "BH:GP", "BH:GP/C1", "SB", "EMGSB", "ESB", "EGGSB", "PS", "WIN", "BC"),
        ("DE", "BH"),
        ("EDE", "SB"),
        ("TBR",),
        ("GP", "BBE"),
        ("EDET",),
        ("EDEC", "KS", "SSSC"),
        ("FB", "BH", "FB:GP/C1"),
    ]
    text = write_trf(team_event_to_trf(EVENT))
    for order in orders:
        differences, compared = compare_team_trf(text, replace(EVENT, tiebreaks=order), "W")
        assert differences == []
        assert compared >= 5 * (len(order) + 1)
