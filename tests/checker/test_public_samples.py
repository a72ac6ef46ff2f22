"""The checker's CLI on the real-world samples (tests/trf/samples/README.md): every one is
read (exit 0 clean or 1 with discrepancies, never 2), its warnings are report lines, and
`--strict` refuses the files read with warnings (exit 2, the lines on stderr)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "tests" / "trf" / "samples"

# name -> (exit code, report lines that must be there)
EXPECTED = {
    # bbpPairings' inputs for pairing round 2: their round 1 is not what a Dutch engine pairs
    "bbpPairings-indiv_299_bonus.trf": (1, ["1 rounds re-paired"]),
    "bbpPairings-indiv_299_penalty.trf": (1, ["1 rounds re-paired"]),
    # A team event: re-paired with gacrux's fideteam (C.04.6); the file was paired otherwise.
    "echecs-grandmommyscup.trf": (
        1,
        [
            "14 rounds re-paired",
            "warning: line 347, column 1: 240 records of a team event",
            "warning: tie-break BH:MP/C1/P of record 202/212 is not applicable to an "
            "individual event",
            "round 1, board 1: [",
        ],
    ),
    "echecs-javafo_sample2.trf": (
        1,
        ["warning: line 4, column 5: start date '24/09/2010' is not written YYYY/MM/DD"],
    ),
    "lichess-2020-style.trf": (
        0,
        ["warning: line 4, column 5: start date 'May 29, 2020'", "clean"],
    ),
    "round-dates-one-column-off.trf": (
        0,
        ["warning: line 4, column 93: round 1 date '25/10/01'", "clean"],
    ),
}
WARNED = {"echecs-grandmommyscup.trf", "echecs-javafo_sample2.trf", "lichess-2020-style.trf",
          "round-dates-one-column-off.trf"}  # fmt: skip


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter.checker", "check", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_checker_reads_each_sample(name: str) -> None:
    done = run(str(SAMPLES / name))
    code, lines = EXPECTED[name]
    assert done.returncode == code, done.stderr + done.stdout
    assert "error:" not in done.stderr
    for line in lines:
        assert any(row.startswith(line) for row in done.stdout.splitlines()), (line, done.stdout)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_strict_refuses_the_files_read_with_warnings(name: str) -> None:
    done = run(str(SAMPLES / name), "--strict")
    if name in WARNED:
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr.startswith(f"error: {SAMPLES / name}: line ")
    else:
        assert done.returncode == EXPECTED[name][0]
        assert done.stderr == ""


def test_strict_names_every_warned_line_of_the_date_case() -> None:
    done = run(str(SAMPLES / "lichess-2020-style.trf"), "--strict")
    assert done.returncode == 2
    assert [line.split(": ")[2] for line in done.stderr.splitlines()] == [
        "line 4, column 5",
        "line 5, column 5",
    ]
