"""TRF-2026 team records: a TeamEvent written with `team_event_to_trf` reads back the same."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.reader import read_trf
from arbiter.trf.team_event import BoardGame, Match, ScoreSystem, TeamEvent
from arbiter.trf.team_trf import (
    match_played,
    team_event_from_trf,
    team_event_to_trf,
    team_totals,
    team_type_code,
)
from arbiter.trf.writer import write_trf
from tests.pairing.team.events import five_teams


def _sorted(event: TeamEvent) -> TeamEvent:
    return dataclasses.replace(
        event,
        matches=tuple(sorted(event.matches, key=lambda m: (m.round, m.white))),
        byes=tuple(sorted(event.byes, key=lambda b: (b.round, b.tpn))),
    )


def _lines(event: TeamEvent, code: str) -> list[str]:
    return [line for line in write_trf(team_event_to_trf(event)).splitlines() if line[:3] == code]


def test_an_event_reads_back_the_same() -> None:
    event = _sorted(five_teams())
    text = write_trf(team_event_to_trf(event))
    assert team_event_from_trf(read_trf(text)) == event


def test_the_records_of_the_five_team_event() -> None:
    event = five_teams()
    text = write_trf(team_event_to_trf(event))
    assert "142 5" in text.splitlines()
    assert "152 W" in text.splitlines()
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text.splitlines()
    assert "352 WB" in text.splitlines()
    assert "362 TW 2.0   TD 1.0   TL 0.0" in text.splitlines()
    assert "162  W 1.0    D 0.5    L 0.0" in text.splitlines()
    # The PAB: 2 match points, the game points of winning both boards, team 5 in round 1.
    assert _lines(event, "320") == ["320  2.0  2.0 005"]
    assert _lines(event, "240") == ["240 H   2    4"]
    assert _lines(event, "260") == ["260   1   5    1    5"]
    # Round 2: team 3 fielded nobody against team 1 (a match forfeited as a whole).
    assert _lines(event, "330") == ["330 -+   2   3   1"]
    # An empty board (round 1, team 3 board 1; round 2, team 3) spells the line-up out.
    assert "300   1   3   4    0    9" in _lines(event, "300")
    assert "300   2   3   1    0    0" in _lines(event, "300")
    team_one = next(line for line in _lines(event, "310") if line.startswith("310   1 "))
    assert team_one[54:60].strip() == "4.0" and team_one[61:67].strip() == "3.5"
    assert team_one[73:].split() == ["1", "2", "3"]


def test_rounds_a_player_did_not_play_are_blank() -> None:
    text = write_trf(team_event_to_trf(five_teams()))
    player_three = next(line for line in text.splitlines() if line.startswith("001    3"))
    assert player_three[91:].strip() == ""  # a reserve who never played: no 0000 blocks
    player_ten = next(line for line in text.splitlines() if line.startswith("001   10"))
    assert player_ten[91:] == "0000 - +  0000 - H"  # board forfeit won, then the H bye


def test_the_writer_keeps_0000_blocks_unless_asked() -> None:
    player = PlayerRecord(
        1, "A", points=Decimal(1), rounds=[RoundEntry(None, "-", " "), RoundEntry(2, "w", "1")]
    )
    other = PlayerRecord(2, "B", rounds=[RoundEntry(None, "-", " "), RoundEntry(1, "b", "0")])
    plain = write_trf(Tournament(players=[player, other]))
    assert "0000 -  " in plain
    blank = write_trf(Tournament(players=[player, other], blank_unpaired=True))
    assert "0000" not in blank
    assert read_trf(blank) == read_trf(plain)


def test_a_match_nobody_came_to_is_its_330_record_with_empty_line_ups() -> None:
    event = five_teams()
    empty = Match(2, 2, 5, tuple(BoardGame(b, None, None, "--") for b in (1, 2)))
    event = _sorted(
        dataclasses.replace(event, matches=(*event.matches[:3], empty, event.matches[4]))
    )
    text = write_trf(team_event_to_trf(event))
    lines = text.splitlines()
    assert "330 --   2   2   5" in lines
    assert {"300   2   2   5    0    0", "300   2   5   2    0    0"} <= set(lines)
    assert not any(line.startswith(("240 Z", "###")) for line in lines)
    assert team_event_from_trf(read_trf(text)) == event
    assert not match_played(empty, event.scores, 2)


def test_for_the_pairing_engine_it_is_two_zero_byes_and_a_comment() -> None:
    event = five_teams()
    empty = Match(2, 2, 5, tuple(BoardGame(b, None, None, "--") for b in (1, 2)))
    event = _sorted(
        dataclasses.replace(event, matches=(*event.matches[:3], empty, event.matches[4]))
    )
    text = write_trf(team_event_to_trf(event, engine_input=True))
    assert "### 330 --   2   2   5" in text.splitlines()
    assert "240 Z   2    2    5" in text.splitlines()
    assert not any(line.startswith("300   2   2") for line in text.splitlines())
    assert team_event_from_trf(read_trf(text)) == event


@pytest.mark.parametrize(
    ("model", "primary", "secondary", "code"),
    [
        ("typea", "mp", True, "FIDE_TEAM_TYPEA_MP_GP"),
        ("typeb", "gp", True, "FIDE_TEAM_TYPEB_GP_MP"),
        ("nocolor", "mp", False, "FIDE_TEAM_MP"),
        ("typea", "gp", False, "FIDE_TEAM_TYPEA_GP"),
    ],
)
def test_the_192_code_says_the_colour_model_and_the_scores(model, primary, secondary, code) -> None:
    event = five_teams()
    scores = dataclasses.replace(event.scores, primary=primary, secondary_used=secondary)
    event = _sorted(dataclasses.replace(event, colour_model=model, scores=scores))
    assert team_type_code(event) == code
    back = team_event_from_trf(read_trf(write_trf(team_event_to_trf(event))))
    assert (back.colour_model, back.scores.primary, back.scores.secondary_used) == (
        model,
        primary,
        secondary,
    )


def test_other_point_systems_and_an_explicit_pab_read_back() -> None:
    event = five_teams()
    scores = ScoreSystem(
        match=dataclasses.replace(event.scores.match, win=Decimal(3)),
        pab_match=Decimal(1),
        pab_game=Decimal("1.5"),
    )
    event = _sorted(dataclasses.replace(event, scores=scores, initial_colour="black"))
    text = write_trf(team_event_to_trf(event))
    assert "320  1.0  1.5 005" in text.splitlines()
    assert team_event_from_trf(read_trf(text)) == event


def test_through_round_cuts_the_later_rounds() -> None:
    event = five_teams()
    first = team_event_from_trf(read_trf(write_trf(team_event_to_trf(event, through_round=1))))
    assert {m.round for m in first.matches} == {1}
    assert first.byes == ()
    assert team_totals(event, 1)[5] == (Decimal(2), Decimal(2))  # the round-1 PAB


def test_a_file_without_teams_is_not_a_team_event() -> None:
    with pytest.raises(ValueError, match="no 310 team records"):
        team_event_from_trf(Tournament())
