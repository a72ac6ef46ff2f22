"""gacrux (FIDE's tie-break checker) must read what we write, and see what we see.

For generated tournaments: write with `write_trf`, parse with gacrux's own TRF reader, and
compare the players, ratings, points, ranks and every round's results with our reading
(`to_tiebreak_model`), and the points gacrux computes (its PTS tie-break) with ours.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from trf_strategies import tournaments

from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.trf import read_trf, write_trf
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament

gacrux_trf2json = pytest.importorskip("gacrux.trf2json")
gacrux_tiebreak = pytest.importorskip("gacrux.tiebreak")

# gacrux's letter for one side's result -> our kind and that side's score.
UNPAIRED_KIND = {"P": "pairing-bye", "W": "full-bye", "D": "half-bye", "Z": "zero-bye"}


def gacrux_parse(text: str) -> dict:
    reader = gacrux_trf2json.trf2json()
    reader.parse_file(text, True)
    assert reader.get_status() == 0, reader.chessjson.get("status")
    return reader.get_tournament(1)


def gacrux_points(tournament: dict) -> dict[int, Decimal]:
    params = {"tiebreak": ["PTS"], "swiss": True, "check": False, "unrated": None}
    result = gacrux_tiebreak.tiebreak(tournament, -1, params).compute_tiebreaks(tournament, params)
    return {c["cid"]: c["tiebreakScore"][0] for c in result["competitors"]}


def gacrux_rounds(tournament: dict) -> dict[int, set[tuple]]:
    """Per round: (white, black, kind, white's score) as our tiebreak model would say it."""
    score = {
        "W": Decimal(1),
        "D": Decimal("0.5"),
        "L": Decimal(0),
        "Z": Decimal(0),
        "P": Decimal(1),
    }
    rounds: dict[int, set[tuple]] = {}
    row: tuple[str, str, str | None, Decimal]
    for game in tournament["gameList"]:
        white = game["white"]["cid"]
        white_result = game["white"]["result"]
        if game["black"] is None:
            kind = UNPAIRED_KIND[white_result]
            row = (str(white), "", kind, score[white_result])
        else:
            black = game["black"]["cid"]
            black_result = game["black"].get("result")
            if game["played"]:
                kind = None
            elif (white_result, black_result) == ("W", "Z"):
                kind = "forfeit-win"
            elif (white_result, black_result) == ("Z", "W"):
                kind = "forfeit-loss"
            else:
                assert (white_result, black_result) == ("Z", "Z")
                kind = "double-forfeit"
            row = (str(white), str(black), kind, score[white_result])
        rounds.setdefault(game["round"], set()).add(row)
    return rounds


def our_rounds(t: Tournament) -> dict[int, set[tuple]]:
    rounds, _ = to_tiebreak_model(t)
    ours: dict[int, set[tuple]] = {}
    for index, games in enumerate(rounds):
        for game in games:
            ours.setdefault(index + 1, set()).add(
                (game.white, game.black, game.kind, Decimal(game.result))
            )
    # gacrux writes a zero-point bye for every blank round entry ("0000 -  ") that we
    # leave out (an absent player): both score 0 and count as unplayed.
    for player in t.players:
        for index, entry in enumerate(player.rounds):
            if entry.opponent is None and entry.result == " ":
                ours.setdefault(index + 1, set()).add(
                    (str(player.start_number), "", "zero-bye", Decimal(0))
                )
    return ours


def assert_gacrux_agrees(t: Tournament) -> None:
    text = write_trf(t)
    ours = read_trf(text)
    theirs = gacrux_parse(text)
    competitors = {c["cid"]: c for c in theirs["competitors"]}
    assert sorted(competitors) == sorted(p.start_number for p in ours.players)
    for player in ours.players:
        competitor = competitors[player.start_number]
        assert competitor["gamePoints"] == player.points
        assert competitor["rank"] == (player.rank or 0)
        rating = competitor["rating"]["rating"] if competitor["rating"] else None
        assert rating == (player.rating or None)
    assert gacrux_rounds(theirs) == our_rounds(ours)
    computed = gacrux_points(theirs)
    assert computed == {p.start_number: p.points for p in ours.players}


def test_gacrux_reads_fixture_m() -> None:
    e = RoundEntry
    t = Tournament(
        header={"012": "Fixture M", "042": "2026/03/05"},
        players=[
            PlayerRecord(
                1,
                "A",
                rating=2400,
                points=Decimal("2.5"),
                rank=1,
                rounds=[e(2, "w", "1"), e(4, "b", "="), e(3, "w", "1")],
            ),
            PlayerRecord(
                2,
                "B",
                rating=2200,
                points=Decimal(1),
                rank=3,
                rounds=[e(1, "b", "0"), e(3, "w", "1"), e(4, "b", "0")],
            ),
            PlayerRecord(
                3,
                "C",
                rating=2000,
                points=Decimal(0),
                rank=4,
                rounds=[e(4, "w", "0"), e(2, "b", "0"), e(1, "b", "0")],
            ),
            PlayerRecord(
                4,
                "D",
                rating=2100,
                points=Decimal("2.5"),
                rank=2,
                rounds=[e(3, "b", "1"), e(1, "w", "="), e(2, "w", "1")],
            ),
        ],
    )
    assert_gacrux_agrees(t)


def test_gacrux_reads_byes_and_forfeits() -> None:
    e = RoundEntry
    t = Tournament(
        header={"012": "Byes"},
        total_rounds=3,
        players=[
            PlayerRecord(
                1,
                "A",
                points=Decimal(2),
                rank=1,
                rounds=[e(2, "w", "+"), e(None, "-", "U"), e(None, "-", "Z")],
            ),
            PlayerRecord(
                2,
                "B",
                points=Decimal("1.5"),
                rank=2,
                rounds=[e(1, "b", "-"), e(3, "w", "1"), e(None, "-", "H")],
            ),
            PlayerRecord(
                3,
                "C",
                points=Decimal(1),
                rank=3,
                rounds=[e(None, "-", "F"), e(2, "b", "0"), e(4, "w", "-")],
            ),
            PlayerRecord(
                4,
                "D",
                points=Decimal(1),
                rank=4,
                rounds=[e(None, "-", "-"), e(None, "-", "+"), e(3, "b", "-")],
            ),
        ],
    )
    assert_gacrux_agrees(t)


def test_gacrux_drops_a_last_round_without_games_unless_xxr_says_it_exists() -> None:
    """Why our exports always carry XXR: gacrux counts rounds up to the last one with an
    over-the-board game, or up to XXR/142."""
    e = RoundEntry
    t = Tournament(
        players=[
            PlayerRecord(1, "A", points=Decimal("1.5"), rounds=[e(2, "w", "1"), e(None, "-", "H")]),
            PlayerRecord(2, "B", points=Decimal(1), rounds=[e(1, "b", "0"), e(None, "-", "F")]),
        ]
    )
    assert gacrux_points(gacrux_parse(write_trf(t))) == {1: Decimal(1), 2: Decimal(0)}
    t.total_rounds = 2
    assert_gacrux_agrees(t)


# derandomize: the same 150 tournaments on every run, so a gacrux quirk not met yet cannot
# make CI flaky (1,500 random ones were checked by hand while writing this).
@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(tournaments(gacrux_safe=True, max_players=12, max_rounds=7))
def test_gacrux_sees_what_we_wrote(t: Tournament) -> None:
    assert_gacrux_agrees(t)
