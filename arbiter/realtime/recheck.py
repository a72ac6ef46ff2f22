"""What a long-lived connection (a socket, a Board-API stream) logs when the periodic re-read
of its credential fails. The connection is kept and checked again next period either way; the
log line is the same for both kinds, so that a busy pool reads the same in every log."""

from __future__ import annotations

import logging

from arbiter.common.middleware import pool_exhausted

logger = logging.getLogger(__name__)


def credential_recheck_failed(kind: str, path: str, exc: BaseException) -> None:
    """One warning line. A pool exhausted is load, not a fault: no traceback (a thousand
    connections re-checking into a busy pool are a thousand lines, not a thousand tracebacks).
    Anything else keeps its traceback."""
    if pool_exhausted(exc):
        logger.warning("%s credential re-check put off: %s (database pool exhausted)", kind, path)
    else:
        logger.warning("%s credential re-check failed: %s", kind, path, exc_info=exc)
