from django.db import transaction

from arbiter.ratings.models import UserRating
from arbiter.ratings.speeds import Speed
from arbiter.users.models import User


@transaction.atomic
def user_rating_set(*, user: User, speed: Speed | str, rating: int) -> UserRating:
    row, _ = UserRating.objects.select_for_update().get_or_create(user=user, speed=speed)
    row.rating = rating
    row.full_clean()
    row.save()
    return row
