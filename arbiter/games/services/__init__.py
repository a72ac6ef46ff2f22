from arbiter.games.models import TimeControl


def time_control_get_or_create(*, limit_seconds: int, increment_seconds: int) -> TimeControl:
    clock, _ = TimeControl.objects.get_or_create(
        limit_seconds=limit_seconds, increment_seconds=increment_seconds
    )
    return clock
