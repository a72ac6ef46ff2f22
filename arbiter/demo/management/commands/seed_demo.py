"""`manage.py seed_demo`: demo data, so that a newcomer sees a living event page at once.

Quiet by default: seeding runs the services a real event runs, and their INFO lines (each
join, each round, each in-process task: some 300) would bury the demo password. Warnings and
errors still show; `-v 2` shows everything."""

import logging
from typing import Any

from django.core.management.base import BaseCommand

from arbiter.demo.services import LEADER, PASSWORD, TEAM_NAME, DemoDataExists, demo_seed


class Command(BaseCommand):
    help = (
        "Create a demo team, 40 rated players and a Swiss event halfway through. Safe while "
        "the app serves; all or nothing."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--reset",
            action="store_true",
            help="delete the demo team, its events and the demo accounts, then seed again",
        )

    def handle(self, *args: Any, reset: bool = False, **options: Any) -> None:
        quiet = options.get("verbosity", 1) < 2
        was = logging.root.manager.disable
        if quiet:
            logging.disable(logging.INFO)
        try:
            demo = demo_seed(reset=reset)
        except DemoDataExists:
            self.stdout.write(
                f'Demo data already exists (team "{TEAM_NAME}"): nothing created. '
                "Run `manage.py seed_demo --reset` to create it again."
            )
            return
        finally:
            logging.disable(was)
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
