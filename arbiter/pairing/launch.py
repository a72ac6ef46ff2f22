"""Run a Python pairing engine and report its peak memory: `python launch.py TARGET ARGS...`.

TARGET is a module run as `__main__` (`gacrux.pairingchecker`) or `module:function`
(`py4swiss.main:main`). It is run by path, not as part of the package, so it imports nothing
of ours. The last line it writes on stderr is `PEAK_MARK` and the peak resident size in
kB: gacrux catches its own MemoryError and exits 0 with an empty answer, so without this
figure an engine stopped by the memory cap could not be told from one that answered badly.
The warm engine process (`zygote.py`) runs the same `run` in a forked child.
"""

from __future__ import annotations

import importlib
import os
import resource
import runpy
import sys
import traceback

PEAK_MARK = "arbiter-engine-peak-kb="
LAUNCHER = os.path.abspath(__file__)


def run(target: str, arguments: list[str]) -> int:
    """Run TARGET with `arguments` as its command line; its exit code, as the interpreter
    would give it (an uncaught exception: its traceback and 1), the peak mark written last."""
    module, _, function = target.partition(":")
    sys.argv = [module, *arguments]
    try:
        if function:
            getattr(importlib.import_module(module), function)()
        else:
            runpy.run_module(module, run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as stop:
        code = _exit_code(stop.code)
    except BaseException:  # reported as the interpreter would
        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.write(f"\n{PEAK_MARK}{_peak_kb()}\n")
        sys.stderr.flush()
    return code


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def main() -> None:
    target, *arguments = sys.argv[1:]
    sys.exit(run(target, arguments))


def _peak_kb() -> int:
    """This program's own peak resident size. Linux's `ru_maxrss` survives exec: a launcher
    forked from a 250 MB web process reported at least those 250 MB. The memory map's
    high-water mark (`VmHWM`) starts afresh with the program."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


if __name__ == "__main__":
    main()
