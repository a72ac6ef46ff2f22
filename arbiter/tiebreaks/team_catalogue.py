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
from arbiter.trf.i18n import gettext as _


@dataclass(frozen=True, slots=True)
class TeamModifier:
    """A cut, as a code's name and meaning read with it: "BH/C1" is "Buchholz cut 1"."""

    code: str
    label: str
    description: str


def modifiers() -> tuple[TeamModifier, ...]:
    """The cuts of C.07 (the least significant values dropped; the median drops the most too),
    in the language active now. Koya's limit (/L40, /L+2) is a number of the code's own: a
    code read with it keeps Koya's name."""
    return (
        TeamModifier("C1", _("cut 1"), _("The lowest opponent is left out.")),
        TeamModifier("C2", _("cut 2"), _("The two lowest opponents are left out.")),
        TeamModifier("M1", _("median"), _("The highest and the lowest opponent are left out.")),
        TeamModifier(
            "M2", _("median 2"), _("The two highest and the two lowest opponents are left out.")
        ),
    )


# As made at import: in English (the API serves `modifiers()` in the reader's language).
MODIFIERS: Final = modifiers()

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


def _by_score(score: Key, match: str, game: str) -> str:
    """The text of the score `score`: each is a sentence of its own, for its translation."""
    return match if score == "m" else game


def _words(code: TeamCode, primary: Key, named: bool) -> tuple[str, str]:
    """A code's name and meaning, from what the parser read: `score` is the score summed or
    compared, `result` the team's own result the Sonneborn-Berger family multiplies by; a
    code that names its score (`BH:GP`) is named with it. Each text whole, for its translation."""
    score, name = code.score, code.name

    def titled(bare: str, of_match: str, of_game: str) -> str:
        return _by_score(score, of_match, of_game) if named else bare

    def times() -> str:
        match score, code.result:
            case "m", "m":
                return _(
                    "Each opponent\u2019s match points times the match points scored against them."
                )
            case "m", "g":
                return _(
                    "Each opponent\u2019s match points times the game points scored against them."
                )
            case "g", "m":
                return _(
                    "Each opponent\u2019s game points times the match points scored against them."
                )
        return _("Each opponent\u2019s game points times the game points scored against them.")

    match name:
        case "MP":
            return _("Match points"), _("Matches won and drawn.")
        case "GP":
            return _("Game points"), _("Games won and drawn, over all matches.")
        case "PTS" if named:
            return _words(parse_team_code("MP" if score == "m" else "GP", primary), primary, False)
        case "PTS":
            return (
                _by_score(score, _("Match points"), _("Game points")),
                _("The score the teams are ranked by."),
            )
        case "MPVGP" if primary == "m":
            return (
                _("Game points"),
                _(
                    "Every game won or drawn counts, not only the match result: a"
                    " 3\u00bd\u2013\u00bd win beats a 2\u00bd\u20131\u00bd one."
                ),
            )
        case "MPVGP":
            return _("Match points"), _("Matches won and drawn, whatever the margin.")
        case "BH":
            return (
                titled(_("Buchholz"), _("Buchholz of match points"), _("Buchholz of game points")),
                _by_score(
                    score,
                    _("Sum of the opponents\u2019 match points: who met the stronger teams."),
                    _("Sum of the opponents\u2019 game points: who met the stronger teams."),
                ),
            )
        case "FB":
            return (
                titled(
                    _("Fore Buchholz"),
                    _("Fore Buchholz of match points"),
                    _("Fore Buchholz of game points"),
                ),
                _("Buchholz as if every last-round match had been drawn."),
            )
        case "SB":
            return (
                titled(
                    _("Sonneborn-Berger"),
                    _("Sonneborn-Berger of match points"),
                    _("Sonneborn-Berger of game points"),
                ),
                _by_score(
                    score,
                    _(
                        "Each opponent\u2019s match points, weighted by the match points scored"
                        " against them."
                    ),
                    _(
                        "Each opponent\u2019s game points, weighted by the game points scored"
                        " against them."
                    ),
                ),
            )
        case "ESB" if (score, code.result) == ("m", "g"):
            return (
                _("Extended Sonneborn-Berger"),
                _(
                    "Each opponent\u2019s match points times the game points scored against"
                    " them (the Olympiad\u2019s Sonneborn-Berger)."
                ),
            )
        case "ESB":
            return _("Extended Sonneborn-Berger"), times()
        case "EMMSB" | "EMGSB" | "EGMSB" | "EGGSB":
            return _("Extended Sonneborn-Berger (%(code)s)") % {"code": name}, times()
        case "PS":
            return (
                titled(
                    _("Progressive score"),
                    _("Progressive score of match points"),
                    _("Progressive score of game points"),
                ),
                _by_score(
                    score,
                    _("Sum of the running match points after each round: early wins count more."),
                    _("Sum of the running game points after each round: early wins count more."),
                ),
            )
        case "KS":
            return (
                titled(_("Koya"), _("Koya of match points"), _("Koya of game points")),
                _by_score(
                    score,
                    _("Match points scored against teams with at least half the possible score."),
                    _("Game points scored against teams with at least half the possible score."),
                ),
            )
        case "WIN" if score == "m":
            return _("Matches won"), _("Matches won, a bye or forfeit worth a win included.")
        case "WIN":
            return (
                _("Games won"),
                _("Boards won, every board of a bye or forfeit worth a win included."),
            )
        case "DE":
            return (
                _("Direct encounter"),
                _by_score(
                    score,
                    _("The match points of the matches among the tied teams themselves."),
                    _("The game points of the matches among the tied teams themselves."),
                ),
            )
        case "EDE":
            return (
                _("Extended direct encounter"),
                _(
                    "Direct encounter on the primary score, then on the other, until nothing"
                    " changes."
                ),
            )
        case "EDEC" | "EDET" | "EDEB" | "EDEBT" | "EDEBB":
            return (
                _("Extended direct encounter (%(code)s)") % {"code": name},
                _("Direct encounter, then the two teams\u2019 match board by board."),
            )
        case "TBR":
            return (
                _("Top board result"),
                _("Game points on board 1, then on board 2, \u2026"),
            )
        case "BBE":
            return (
                _("Bottom board elimination"),
                _("Game points without the last board, then without the last two, \u2026"),
            )
        case "BC":
            return (
                _("Board count"),
                _(
                    "Board number \u00d7 points on it, summed; lower ranks higher (points on the"
                    " top boards)."
                ),
            )
        case "TPN":
            return _("Pairing number"), _("Starting rank: lower ranks higher.")
        case "SSSC":
            return (
                _("Score strength combination"),
                _("The other score plus a share of the Buchholz."),
            )
    raise ValueError(f"no words for the team tie-break {name!r}")


