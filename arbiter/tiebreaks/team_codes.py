"""Team tie-break codes (C.07, as gacrux names them): "BH:GP/C1", "EMGSB/C1", "EDE" ...

A code may name the score it reads with ":MP" (match points) or ":GP" (game points); without
it a code reads the event's primary score. The parsed `score` is the score summed or
compared; `result` (the Sonneborn-Berger family only) is the team's own result it is
multiplied by.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from arbiter.tiebreaks.codes import UnknownTiebreak
from arbiter.tiebreaks.team_scores import Key

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
        "BH",  # Buchholz
        "SB",  # Sonneborn-Berger: opponent's score x own result, both in one score
        "ESB",  # extended SB: opponent's primary score x own secondary result
        "EMMSB",
        "EMGSB",  # opponent's match points x own game points
        "EGMSB",
        "EGGSB",
        "BC",  # board count: sum of board number x points on that board, ascending
        "TBR",  # top board result: board 1's game points, then board 2's ...
        "BBE",  # bottom board elimination: game points without the last board(s)
        "DE",  # direct encounter on one score
        "EDE",  # extended direct encounter: primary, then secondary, in turn
    }
)
ALIASES: Final = {"MPTS": "MP", "GPTS": "GP", "SNO": "TPN"}
# Codes that accept :MP / :GP.
SCORED: Final = frozenset({"PTS", "WIN", "PS", "BH", "SB", "ESB", "DE"})
CUTTABLE: Final = frozenset({"BH", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"})
LOW_CUT_ONLY: Final = frozenset({"PS"})
ASCENDING: Final = frozenset({"TPN", "BC"})
GROUP_RANKINGS: Final = frozenset({"DE", "EDE", "TBR", "BBE"})
SONNEBORN: Final = frozenset({"SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"})


@dataclass(frozen=True, slots=True)
class TeamCode:
    text: str
    name: str
    score: Key
    result: Key
    cut_low: int = 0
    cut_high: int = 0


def parse_team_code(text: str, primary: Key) -> TeamCode:
    """Parse one team code for an event whose primary score is `primary`; UnknownTiebreak
    for anything else (with the codes we know)."""
    if not isinstance(text, str) or not text.strip():
        raise UnknownTiebreak(f"empty team tie-break code {text!r}")
    canonical = text.strip().upper()
    head, *modifiers = canonical.split("/")
    name, _, named_score = head.partition(":")
    name = ALIASES.get(name, name)
    if name not in TEAM_CODES:
        known = ", ".join(sorted(TEAM_CODES | set(ALIASES)))
        raise UnknownTiebreak(f"unknown team tie-break {text!r} (team codes: {known})")
    secondary: Key = "g" if primary == "m" else "m"
    score: Key = primary
    if named_score:
        if name not in SCORED or named_score not in ("MP", "GP"):
            raise UnknownTiebreak(f"unknown score :{named_score} in team tie-break {text!r}")
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
    for modifier in modifiers:
        if modifier in ("C1", "C2") and (name in CUTTABLE or name in LOW_CUT_ONLY):
            cut_low += int(modifier[1])
        elif modifier in ("M1", "M2") and name in CUTTABLE:
            cut_low += int(modifier[1])
            cut_high += int(modifier[1])
        else:
            raise UnknownTiebreak(f"unknown modifier /{modifier} in team tie-break {text!r}")
    return TeamCode(canonical, name, score, result, cut_low, cut_high)
