"""`manage.py ratings_recompute`: rebuild every rating from the rated events' boards."""

from typing import Any

from django.core.management.base import BaseCommand

from arbiter.tournaments.services.ratings import ratings_recompute


class Command(BaseCommand):
    help = (
        "Rebuild every rating from the results of rated events, in the order their rounds "
        "started (for repairs and imports; running it twice gives the same ratings)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        games = ratings_recompute()
        self.stdout.write(self.style.SUCCESS(f"{games} rated games replayed."))
