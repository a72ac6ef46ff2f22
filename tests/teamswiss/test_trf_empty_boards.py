"""A board neither team fielded anyone on, inside a match whose other boards were played:
the export says so as TRF-2026 does (0 on both teams' 300 records), and gacrux's pairing,
which cannot take that, gets a stand-in double forfeit it reads as the same match."""

from __future__ import annotations

import pytest

from arbiter.pairing.team import pair_team_round
from arbiter.trf.team_event import BoardGame, Match, Team, TeamEvent, TeamPlayer
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf

trf2json = pytest.importorskip("gacrux.trf2json")


def _event() -> TeamEvent:
    """Four teams of two boards and three players; round 1: 1-3 with board 2 empty on both
    sides (board 1 won by team 1), 2-4 played out."""
    players = tuple(TeamPlayer(n, f"Player {n}", 2100 - n) for n in range(1, 13))
    teams = tuple(Team(t, f"Team {t}", (3 * t - 2, 3 * t - 1, 3 * t)) for t in range(1, 5))
    empty = Match(1, 1, 3, (BoardGame(1, 1, 7, "1-0"), BoardGame(2, None, None, "--")))
    played = Match(1, 2, 4, (BoardGame(1, 4, 10, "1/2"), BoardGame(2, 11, 5, "1-0")))
    return TeamEvent("Empty boards", 2, 3, teams, players, (empty, played))


def _gacrux_matches(text: str) -> set[tuple[int, int, str, str]]:
    reader = trf2json.trf2json()
    reader.parse_file(text, True)
    assert reader.chessjson["status"]["code"] == 0, reader.chessjson["status"]
    tournament = reader.get_tournament(1)
    return {
        (m["white"]["cid"], m["black"]["cid"], m["white"]["result"], m["black"]["result"])
        for m in tournament["matchList"]
    }


def test_the_export_writes_the_empty_board_as_trf_2026_says() -> None:
    lines = write_trf(team_event_to_trf(_event())).splitlines()
    assert {"300   1   1   3    1    0", "300   1   3   1    7    0"} <= set(lines)


def test_the_pairing_engine_reads_a_stand_in_double_forfeit_and_pairs_round_two() -> None:
    event = _event()
    text = write_trf(team_event_to_trf(event, engine_input=True))
    lines = text.splitlines()
    # The first squad players who did not play: 2 of team 1, 8 of team 3.
    stand_ins = [line for line in lines if line.startswith("001") and "0000 - -" in line]
    assert [int(line[4:8]) for line in stand_ins] == [2, 8]
    assert not any(line.startswith("300") for line in lines)
    # gacrux reads the results the event has: team 1 won 1-0, team 4 1½-½.
    assert _gacrux_matches(text) == {(1, 3, "W", "L"), (2, 4, "L", "W")}

    pairing = pair_team_round(event, 2)
    paired = {frozenset((p.white, p.black)) for p in pairing.matches}
    assert len(paired) == 2 and not paired & {frozenset((1, 3)), frozenset((2, 4))}
