"""The arbiters' command line, run as a real subprocess."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.points import player_points
from arbiter.trf.writer import write_trf

REPO = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter.tiebreaks", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _tournament(start: str, rows: dict[int, tuple[str, int, list[str]]]) -> Tournament:
    tournament = Tournament(header={"012": "CLI test", "042": start})
    for number, (name, rating, blocks) in rows.items():
        entries = []
        for block in blocks:
            opponent, colour, result = block.split()
            entries.append(RoundEntry(None if opponent == "0" else int(opponent), colour, result))
        record = PlayerRecord(number, name, rating=rating, rounds=entries)
        record.points = player_points(record)
        tournament.players.append(record)
    return tournament


# Fixture M as a TRF file (A=1, B=2, C=3, D=4).
FIXTURE_M = {
    1: ("Alpha", 2400, ["2 w 1", "4 w =", "3 w 1"]),
    2: ("Bravo", 2200, ["1 b 0", "3 b 1", "4 b 0"]),
    3: ("Charlie", 2000, ["4 w 0", "2 w 0", "1 b 0"]),
    4: ("Delta", 2100, ["3 b 1", "1 b =", "2 w 1"]),
}
# H (1) scores 3.5 with a half-bye in R2 followed by play: BH 8.5 (2023) / 7 (2026).
HALF_BYE = {
    1: ("Hotel", 2000, ["2 w 1", "0 - H", "3 b 1", "4 w 1"]),
    2: ("Alpha", 2000, ["1 b 0", "3 w 0", "4 w =", "3 w ="]),
    3: ("Bravo", 2000, ["4 w 1", "2 b 1", "1 w 0", "2 b ="]),
    4: ("Charlie", 2000, ["3 b 0", "0 - U", "2 b =", "1 b 0"]),
}


@pytest.fixture
def fixture_m(tmp_path: Path) -> Path:
    path = tmp_path / "m.trf"
    path.write_text(write_trf(_tournament("2026/04/01", FIXTURE_M)), encoding="utf-8")
    return path


@pytest.fixture
def half_bye(tmp_path: Path) -> Path:
    path = tmp_path / "h.trf"
    path.write_text(write_trf(_tournament("2025/10/01", HALF_BYE)), encoding="utf-8")
    return path


def test_table(fixture_m: Path) -> None:
    result = run(str(fixture_m), "--order", "BH/C1,BH,SB,DE")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "# FIDE C.07 2026 rules, swiss"
    assert lines[1].split() == ["Rank", "SNo", "Name", "Pts", "BH/C1", "BH", "SB", "DE"]
    assert [line.split() for line in lines[2:]] == [
        ["1", "1", "Alpha", "2.5", "3.5", "3.5", "2.25", "0.5"],
        ["1", "4", "Delta", "2.5", "3.5", "3.5", "2.25", "0.5"],
        ["3", "2", "Bravo", "1", "5", "5", "0", "0"],
        ["4", "3", "Charlie", "0", "5", "6", "0", "0"],
    ]


def test_json(fixture_m: Path) -> None:
    result = run(str(fixture_m), "--order", "ARO,TPR", "--format", "json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["regulations"] == "2026"
    assert document["order"] == ["ARO", "TPR"]
    first = document["standings"][0]
    assert first == {
        "rank": 1,
        "start_number": 4,  # D's ARO 2200 beats A's 2100
        "name": "Delta",
        "points": "2.5",
        "values": {"ARO": "2200", "TPR": "2473"},
    }


def test_csv(fixture_m: Path) -> None:
    result = run(str(fixture_m), "--order", "PS,PS/C1", "--format", "csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["rank", "start_number", "name", "points", "PS", "PS/C1"]
    assert rows[1] == ["1", "1", "Alpha", "2.5", "5", "4"]
    assert len(rows) == 5


def test_rules_follow_the_start_date_unless_given(half_bye: Path) -> None:
    def bh_of_hotel(*options: str) -> str:
        result = run(str(half_bye), "--order", "BH", "--format", "csv", *options)
        assert result.returncode == 0, result.stderr
        row = next(r for r in csv.reader(io.StringIO(result.stdout)) if r[1] == "1")
        return row[4]

    assert bh_of_hotel() == "8.5"  # started 2025-10-01: 2023 rules
    assert bh_of_hotel("--regulations", "2026") == "7"
    assert bh_of_hotel("--regulations", "2023") == "8.5"


def test_round_robin_system(tmp_path: Path) -> None:
    rows = {
        1: ("A", 2400, ["2 w +", "3 w =", "4 b 1"]),
        2: ("B", 2200, ["1 b -", "4 w 1", "3 w 0"]),
        3: ("C", 2000, ["4 w 1", "1 b =", "2 b 1"]),
        4: ("D", 2100, ["3 b 0", "2 b 0", "1 w 0"]),
    }
    path = tmp_path / "rr.trf"
    path.write_text(write_trf(_tournament("2026/04/01", rows)), encoding="utf-8")
    result = run(str(path), "--order", "ARO", "--system", "round-robin", "--format", "json")
    assert result.returncode == 0, result.stderr
    values = {s["start_number"]: s["values"]["ARO"] for s in json.loads(result.stdout)["standings"]}
    assert values[1] == "2050"  # the forfeit win over B is ignored


@pytest.mark.parametrize("order", ["BH,XYZ", "BH/C9", "KS/Lq"])
def test_unknown_code_is_one_line_and_exit_2(fixture_m: Path, order: str) -> None:
    result = run(str(fixture_m), "--order", order)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert "tie-break" in result.stderr


def test_damaged_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    lines = write_trf(_tournament("2026/04/01", FIXTURE_M)).splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if line.startswith("001    2"))
    lines[number] = lines[number].replace("1 b 0", "1 b Q")  # no such result code
    path = tmp_path / "bad.trf"
    path.write_text("".join(lines), encoding="utf-8")
    result = run(str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert f"line {number + 1}" in result.stderr


def test_missing_file_and_bad_option_exit_2(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "none.trf"))
    assert missing.returncode == 2
    assert len(missing.stderr.splitlines()) == 1
    bad_option = run(str(tmp_path / "none.trf"), "--format", "xml")
    assert bad_option.returncode == 2
    assert len(bad_option.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        ("2026/02/28", "2023"),
        ("2026/03/01", "2026"),
        ("2025-12-31", "2023"),
        ("01.03.2026", "2026"),
        ("28.02.2026", "2023"),
        ("", "2026"),
        ("soon", "2026"),
    ],
)
def test_rule_set_from_the_start_date(date: str, expected: str) -> None:
    from arbiter.tiebreaks.cli import regulations_for

    assert regulations_for(Tournament(header={"042": date})) == expected


PUBLIC_SAMPLES = REPO / "tests" / "trf" / "samples"
# sample -> the warnings (line numbers) the CLI prints on stderr
SAMPLE_WARNINGS = {
    "bbpPairings-indiv_299_bonus.trf": [],
    "bbpPairings-indiv_299_penalty.trf": [],
    "echecs-grandmommyscup.trf": [347, 367, 368, 369, 370, 373],
    "echecs-javafo_sample2.trf": [4, 5],
    "lichess-2020-style.trf": [4, 5],
    "round-dates-one-column-off.trf": [4],
}


@pytest.mark.parametrize("name", sorted(SAMPLE_WARNINGS))
def test_the_real_world_samples_are_read_and_their_warnings_printed(name: str) -> None:
    path = PUBLIC_SAMPLES / name
    done = run(str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    warned = [int(line.split(": line ")[1].split(",")[0]) for line in done.stderr.splitlines()]
    assert all(line.startswith(f"warning: {path}: line ") for line in done.stderr.splitlines())
    assert warned == SAMPLE_WARNINGS[name]
    document = json.loads(done.stdout)
    assert len(document["standings"]) == len(
        [line for line in path.read_text(encoding="utf-8").splitlines() if line[:3] == "001"]
    )


def test_299_bonus_points_are_in_the_cli_standings() -> None:
    done = run(str(PUBLIC_SAMPLES / "bbpPairings-indiv_299_bonus.trf"), "--format", "json")
    standings = json.loads(done.stdout)["standings"]
    assert (standings[0]["start_number"], standings[0]["points"]) == (4, "2")


def test_a_lichess_2020_start_date_picks_the_2023_rules() -> None:
    done = run(str(PUBLIC_SAMPLES / "lichess-2020-style.trf"), "--format", "json")
    assert json.loads(done.stdout)["regulations"] == "2023"
