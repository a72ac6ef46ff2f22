"""`python -m arbiter.checker report FILE`: the report on stdout; exit 0 clean (warnings
allowed), 1 with errors, 2 for a file that cannot be read (one `error:` line on stderr)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from arbiter.trf import write_trf
from tests.ratingreport.clean_event import clean, player_of

REPO = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter.checker", "report", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_clean_file_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "clean.trf"
    path.write_text(write_trf(clean()))
    done = run(str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines()[0] == "rated games per player:"
    assert done.stdout.endswith("clean: 0 errors, 0 warnings\n")


def test_warnings_alone_still_exit_0(tmp_path: Path) -> None:
    t = clean()
    player_of(t, 4).title = "AGM"
    path = tmp_path / "warned.trf"
    path.write_text(write_trf(t))
    done = run(str(path))
    assert done.returncode == 0
    assert "warning: 4 Dahl, Dag: [title] title 'AGM'" in done.stdout
    assert done.stdout.endswith("clean: 0 errors, 1 warning\n")


def test_errors_exit_1(tmp_path: Path) -> None:
    t = clean()
    player_of(t, 6).birth_date = ""
    del t.header["102"]
    path = tmp_path / "defects.trf"
    path.write_text(write_trf(t))
    done = run(str(path))
    assert done.returncode == 1
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].startswith("error: event: [chief_arbiter] no chief arbiter")
    assert any(line.startswith("error: 6 Fox, Finn: [birth_date] no birth date") for line in lines)
    assert lines[-1] == "not clean: 2 errors, 0 warnings"


def test_a_file_the_reader_refuses_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.trf"
    path.write_text(write_trf(clean()).replace(" 4.5 ", " 9.5 ", 1))
    done = run(str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"error: {path}: line ")
    assert len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_a_file_without_players_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("this is not a tournament report\n")
    done = run(str(path))
    assert done.returncode == 2
    assert done.stderr == f"error: {path}: no player (001) lines: not a tournament report\n"


def test_a_missing_file_and_a_folder_exit_2(tmp_path: Path) -> None:
    for path, why in ((tmp_path / "none.trf", "No such file"), (tmp_path, "Is a directory")):
        done = run(str(path))
        assert done.returncode == 2
        assert done.stderr.startswith(f"error: cannot read {path}: {why}")
        assert done.stdout == ""


def test_no_file_given_exits_2() -> None:
    done = run()
    assert done.returncode == 2
    assert done.stderr.startswith("error: ")
    assert "Traceback" not in done.stderr


def test_a_binary_file_never_gives_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "binary.trf"
    path.write_bytes(bytes(range(256)) * 4)
    done = run(str(path))
    assert done.returncode == 2
    assert done.stderr.startswith("error: ")
    assert "Traceback" not in done.stderr
