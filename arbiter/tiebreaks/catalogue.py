"""What each individual tie-break code is called and counts, in the words the event form shows.

The one list the API serves (`GET /api/tournaments/swiss/tiebreaks/`) and the browser reads: every
code of `codes.CODES`, plus the modified forms the form offers as choices of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    code: str
    label: str
    description: str
    # Offered in the event form's list. PTS is not: an event ranks by its points first, so
    # PTS never separates a tie there (an order that names it is still accepted).
    offered: bool = True


# In the order the event form lists them (\u2019 is the typographic apostrophe the UI shows).
CATALOGUE: Final = (
    CatalogueEntry("BH", "Buchholz", "Sum of the opponents\u2019 scores."),
    CatalogueEntry("BH/C1", "Buchholz cut 1", "Buchholz without the lowest opponent score."),
    CatalogueEntry("FB", "Fore Buchholz", "Buchholz as if every last-round game were drawn."),
    CatalogueEntry(
        "AOB", "Average of opponents\u2019 Buchholz", "Mean Buchholz of the opponents met."
    ),
    CatalogueEntry(
        "SB", "Sonneborn-Berger", "Opponents\u2019 scores weighted by the result against each."
    ),
    CatalogueEntry("PS", "Progressive score", "Sum of the running score after each round."),
    CatalogueEntry("DE", "Direct encounter", "Results among the tied players themselves."),
    CatalogueEntry(
        "DC", "Direct comparison", "EGF: head-to-head comparison within the tied group."
    ),
    CatalogueEntry("WIN", "Wins", "Games won, forfeits and byes counted as wins included."),
    CatalogueEntry("WON", "Games won", "Games won over the board."),
    CatalogueEntry("BPG", "Black games", "Games played with Black."),
    CatalogueEntry("BWG", "Black wins", "Games won with Black."),
    CatalogueEntry("REP", "Rounds elected to play", "Rounds played rather than taken as a bye."),
    CatalogueEntry(
        "STD", "Standard points", "Points with 1 for a win, ½ for a draw, counted in halves."
    ),
    CatalogueEntry("KS", "Koya", "Points against opponents who scored at least half."),
    CatalogueEntry("ARO", "Average rating of opponents", "Mean rating of the opponents met."),
    CatalogueEntry("TPR", "Performance rating", "FIDE tournament performance rating."),
    CatalogueEntry(
        "PTP", "Perfect tournament performance", "Rating at which the score is expected."
    ),
    CatalogueEntry(
        "APRO", "Average opponents\u2019 performance", "Mean performance rating of the opponents."
    ),
    CatalogueEntry(
        "APPO",
        "Average opponents\u2019 perfect performance",
        "Mean perfect performance of the opponents.",
    ),
    CatalogueEntry("TPN", "Pairing number", "Starting rank: lower ranks higher."),
    CatalogueEntry("PTS", "Points", "The score the players are ranked by.", offered=False),
)
