"""Team tie-break codes (C.07, as gacrux names them): "BH:GP/C1", "EMGSB/C1", "EDE" ...

A code may name the score it reads with ":MP" (match points) or ":GP" (game points); without
it a code reads the event's primary score. The parsed `score` is the score summed or
compared; `result` (the Sonneborn-Berger family only) is the team's own result it is
multiplied by.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from arbiter.tiebreaks.codes import UnknownTiebreak
from arbiter.tiebreaks.team_scores import Key
from arbiter.trf.i18n import gettext as _

# name -> what it is (docs/team-swiss.md, "Standings and team tie-breaks").
TEAM_CODES: Final = frozenset(
    {
        "MP",  # match points (gacrux MPTS)
        "GP",  # game points (gacrux GPTS)
        "PTS",  # the primary score
        "MPVGP",  # the other score than the primary
        "TPN",  # team pairing number, ascending
        "WIN",  # rounds won (matches won, played or not, and byes worth a win)
        "PS",  # progressive score
        "KS",  # Koya: points against teams with at least half the maximum score
        "BH",  # Buchholz
        "FB",  # Fore Buchholz: BH with every last-round match as a draw
        "SB",  # Sonneborn-Berger: opponent's score x own result, both in one score
        "ESB",  # extended SB: opponent's primary score x own secondary result
        "EMMSB",
        "EMGSB",  # opponent's match points x own game points
        "EGMSB",
        "EGGSB",
        "SSSC",  # score strength combination: the other score + BH / a divisor
        "BC",  # board count: sum of board number x points on that board, ascending
        "TBR",  # top board result: board 1's game points, then board 2's ...
        "BBE",  # bottom board elimination: game points without the last board(s)
        "DE",  # direct encounter on one score
        "EDE",  # extended direct encounter: primary, then secondary, in turn
        "EDEC",  # EDE, then (two teams) their match's board count
        "EDET",  # EDE, then (two teams) their match's board 1, board 2 ...
        "EDEB",  # EDE, then (two teams) their match without the last board(s)
        "EDEBT",  # EDEC, then the boards from the top
        "EDEBB",  # EDEC, then without the last board(s)
    }
)
ALIASES: Final = {"MPTS": "MP", "GPTS": "GP", "SNO": "TPN"}
# Codes that accept :MP / :GP.
SCORED: Final = frozenset({"PTS", "WIN", "PS", "KS", "BH", "FB", "SB", "ESB", "SSSC", "DE"})
CUTTABLE: Final = frozenset({"BH", "FB", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC"})
LOW_CUT_ONLY: Final = frozenset({"PS"})
ASCENDING: Final = frozenset({"TPN", "BC"})
GROUP_RANKINGS: Final = frozenset(
    {"DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"}
)
SONNEBORN: Final = frozenset({"SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"})


@dataclass(frozen=True, slots=True)
class TeamCode:
    text: str
    name: str
    score: Key
    result: Key
    cut_low: int = 0
    cut_high: int = 0
    koya_percent: Decimal = Decimal(50)
    koya_shift: Decimal = Decimal(0)


def parse_team_code(text: str, primary: Key) -> TeamCode:
    """Parse one team code for an event whose primary score is `primary`; UnknownTiebreak
    for anything else (with the codes we know)."""
    if not isinstance(text, str) or not text.strip():
        raise UnknownTiebreak(_("empty team tie-break code %(code)s") % {"code": repr(text)})
    canonical = text.strip().upper()
    head, *modifiers = canonical.split("/")
    name, _colon, named_score = head.partition(":")
    name = ALIASES.get(name, name)
    if name not in TEAM_CODES:
        known = ", ".join(sorted(TEAM_CODES | set(ALIASES)))
        message = _("unknown team tie-break %(code)s (team codes: %(known)s)")
        raise UnknownTiebreak(message % {"code": repr(text), "known": known})
    secondary: Key = "g" if primary == "m" else "m"
    score: Key = primary
    if named_score:
        if name not in SCORED or named_score not in ("MP", "GP"):
            message = _("unknown score :%(score)s in team tie-break %(code)s")
            raise UnknownTiebreak(message % {"score": named_score, "code": repr(text)})
        score = "m" if named_score == "MP" else "g"
    other: Key = "g" if score == "m" else "m"
    result: Key = score
    if name == "MP":
        score = result = "m"
    elif name == "GP":
        score = result = "g"
    elif name == "MPVGP":
        score = result = secondary
    elif name == "ESB":
        result = other
    elif name in ("EMMSB", "EMGSB", "EGMSB", "EGGSB"):
        score = "m" if name[1] == "M" else "g"
        result = "m" if name[2] == "M" else "g"
    cut_low = cut_high = 0
    percent, shift = Decimal(50), Decimal(0)
    for modifier in modifiers:
        if name == "KS" and modifier[:1] == "L" and modifier[1:].isdigit():
            percent = Decimal(modifier[1:])
        elif name == "KS" and modifier[:2] in ("L+", "L-") and modifier[2:].isdigit():
            shift = Decimal(modifier[2:]) / 2 * (-1 if modifier[1] == "-" else 1)
        elif modifier in ("C1", "C2") and (name in CUTTABLE or name in LOW_CUT_ONLY):
            cut_low += int(modifier[1])
        elif modifier in ("M1", "M2") and name in CUTTABLE:
            cut_low += int(modifier[1])
            cut_high += int(modifier[1])
        else:
            message = _("unknown modifier /%(modifier)s in team tie-break %(code)s")
            raise UnknownTiebreak(message % {"modifier": modifier, "code": repr(text)})
    return TeamCode(canonical, name, score, result, cut_low, cut_high, percent, shift)
