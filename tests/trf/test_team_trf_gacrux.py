"""gacrux's reader (trf2json, in-process) reads our TRF-2026 team records as the same event:
status 0 with no remark, the same matches, colours, match results and team totals."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from arbiter.trf.team_event import BoardGame, Match, TeamEvent
from arbiter.trf.team_trf import team_event_to_trf, team_totals
from arbiter.trf.writer import write_trf
from tests.pairing.team.events import five_teams

trf2json = pytest.importorskip("gacrux.trf2json")


def gacrux_read(event: TeamEvent, *, engine_input: bool = False) -> dict:
    reader = trf2json.trf2json()
    reader.parse_file(write_trf(team_event_to_trf(event, engine_input=engine_input)), True)
    status = reader.chessjson["status"]
    assert status["code"] == 0 and not status["error"] and not status.get("info"), status
    tournament: dict = reader.get_tournament(1)
    return tournament


def test_gacrux_reads_the_matches_colours_and_results() -> None:
    tournament = gacrux_read(five_teams())
    matches = sorted(
        (m["round"], m["white"]["cid"], (m["black"] or {}).get("cid", 0), m["white"]["result"])
        for m in tournament["matchList"]
    )
    assert matches == [
        (1, 1, 2, "W"),  # 1.5-0.5
        (1, 4, 3, "W"),  # board 1 won by forfeit, board 2 won
        (1, 5, 0, "P"),  # the pairing-allocated bye
        (2, 2, 5, "L"),
        (2, 3, 1, "Z"),  # team 3 fielded nobody: lost unplayed
        (2, 4, 0, "D"),  # the half-point bye
    ]
    assert tournament["teamSize"] == 2
    assert tournament["topColor"].lower() == "w"
    assert tournament["numRounds"] == 5


def test_gacrux_reads_the_310_totals_our_results_give() -> None:
    event = five_teams()
    tournament = gacrux_read(event)
    totals = team_totals(event)
    for team in tournament["competitors"]:
        assert (team["matchPoints"], team["gamePoints"]) == totals[team["cid"]]


def test_gacrux_reads_an_out_of_order_line_up_on_its_boards() -> None:
    event = five_teams()
    first = event.matches[0]  # team 1 (white) against team 2; team 2 plays 5 then 4
    swapped = dataclasses.replace(
        first,
        games=(BoardGame(1, 1, 5, "1-0"), BoardGame(2, 4, 2, "1/2")),
    )
    event = dataclasses.replace(event, matches=(swapped, *event.matches[1:]))
    tournament = gacrux_read(event)
    boards = {
        (g["white"]["cid"], (g["black"] or {}).get("cid")): g.get("board")
        for g in tournament["gameList"]
        if g["round"] == 1
    }
    assert boards[(1, 5)] == 1 and boards[(4, 2)] == 2


def test_gacrux_reads_a_match_nobody_came_to_as_that_match() -> None:
    # The export's 330 -- with a 300 record of empty boards per team: gacrux reads the
    # match, no points and unplayed for both (its loss letter is Z or L as its reader leaves
    # it), with a placeholder game 0 per board (docs/team-swiss.md, "Known differences").
    event = five_teams()
    empty = Match(2, 2, 5, tuple(BoardGame(b, None, None, "--") for b in (1, 2)))
    event = dataclasses.replace(event, matches=(*event.matches[:3], empty, event.matches[4]))
    tournament = gacrux_read(event)
    (match,) = [
        m for m in tournament["matchList"] if m["round"] == 2 and m["white"]["cid"] in (2, 5)
    ]
    assert (match["white"]["cid"], match["black"]["cid"]) == (2, 5)
    assert {match["white"]["result"], match["black"]["result"]} <= {"Z", "L"}
    assert not match["played"]
    assert set(match["games"]) == {0}
    # For the pairing engine: two zero-point byes.
    tournament = gacrux_read(event, engine_input=True)
    round_two = sorted(
        (m["white"]["cid"], m["black"], m["white"]["result"])
        for m in tournament["matchList"]
        if m["round"] == 2 and m["white"]["cid"] in (2, 5)
    )
    assert round_two == [(2, None, "Z"), (5, None, "Z")]
    assert team_totals(event)[2][0] == Decimal(0)
