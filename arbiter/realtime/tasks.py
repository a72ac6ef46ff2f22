"""The trailing version ping of an event (`arbiter.realtime.ping`)."""

from celery import shared_task

from arbiter.realtime import ping


@shared_task(name=ping.RELOAD_TASK)
def reload_ping(*, group: str, trailing: bool = False) -> None:
    ping.reload_run(group=group, trailing=trailing)


@shared_task(name="realtime.reload_catch_up")
def reload_catch_up() -> int:
    """A trailing ping whose task was lost is only late (the beat runs this every few s)."""
    return len(ping.reload_catch_up())
