"""An engine process dies with the process that started it: on Linux the child asks for
SIGKILL when its parent dies (`prctl(PR_SET_PDEATHSIG)`), which covers a parent killed with
SIGKILL. Strictly the signal comes when the *thread* that started the child ends: the threads
that start engines (a Celery worker's, the embedded runner's pool, the warm engine's reader)
live as long as their process."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
from collections.abc import Callable

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _libc_prctl() -> Callable[..., int] | None:
    """libc's `prctl`, loaded once in the parent (never between fork and exec)."""
    name = ctypes.util.find_library("c")
    if not name or not hasattr(os, "getppid"):
        return None
    try:
        prctl: Callable[..., int] = ctypes.CDLL(name, use_errno=True).prctl
        return prctl
    except (OSError, AttributeError):  # not Linux
        return None


PRCTL = _libc_prctl()


def die_with_parent() -> None:
    """In a child between fork and exec (keep it tiny): die when the parent thread does."""
    if PRCTL is not None:
        PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)
