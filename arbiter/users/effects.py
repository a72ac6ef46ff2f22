"""What must follow a change to credentials, run once it has committed: the sockets opened
with a revoked credential are closed. Guarded: a failure (Redis away) is logged and never
reaches the request; the sockets' periodic re-check closes them anyway, only later."""

from __future__ import annotations

import logging

from django.db import transaction

from arbiter.realtime.push import sockets_close

logger = logging.getLogger(__name__)


def credentials_revoked(*, credentials: list[str]) -> None:
    def guarded() -> None:
        for credential in credentials:
            try:
                sockets_close(credential=credential)
            except Exception:
                logger.exception("closing the sockets of %s failed; the re-check will", credential)

    transaction.on_commit(guarded)
