"""Write two TRF-2026 files for the TRF checker's end-to-end spec: `clean.trf`, an event our
engine paired round by round (the checker's own test events), and `altered.trf`, the same
with the colours of round 2's first board swapped.

`python e2e/support/trf_check_files.py DIR` (from the repo's venv, the repo root on sys.path).
"""

import sys
from pathlib import Path

from arbiter.trf import write_trf
from tests.checker.generated import generated_event
from tests.checker.test_checker import swap_colours


def main(directory: str) -> None:
    event = generated_event(1)
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "clean.trf").write_text(write_trf(event), encoding="utf-8")
    (folder / "altered.trf").write_text(write_trf(swap_colours(event, 2)), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
