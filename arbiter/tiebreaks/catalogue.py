"""What each individual tie-break code is called and counts, in the words the event form shows.

The one list the API serves (`GET /api/tournaments/swiss/tiebreaks/`) and the browser reads: every
code of `codes.CODES`, plus the modified forms the form offers as choices of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from arbiter.trf.i18n import gettext as _


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    code: str
    label: str
    description: str
    # Offered in the event form's list. PTS is not: an event ranks by its points first, so
    # PTS never separates a tie there (an order that names it is still accepted).
    offered: bool = True


def catalogue() -> tuple[CatalogueEntry, ...]:
    """Every entry, its label and description in the language active now (`arbiter.trf.i18n`:
    the request's, on the server), in the order the event form lists them (\u2019 is the
    typographic apostrophe the UI shows). Codes stay codes."""
    return (
        CatalogueEntry("BH", _("Buchholz"), _("Sum of the opponents\u2019 scores.")),
        CatalogueEntry(
            "BH/C1", _("Buchholz cut 1"), _("Buchholz without the lowest opponent score.")
        ),
        CatalogueEntry(
            "FB", _("Fore Buchholz"), _("Buchholz as if every last-round game were drawn.")
        ),
        CatalogueEntry(
            "AOB",
            _("Average of opponents\u2019 Buchholz"),
            _("Mean Buchholz of the opponents met."),
        ),
        CatalogueEntry(
            "SB",
            _("Sonneborn-Berger"),
            _("Opponents\u2019 scores weighted by the result against each."),
        ),
        CatalogueEntry(
            "PS", _("Progressive score"), _("Sum of the running score after each round.")
        ),
        CatalogueEntry(
            "DE", _("Direct encounter"), _("Results among the tied players themselves.")
        ),
        CatalogueEntry(
            "DC",
            _("Direct comparison"),
            _("EGF: head-to-head comparison within the tied group."),
        ),
        CatalogueEntry(
            "WIN", _("Wins"), _("Games won, forfeits and byes counted as wins included.")
        ),
        CatalogueEntry("WON", _("Games won"), _("Games won over the board.")),
        CatalogueEntry("BPG", _("Black games"), _("Games played with Black.")),
        CatalogueEntry("BWG", _("Black wins"), _("Games won with Black.")),
        CatalogueEntry(
            "REP", _("Rounds elected to play"), _("Rounds played rather than taken as a bye.")
        ),
        CatalogueEntry(
            "STD",
            _("Standard points"),
            _("Points with 1 for a win, \u00bd for a draw, counted in halves."),
        ),
        CatalogueEntry("KS", _("Koya"), _("Points against opponents who scored at least half.")),
        CatalogueEntry(
            "ARO", _("Average rating of opponents"), _("Mean rating of the opponents met.")
        ),
        CatalogueEntry("TPR", _("Performance rating"), _("FIDE tournament performance rating.")),
        CatalogueEntry(
            "PTP",
            _("Perfect tournament performance"),
            _("Rating at which the score is expected."),
        ),
        CatalogueEntry(
            "APRO",
            _("Average opponents\u2019 performance"),
            _("Mean performance rating of the opponents."),
        ),
        CatalogueEntry(
            "APPO",
            _("Average opponents\u2019 perfect performance"),
            _("Mean perfect performance of the opponents."),
        ),
        CatalogueEntry("TPN", _("Pairing number"), _("Starting rank: lower ranks higher.")),
        CatalogueEntry(
            "PTS", _("Points"), _("The score the players are ranked by."), offered=False
        ),
    )


# The entries as made at import: in English (no request's language is active then).
CATALOGUE: Final = catalogue()
