"""Small stand-in engines speaking the bbpPairings protocol, written to disk by the tests.

Each script gets `--dutch IN -p OUT` (or JaVaFo's `[flags] -jar JAR IN -p OUT`) and carries
a marker in its command line so a test can prove no process of it is left running.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
import uuid
from pathlib import Path

from arbiter.pairing.round_pairing import TEMP_PREFIX

PROLOGUE = """\
import subprocess, sys, time
args = sys.argv[1:]
out = args[args.index("-p") + 1]
trf = args[args.index("-p") - 1]
"""

# A correct engine for a field without history: top half against bottom half, colours
# alternating from the initial colour, the last player's bye in an odd field.
CORRECT = """\
lines = open(trf).read().splitlines()
numbers = [int(l[4:8]) for l in lines if l.startswith("001")]
white_first = "XXC white1" in lines
bye = numbers.pop() if len(numbers) % 2 else None
half = len(numbers) // 2
pairs = []
for i in range(half):
    top, bottom = numbers[i], numbers[i + half]
    top_white = (i % 2 == 0) == white_first
    pairs.append((top, bottom) if top_white else (bottom, top))
rows = [f"{w} {b}" for w, b in pairs] + ([f"{bye} 0"] if bye else [])
open(out, "w").write("\\n".join([str(len(rows)), *rows]) + "\\n")
"""

BEHAVIOURS = {
    "correct": CORRECT,
    "hang": (
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', MARKER])\n"
        "time.sleep(600)\n"
    ),
    # A child that leaves the process group (new session) but keeps our pipes open.
    "escape": (
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', MARKER],"
        " start_new_session=True)\n"
        "time.sleep(600)\n"
    ),
    "crash": "sys.stderr.write('engine exploded: ' + 'x' * 5000 + ' END-OF-TRACE')\nsys.exit(7)\n",
    "garbage": "open(out, 'w').write('hello world\\n')\n",
    "silent": "pass\n",
    "no_pairing": "print('No valid pairing exists')\nsys.exit(1)\n",
    # bbpPairings's exit code 4: the field is over its size limit.
    "too_big": "sys.stderr.write('too many players')\nsys.exit(4)\n",
    # Always pairs 1-2 and 3-4: a rematch once they have played.
    "rematch": "open(out, 'w').write('2\\n1 2\\n3 4\\n')\n",
    # Needs 500 MB: a memory error under a smaller cap is an engine failure (exit 2).
    "greedy": (
        "try:\n    ballast = bytearray(500 * 1024 * 1024)\n"
        "except MemoryError:\n    sys.exit(2)\n" + CORRECT
    ),
    "java_flags": (
        "assert any(a.startswith('-Xmx') for a in args), args\n"
        "assert '-XX:CompressedClassSpaceSize=64m' in args, args\n"
        "assert args[args.index('-jar') + 1].endswith('fake.jar'), args\n" + CORRECT
    ),
}


def write_engine(directory: Path, behaviour: str) -> tuple[Path, str]:
    """An executable fake engine and the marker its processes carry."""
    marker = f"arbiter-fake-engine-{uuid.uuid4().hex}"
    path = directory / f"{marker}-{behaviour}.py"  # the marker is in every command line
    body = f"#!{sys.executable}\nMARKER = {marker!r}\n{PROLOGUE}{BEHAVIOURS[behaviour]}"
    path.write_text(body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path, marker


def processes_with(marker: str) -> list[int]:
    """Live processes whose command line contains `marker` (a /proc scan)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in cmdline:
            found.append(int(entry.name))
    return found


def pairing_temp_dirs() -> set[str]:
    """Our temporary directories in the temp location (tests point it at a private one)."""
    return {p.name for p in Path(tempfile.gettempdir()).glob(f"{TEMP_PREFIX}*")}
