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
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        sys.stderr.write(f"\n{PEAK_MARK}{peak}\n")
        sys.stderr.flush()


if __name__ == "__main__":
    main()
