"""The Redis broker transport, with the one change that lets a worker outlive a Redis restart.

When the broker connection drops, Celery's consumer first collects the connection (which
detaches the transport from its `kombu.Connection`) and then closes it. Closing the channel
puts the worker's unacknowledged messages (tasks waiting for their ETA, tasks running with
`acks_late`) back on the queue through a new Redis client, whose address kombu reads from
that detached connection: `AttributeError: 'NoneType' object has no attribute 'hostname'`,
which is not a connection error, so the worker stopped ("Unrecoverable error") whenever Redis
went away while it held such a message. The channel here remembers the address it was opened
with, so the restore either succeeds (Redis is back) or fails as a connection error, which the
consumer expects, and the worker reconnects.

Selected by `CELERY_BROKER_TRANSPORT` for `redis://` and `rediss://` broker URLs.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis


class Channel(redis.Channel):
    _remembered_params: dict[bool, dict[str, Any]]

    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        remembered = self.__dict__.setdefault("_remembered_params", {})
        if self.connection.client is None and asynchronous in remembered:
            return dict(remembered[asynchronous])
        params: dict[str, Any] = super()._connparams(asynchronous=asynchronous)  # type: ignore[misc]
        remembered[asynchronous] = dict(params)
        return params


class Transport(redis.Transport):
    Channel = Channel
