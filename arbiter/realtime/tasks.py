"""The trailing version ping of an event (`arbiter.realtime.ping`)."""

from celery import shared_task

from arbiter.realtime import ping


@shared_task(name=ping.RELOAD_TASK)
def reload_ping(*, group: str, trailing: bool = False) -> None:
    ping.reload_run(group=group, trailing=trailing)
