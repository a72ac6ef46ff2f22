"""What each team tie-break code is called and counts, per primary score, in the words the
team event form, the event page's header and its standings show.

The one list the API serves (`GET /api/team-swiss/tiebreaks/`) and the browser reads. It is
built from `team_codes`, the parser's own tables: every name of `TEAM_CODES`, bare and, for the
codes of `SCORED`, with `:MP` and `:GP`, each read by `parse_team_code` for the primary score
(what `_tiebreaks_checked` accepts when an event is created or edited), and worded from what
the parser made of it (the score it sums, the result it multiplies by). A name added to
`TEAM_CODES` without words here stops the import; the cuts are listed once, in `MODIFIERS`,
for the codes stored with others than the form offers (an imported `EMGSB/C1`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from arbiter.tiebreaks.catalogue import CatalogueEntry
from arbiter.tiebreaks.team_codes import SCORED, TEAM_CODES, TeamCode, parse_team_code
from arbiter.tiebreaks.team_scores import Key


@dataclass(frozen=True, slots=True)
class TeamModifier:
    """A cut, as a code's name and meaning read with it: "BH/C1" is "Buchholz cut 1"."""

    code: str
    label: str
    description: str


# The cuts of C.07 (the least significant values dropped; the median drops the most too).
# Koya's limit (/L40, /L+2) is a number of the code's own: a code read with it keeps Koya's name.
MODIFIERS: Final = (
    TeamModifier("C1", "cut 1", "The lowest opponent is left out."),
    TeamModifier("C2", "cut 2", "The two lowest opponents are left out."),
    TeamModifier("M1", "median", "The highest and the lowest opponent are left out."),
    TeamModifier("M2", "median 2", "The two highest and the two lowest opponents are left out."),
)

_MODIFIER: Final = {modifier.code: modifier for modifier in MODIFIERS}

# The names in the order of docs/team-swiss.md's table ("Codes"): the order of the codes the
# form does not offer, after those it does.
_ORDER: Final = (
    "MP",
    "GP",
    "PTS",
    "MPVGP",
    "TPN",
    "WIN",
    "PS",
    "KS",
    "BH",
    "FB",
    "SB",
    "ESB",
    "EMMSB",
    "EMGSB",
    "EGMSB",
    "EGGSB",
    "SSSC",
    "BC",
    "TBR",
    "BBE",
    "DE",
    "EDE",
    "EDEC",
    "EDET",
    "EDEB",
    "EDEBT",
    "EDEBB",
)

_WORDS: Final[dict[Key, str]] = {"m": "match points", "g": "game points"}
_OTHER: Final[dict[Key, str]] = {"m": "GP", "g": "MP"}


def _offered(primary: Key) -> tuple[str, ...]:
    """The codes the form offers, in its list's order; `BH:GP` etc. name the other score."""
    other = _OTHER[primary]
    return (
        "MPVGP",
        "BH/C1",
        "BH",
        "BH/M1",
        f"BH:{other}",
        "FB",
        "SB",
        f"SB:{other}",
        "ESB",
        "ESB/C1",
        "PS",
        "KS",
        "WIN",
        "DE",
        "EDE",
        "TBR",
        "BBE",
        "BC",
        "TPN",
    )


def _heads() -> tuple[str, ...]:
    """Every code without modifiers that the parser accepts (its aliases aside)."""
    names = sorted(TEAM_CODES, key=_ORDER.index)  # a name without words: ValueError
    return tuple(
        head
        for name in names
        for head in ((name, f"{name}:MP", f"{name}:GP") if name in SCORED else (name,))
    )


