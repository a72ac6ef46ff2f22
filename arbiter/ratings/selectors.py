from arbiter.ratings.models import DEFAULT_RATING, UserRating
from arbiter.ratings.speeds import Speed


def user_rating(*, user_id: int, speed: Speed | str) -> int:
    row = UserRating.objects.filter(user_id=user_id, speed=speed).values_list("rating", flat=True)
    return next(iter(row), DEFAULT_RATING)
