"""CPU seconds per test, for the CI budget (docs/testing.md): `-p tests.cpu_times`.

Wall time (`--durations`) says little on a CPU-bound run: a test that waits on a heartbeat
for a minute costs nothing while the other pytest processes use the cores. This plugin
records, for each test, the CPU its pytest process spent plus what the processes it started
and reaped spent (a served uvicorn, a Celery worker, an engine run). Not counted: PostgreSQL's
and the shared Redis's own CPU, and a child still running when the test ends.

Each process appends `nodeid<TAB>cpu<TAB>wall` lines to the file named by ARBITER_CPU_TIMES
(default `.cpu-times.tsv`); `python -m tests.cpu_times FILE` sums them by test and by file.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

OUTPUT = Path(os.environ.get("ARBITER_CPU_TIMES", ".cpu-times.tsv"))


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    cpu, wall = _cpu(), time.monotonic()
    yield
    line = f"{item.nodeid}\t{_cpu() - cpu:.3f}\t{time.monotonic() - wall:.3f}\n"
    with OUTPUT.open("a") as out:
        out.write(line)


def summary(path: Path, top: int = 40) -> str:
    by_test: dict[str, tuple[float, float]] = {}
    by_file: dict[str, float] = defaultdict(float)
    for row in path.read_text().splitlines():
        nodeid, cpu, wall = row.split("\t")
        by_test[nodeid] = (float(cpu), float(wall))
        by_file[nodeid.split("::")[0]] += float(cpu)
    total = sum(cpu for cpu, _ in by_test.values())
    lines = [f"{len(by_test)} tests, {total:.0f} s of CPU (pytest processes and their children)"]
    lines.append("-- tests by CPU (cpu s, wall s)")
    ranked = sorted(by_test.items(), key=lambda kv: -kv[1][0])[:top]
    lines += [f"{cpu:8.1f} {wall:8.1f}  {nodeid}" for nodeid, (cpu, wall) in ranked]
    lines.append("-- files by CPU")
    files = sorted(by_file.items(), key=lambda kv: -kv[1])[:top]
    lines += [f"{cpu:8.1f}  {name}" for name, cpu in files]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1] if len(sys.argv) > 1 else OUTPUT)))
