"""`pair_team_round` end to end: our TRF, gacrux fideteam as a subprocess, the validation."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from arbiter.pairing.errors import (
    EngineAnswerInvalid,
    NoValidPairing,
    PairingRequestInvalid,
    PairingTimeout,
)
from arbiter.pairing.team import TeamBoardPair, pair_team_round
from arbiter.pairing.team import engine as team_engine
from arbiter.pairing.team import pairing as team_pairing
from arbiter.trf.team_event import Match

from .events import five_teams


def test_round_one_of_five_teams() -> None:
    event = dataclasses.replace(five_teams(), matches=(), byes=(), forbidden=())
    pairing = pair_team_round(event, 1)
    paired = {t for m in pairing.matches for t in (m.white, m.black)}
    assert paired | {pairing.bye} == {1, 2, 3, 4, 5}
    assert pairing.bye == 5  # C.04.6 art. 3.4: the lowest team of the lowest score group
    assert pairing.engine == "gacrux-fideteam"
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in pairing.trf
    assert pairing.timings.engine > 0


def test_round_three_after_byes_forfeits_and_a_forbidden_pair() -> None:
    event = five_teams()
    pairing = pair_team_round(event, 3)
    pairs = {frozenset((m.white, m.black)) for m in pairing.matches}
    assert frozenset((1, 5)) not in pairs  # forbidden
    # 3-1 of round 2 was forfeited as a whole: no meeting (gacrux), they may meet again
    assert not pairs & {frozenset((1, 2)), frozenset((3, 4)), frozenset((2, 5))}
    assert pairing.bye not in (5, None)  # team 5 had the bye in round 1


def test_absent_team_is_not_paired_and_the_field_becomes_even() -> None:
    pairing = pair_team_round(five_teams(), 3, absent=frozenset({2}))
    assert pairing.bye is None
    assert 2 not in {t for m in pairing.matches for t in (m.white, m.black)}


@pytest.mark.parametrize("model", ["typea", "typeb", "nocolor"])
def test_every_colour_model_and_score_reaches_gacrux(model: str, monkeypatch) -> None:
    seen: list[list[str]] = []
    real = team_pairing.round_pairing.run_engine

    def spy(argv, **kwargs):
        seen.append(list(argv))
        return real(argv, **kwargs)

    monkeypatch.setattr(team_pairing.round_pairing, "run_engine", spy)
    event = five_teams()
    scores = dataclasses.replace(event.scores, primary="gp", secondary_used=False)
    event = dataclasses.replace(event, colour_model=model, scores=scores)
    pair_team_round(event, 3)
    assert seen[0][seen[0].index("-m") + 1] == f"fideteam-{model}-gp"


def test_an_unfinished_round_is_refused() -> None:
    event = five_teams()
    unfinished = dataclasses.replace(event.matches[0], games=event.matches[0].games[:1])
    event = dataclasses.replace(event, matches=(unfinished, *event.matches[1:]))
    with pytest.raises(PairingRequestInvalid, match="round 1, match 1-2 has 1 boards, not 2"):
        pair_team_round(event, 3)


def test_requests_gacrux_cannot_start_are_refused_clearly() -> None:
    event = five_teams()
    with pytest.raises(PairingRequestInvalid, match="round 2 is already paired"):
        pair_team_round(event, 2)
    with pytest.raises(PairingRequestInvalid, match=r"round 6 is not one of the rounds 1\.\.5"):
        pair_team_round(event, 6)
    with pytest.raises(PairingRequestInvalid, match="absent teams \\[9\\]"):
        pair_team_round(event, 3, absent=frozenset({9}))
    with pytest.raises(PairingRequestInvalid, match="fewer than two teams"):
        pair_team_round(event, 3, absent=frozenset({1, 2, 3, 4}))


def test_no_valid_pairing_when_every_pair_has_met() -> None:
    event = five_teams()
    everyone = tuple((a, b) for a in range(1, 6) for b in range(a + 1, 6))
    with pytest.raises(NoValidPairing):
        pair_team_round(dataclasses.replace(event, forbidden=everyone), 3)


def test_an_engine_answer_breaking_a_rule_is_refused(monkeypatch) -> None:
    def bad_answer(run, output_path):
        from arbiter.pairing.request import Board

        return [Board(1, 2), Board(3, 4)], [5]  # 1-2 met in round 1; 5 had the bye

    monkeypatch.setattr(team_engine, "read_answer", bad_answer)
    with pytest.raises(EngineAnswerInvalid) as caught:
        pair_team_round(five_teams(), 3)
    assert "teams 1 and 2 have met already" in str(caught.value)


def test_timeout_kills_the_engine_and_leaves_no_temp_dir(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    with pytest.raises(PairingTimeout):
        pair_team_round(five_teams(), 3, timeout=0.01)
    assert os.listdir(tmp_path) == []


def test_the_answer_keeps_the_engine_table_order() -> None:
    event = five_teams()
    pairing = pair_team_round(event, 3)
    assert all(isinstance(m, TeamBoardPair) for m in pairing.matches)
    assert len(pairing.matches) == 2
    assert Match(3, 1, 2) not in event.matches