def _words(code: TeamCode, primary: Key, named: bool) -> tuple[str, str]:
    """A code's name and meaning, from what the parser read: `score` is the score summed or
    compared, `result` the team's own result the Sonneborn-Berger family multiplies by."""
    own = _WORDS[code.score]
    of_score = f" of {own}" if named else ""
    name = code.name
    match name:
        case "MP":
            return "Match points", "Matches won and drawn."
        case "GP":
            return "Game points", "Games won and drawn, over all matches."
        case "PTS" if named:
            return _words(
                parse_team_code("MP" if code.score == "m" else "GP", primary), primary, False
            )
        case "PTS":
            return own.capitalize(), "The score the teams are ranked by."
        case "MPVGP" if primary == "m":
            return (
                "Game points",
                "Every game won or drawn counts, not only the match result: a 3\u00bd\u2013\u00bd"
                " win beats a 2\u00bd\u20131\u00bd one.",
            )
        case "MPVGP":
            return "Match points", "Matches won and drawn, whatever the margin."
        case "BH":
            return (
                f"Buchholz{of_score}",
                f"Sum of the opponents\u2019 {own}: who met the stronger teams.",
            )
        case "FB":
            return (
                f"Fore Buchholz{of_score}",
                "Buchholz as if every last-round match had been drawn.",
            )
        case "SB":
            return (
                f"Sonneborn-Berger{of_score}",
                f"Each opponent\u2019s {own}, weighted by the {own} scored against them.",
            )
        case "ESB":
            olympiad = " (the Olympiad\u2019s Sonneborn-Berger)" if code.score == "m" else ""
            return (
                "Extended Sonneborn-Berger",
                f"Each opponent\u2019s {own} times the {_WORDS[code.result]} scored against"
                f" them{olympiad}.",
            )
        case "EMMSB" | "EMGSB" | "EGMSB" | "EGGSB":
            return (
                f"Extended Sonneborn-Berger ({name})",
                f"Each opponent\u2019s {own} times the {_WORDS[code.result]} scored against them.",
            )
        case "PS":
            return (
                f"Progressive score{of_score}",
                f"Sum of the running {own} after each round: early wins count more.",
            )
        case "KS":
            return (
                f"Koya{of_score}",
                f"{own.capitalize()} scored against teams with at least half the possible score.",
            )
        case "WIN" if code.score == "m":
            return "Matches won", "Matches won, a bye or forfeit worth a win included."
        case "WIN":
            return "Games won", "Boards won, every board of a bye or forfeit worth a win included."
        case "DE":
            return (
                "Direct encounter",
                f"The {own} of the matches among the tied teams themselves.",
            )
        case "EDE":
            return (
                "Extended direct encounter",
                "Direct encounter on the primary score, then on the other, until nothing changes.",
            )
        case "EDEC" | "EDET" | "EDEB" | "EDEBT" | "EDEBB":
            return (
                f"Extended direct encounter ({name})",
                "Direct encounter, then the two teams\u2019 match board by board.",
            )
        case "TBR":
            return "Top board result", "Game points on board 1, then on board 2, \u2026"
        case "BBE":
            return (
                "Bottom board elimination",
                "Game points without the last board, then without the last two, \u2026",
            )
        case "BC":
            return (
                "Board count",
                "Board number \u00d7 points on it, summed; lower ranks higher (points on the top"
                " boards).",
            )
        case "TPN":
            return "Pairing number", "Starting rank: lower ranks higher."
        case "SSSC":
            return (
                "Score strength combination",
                "The other score plus a share of the Buchholz.",
            )
    raise ValueError(f"no words for the team tie-break {name!r}")


def _entry(text: str, primary: Key, offered: bool) -> CatalogueEntry:
    code = parse_team_code(text, primary)  # an offered code the parser refuses: UnknownTiebreak
    head, *cuts = code.text.split("/")
    label, description = _words(code, primary, ":" in head)
    for cut in (_MODIFIER[cut] for cut in cuts):
        label, description = f"{label} {cut.label}", f"{description} {cut.description}"
    return CatalogueEntry(code.text, label, description, offered)


def _catalogue(primary: Key) -> tuple[CatalogueEntry, ...]:
    offered = _offered(primary)
    rest = [head for head in _heads() if head not in offered]
    return tuple(
        [_entry(code, primary, offered=True) for code in offered]
        + [_entry(code, primary, offered=False) for code in rest]
    )


# Per primary score ("m": match points first, "g": game points first): the offered codes in
# the form's order, then every other code a team event accepts without modifiers.
TEAM_CATALOGUE: Final[dict[Key, tuple[CatalogueEntry, ...]]] = {
    "m": _catalogue("m"),
    "g": _catalogue("g"),
}
