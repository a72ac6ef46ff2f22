"""`manage.py seed_demo`: demo data, so that a newcomer sees a living event page at once."""

from typing import Any

from django.core.management.base import BaseCommand

from arbiter.demo.services import LEADER, PASSWORD, TEAM_NAME, DemoDataExists, demo_seed


class Command(BaseCommand):
    help = "Create a demo team, 40 rated players and a Swiss event halfway through."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            demo = demo_seed()
        except DemoDataExists:
            self.stdout.write(
                f'Demo data already exists (team "{TEAM_NAME}"): nothing created. '
                "Delete that team in /admin/ to seed again."
            )
            return
        self.stdout.write(
            self.style.SUCCESS(
                f'Created team "{demo.team.name}" (/teams/{demo.team.slug}), '
                f"{demo.event.participants.count()} players and the event "
                f'"{demo.event.name}" at /swiss/{demo.event.id} '
                f"(round {demo.event.current_round} of {demo.event.num_rounds})."
            )
        )
        self.stdout.write(
            f"Every demo account's password is {PASSWORD!r}; the team leader is {LEADER!r}. "
            "Do not seed demo data on a public server."
        )
