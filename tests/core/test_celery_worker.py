"""A task runs in a real worker process against the real Redis broker."""

import pytest

from arbiter.core.tasks import ping
from tests.worker import celery_worker

pytestmark = pytest.mark.django_db(transaction=True)


def test_task_runs_in_a_real_worker_process():
    with celery_worker() as worker:
        result = ping.apply_async(args=("hello",), queue=worker.queue)
        assert result.get(timeout=60) == "hello"
        assert result.status == "SUCCESS"
