"""Run a Python pairing engine and report its peak memory: `python launch.py TARGET ARGS...`.

TARGET is a module run as `__main__` (`gacrux.pairingchecker`) or `module:function`
(`py4swiss.main:main`). It is run by path, not as part of the package, so it imports nothing
of ours. The last line it writes on stderr is `PEAK_MARK` and the peak resident size in
kB: gacrux catches its own MemoryError and exits 0 with an empty answer, so without this
figure an engine stopped by the memory cap could not be told from one that answered badly.
"""

from __future__ import annotations

import importlib
import resource
import runpy
import sys

PEAK_MARK = "arbiter-engine-peak-kb="


def main() -> None:
    target, *arguments = sys.argv[1:]
    module, _, function = target.partition(":")
    sys.argv = [module, *arguments]
    try:
        if function:
            getattr(importlib.import_module(module), function)()
        else:
            runpy.run_module(module, run_name="__main__", alter_sys=True)
    finally:
        sys.stderr.write(f"\n{PEAK_MARK}{_peak_kb()}\n")
        sys.stderr.flush()


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
