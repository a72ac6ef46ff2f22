"""The checker on team Swiss files (310 records): each round re-paired with gacrux's fideteam
(C.04.6) and compared with the file's matches and colours, the 310 points with the results."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from arbiter.checker import check_tournament
from arbiter.trf.reader import read_trf
from arbiter.trf.team_event import Match, TeamEvent
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf
from tests.differential.team_oracle import compare_team_tournament

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def played() -> TeamEvent:
    # Seed 22: 7 teams of 2 boards, 4 rounds, type B colours, paired by gacrux (the oracle
    # checks that our path agrees), with reserves and whole matches forfeited now and then.
    report, event = compare_team_tournament(22, small=True, tiebreaks=False)
    assert report.differences == [] and report.rounds == 4
    return event


def _check(event: TeamEvent) -> list[str]:
    report = check_tournament(read_trf(write_trf(team_event_to_trf(event))))
    return [str(d) for d in report.discrepancies]


def _swap_colours(match: Match) -> Match:
    assert match.black is not None
    return dataclasses.replace(
        match,
        white=match.black,
        black=match.white,
        games=tuple(
            dataclasses.replace(g, white=g.black, black=g.white, result=_flip(g.result))
            for g in match.games
        ),
    )


def _flip(result: str) -> str:
    return {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}.get(result, result)


def test_a_file_paired_by_gacrux_is_clean(played: TeamEvent) -> None:
    report = check_tournament(read_trf(write_trf(team_event_to_trf(played))))
    assert report.rounds_checked == 4
    assert report.discrepancies == []


def test_colours_given_the_other_way_are_found(played: TeamEvent) -> None:
    index, match = next(
        (i, m) for i, m in enumerate(played.matches) if m.round == 2 and m.black is not None
    )
    matches = list(played.matches)
    matches[index] = _swap_colours(match)
    found = _check(dataclasses.replace(played, matches=tuple(matches)))
    assert any(
        line.startswith("round 2, board") and "[colour]" in line and f"team {match.black}" in line
        for line in found
    ), found


def test_teams_paired_otherwise_are_found(played: TeamEvent) -> None:
    round_three = [m for m in played.matches if m.round == 3 and m.black is not None]
    first, second = round_three[0], round_three[1]
    assert first.black is not None and second.black is not None
    swapped = (
        dataclasses.replace(first, black=second.black, games=first.games),
        dataclasses.replace(second, black=first.black, games=second.games),
    )
    # The boards keep their players: the file now says first.white met second.black.
    event = dataclasses.replace(
        played, matches=tuple(m for m in played.matches if m not in (first, second)) + swapped
    )
    event = _relabel_boards(event, swapped, first, second)
    found = _check(event)
    assert any(line.startswith("round 3, board") and "[pairing]" in line for line in found), found


def _relabel_boards(event: TeamEvent, swapped: tuple, first: Match, second: Match) -> TeamEvent:
    """Board games whose black side comes from the other match's black team."""
    a, b = swapped
    new_a = dataclasses.replace(a, games=_mix(first.games, second.games))
    new_b = dataclasses.replace(b, games=_mix(second.games, first.games))
    return dataclasses.replace(
        event, matches=(*tuple(m for m in event.matches if m not in swapped), new_a, new_b)
    )


def _mix(own: tuple, other: tuple) -> tuple:
    """Board k: the match-white team's player from `own`, the other side from `other`."""
    out = []
    for mine, theirs in zip(own, other, strict=True):
        if mine.board % 2 == 1:  # the match-white team has White on odd boards
            out.append(dataclasses.replace(mine, black=theirs.black))
        else:
            out.append(dataclasses.replace(mine, white=theirs.white))
    return tuple(out)


def test_310_points_that_the_results_do_not_give_are_found(played: TeamEvent) -> None:
    t = team_event_to_trf(played)
    record = list(t.team_records[0])
    record[4] = str(Decimal(record[4]) + 1)
    t.team_records[0] = tuple(record)
    report = check_tournament(read_trf(write_trf(t)))
    assert [str(d) for d in report.discrepancies if d.rule == "points"] == [
        f"standings: [points] team 1: the 310 record gives {record[4]} match points, "
        f"the results {Decimal(record[4]) - 1}"
    ]


def _cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter.checker", "check", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_cli_on_a_clean_and_on_an_unreadable_team_file(played: TeamEvent, tmp_path) -> None:
    good = tmp_path / "team.trf"
    good.write_text(write_trf(team_event_to_trf(played)), encoding="utf-8")
    done = _cli(good)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[0].startswith("4 rounds re-paired")
    assert done.stdout.splitlines()[-1] == "clean"
    bad = tmp_path / "bad.trf"
    bad.write_text(
        "\n".join(line for line in good.read_text().splitlines() if not line.startswith("352")),
        encoding="utf-8",
    )
    done = _cli(bad)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (f"error: {bad}: a team event needs its board count: no 352 record\n")
