"""`manage.py entry_links_review`: the registered entries linked to users without their
consent (before issue 25 a leader could link an entry to any username), for review; with
`--unlink ID ...` those entries become registered players again."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from arbiter.tournaments.read.selectors import entry_links_unconsented
from arbiter.tournaments.services.registered import entry_links_unconsented_undo


class Command(BaseCommand):
    help = (
        "List registered entries linked to a user before consent was recorded (the user "
        "neither claimed nor confirmed them); --unlink ENTRY_ID ... unlinks those entries "
        "and, if a rated event is among them, rebuilds every rating."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--unlink", nargs="+", type=int, default=[], metavar="ENTRY_ID")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["unlink"]:
            undone = entry_links_unconsented_undo(entry_ids=options["unlink"])
            for entry in undone:
                self.stdout.write(f"entry {entry.id} ({entry.name}) unlinked")
            missed = sorted(set(options["unlink"]) - {entry.id for entry in undone})
            if missed:
                ids = " ".join(map(str, missed))
                self.stderr.write(f"not unconsented links, left alone: {ids}")
            return
        links = list(entry_links_unconsented())
        self.stdout.write("entry\tevent\tteam\tstatus\trated\tname\tusername")
        for entry in links:
            event = entry.tournament
            self.stdout.write(
                f"{entry.id}\t{event.id}\t{event.team.slug}\t{event.status}\t"
                f"{'yes' if event.rated else 'no'}\t{entry.name}\t{entry.display_name}"
            )
        self.stdout.write(f"{len(links)} entries linked without a recorded consent.")