def _entry(text: str, primary: Key, offered: bool) -> CatalogueEntry:
    code = parse_team_code(text, primary)  # an offered code the parser refuses: UnknownTiebreak
    head, *cuts = code.text.split("/")
    label, description = _words(code, primary, ":" in head)
    cut_of = {modifier.code: modifier for modifier in modifiers()}
    for cut in (cut_of[cut] for cut in cuts):
        # Translators: a tie-break's name and a cut of it ("Buchholz" "cut 1").
        label = _("%(name)s %(modifier)s") % {"name": label, "modifier": cut.label}
        # Translators: a tie-break's meaning, then what a cut of it leaves out.
        description = _("%(description)s %(modifier)s") % {
            "description": description,
            "modifier": cut.description,
        }
    return CatalogueEntry(code.text, label, description, offered)


def _catalogue(primary: Key) -> tuple[CatalogueEntry, ...]:
    offered = _offered(primary)
    rest = [head for head in _heads() if head not in offered]
    return tuple(
        [_entry(code, primary, offered=True) for code in offered]
        + [_entry(code, primary, offered=False) for code in rest]
    )


def team_catalogue() -> dict[Key, tuple[CatalogueEntry, ...]]:
    """Per primary score ("m": match points first, "g": game points first): the offered codes
    in the form's order, then every other code a team event accepts without modifiers; their
    words in the language active now (`arbiter.trf.i18n`: the request's, on the server)."""
    return {"m": _catalogue("m"), "g": _catalogue("g")}


# Built at import (in English: no request's language is active then), so that a name of
# `TEAM_CODES` without words stops the import.
TEAM_CATALOGUE: Final[dict[Key, tuple[CatalogueEntry, ...]]] = team_catalogue()
