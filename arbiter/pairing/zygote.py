"""A warm engine process: `python zygote.py TARGET...` imports the engines' modules once, then
runs each pairing in a child forked from itself, so a round does not pay for a new interpreter
and its imports (gacrux's networkx: 0.12-0.3 s of CPU a run). The owner is
`arbiter.pairing.warm_engine`; the protocol is one JSON object per line:

- in, on stdin: `{"id", "argv": [TARGET, ARG...], "cwd", "memory_mb", "stdout", "stderr"}`
  (TARGET as `launch.py` takes it; the streams are files the child writes);
- out, on stdout: `{"ready": pid}` once the modules are imported, then `{"id", "pid"}` when a
  run's child is forked and `{"id", "exit", "peak_kb"}` when it ended (a negative exit: the
  signal).

Each child is what `launch.py` under `run_engine` is: a new session (its own process group, so
a timeout kills all of it), the memory cap as `RLIMIT_AS`, death with its parent
(`PR_SET_PDEATHSIG`), stdin from /dev/null, the peak memory on its last stderr line. This
process is single-threaded (fork is safe), run by path like `launch.py` (it imports nothing of
ours but the launcher and `parent_death` beside it), and ends with its owner: stdin's end, or
the owner's death.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import resource
import selectors
import signal
import sys
from typing import Any

# Beside this file (sys.path[0] when run by path), both free of our package's imports.
import launch
from parent_death import PR_SET_PDEATHSIG, PRCTL

# The answers go out on their own descriptor: whatever an engine's import prints lands on
# stderr (fd 1 becomes a copy of it), never inside the protocol.
_ANSWERS = os.dup(1)
os.dup2(2, 1)


def _reply(message: dict[str, Any]) -> None:
    data = (json.dumps(message) + "\n").encode()
    while data:
        data = data[os.write(_ANSWERS, data) :]


def _child(request: dict[str, Any], keep_closed: list[int]) -> None:
    """In the forked child: become the engine run `request` asks for; never returns."""
    code = 1
    try:
        os.setsid()
        if PRCTL is not None:
            PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)  # the zygote's death ends the run
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for fd in keep_closed:
            with contextlib.suppress(OSError):
                os.close(fd)
        memory_mb = request.get("memory_mb")
        if memory_mb:
            limit = int(memory_mb) * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.chdir(request["cwd"])
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        os.dup2(os.open(request["stdout"], flags, 0o600), 1)
        os.dup2(os.open(request["stderr"], flags, 0o600), 2)
        # New Python streams on the new descriptors: the zygote's buffered ones are its pipe.
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False))
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), line_buffering=True)
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), line_buffering=True)
        target, *arguments = request["argv"]
        code = launch.run(target, arguments)
    except BaseException:  # the child must end here, whatever happened
        with contextlib.suppress(BaseException):
            import traceback

            traceback.print_exc()
    finally:
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _exit_code(status: int) -> int:
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def serve(targets: list[str]) -> None:
    for target in targets:
        module, _, function = target.partition(":")
        try:
            importlib.import_module(module)
        except Exception as error:  # a missing engine is the run's to report
            print(f"zygote: {module} not preloaded: {error}", file=sys.stderr)
            continue
        if not function:
            # Run as `__main__` by each child: its imports stay loaded, the module itself
            # is run afresh (loaded already, runpy would warn and run a stale copy's names).
            sys.modules.pop(module, None)
    if PRCTL is not None:
        PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wake_write)
    children: dict[int, Any] = {}  # pid -> the request's id
    _reply({"ready": os.getpid()})
    chooser = selectors.DefaultSelector()
    chooser.register(0, selectors.EVENT_READ)
    chooser.register(wake_read, selectors.EVENT_READ)
    pending = b""
    while True:
        for key, _ in chooser.select():
            if key.fd == wake_read:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake_read, 4096)
                continue
            chunk = os.read(0, 65536)
            if not chunk:  # the owner is gone: so are its runs
                for pid in children:
                    with contextlib.suppress(OSError):
                        os.killpg(pid, signal.SIGKILL)
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                request = json.loads(line)
                pid = os.fork()
                if pid == 0:
                    _child(request, [wake_read, wake_write, _ANSWERS])
                children[pid] = request["id"]
                _reply({"id": request["id"], "pid": pid})
        while children:  # reap whatever ended, without waiting
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            run_id = children.pop(pid, None)
            if run_id is not None:
                # The child's peak resident size (kB), for a run that could not write its own
                # (a memory cap too tight to format a line).
                _reply({"id": run_id, "exit": _exit_code(status), "peak_kb": usage.ru_maxrss})


if __name__ == "__main__":
    serve(sys.argv[1:])
