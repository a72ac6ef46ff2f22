"""Tie-break codes: parsing "BH/C1", "SB/C2", "KS/L-1" into a validated specification."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from arbiter.trf.i18n import gettext as _


class UnknownTiebreak(ValueError):
    """A tie-break code or modifier this library does not know."""


# FIDE C.07 individual tie-breaks plus the EGF Direct Comparison.
CODES: Final = frozenset(
    {
        "PTS",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "PS",
        "REP",
        "STD",
        "TPN",
        "BH",
        "AOB",
        "FB",
        "SB",
        "KS",
        "ARO",
        "TPR",
        "PTP",
        "APRO",
        "APPO",
        "DE",
        "DC",
    }
)
# Older names still seen in tournament regulations.
ALIASES: Final = {"GE": "REP", "SNO": "TPN"}
# Sum-type tie-breaks that accept the Cut / Median modifiers (C.07 article 14).
CUTTABLE: Final = frozenset({"BH", "FB", "SB", "ARO", "PS"})
# Tie-breaks where a lower value ranks higher.
ASCENDING: Final = frozenset({"TPN"})
# Tie-breaks that rank a tied group instead of giving every player a comparable number.
GROUP_RANKINGS: Final = frozenset({"DE", "DC"})


@dataclass(frozen=True, slots=True)
class TiebreakCode:
    """One parsed code. `koya_shift` is in points; `koya_percent` is the 50 % Koya limit."""

    text: str
    name: str
    cut_low: int = 0
    cut_high: int = 0
    koya_percent: Fraction = Fraction(50)
    koya_shift: Fraction = Fraction(0)


def parse_code(text: str) -> TiebreakCode:
    """Parse a code such as "BH/C1", "SB/M2" or "KS/L+2"; raise UnknownTiebreak if invalid."""
    if not isinstance(text, str) or not text.strip():
        raise UnknownTiebreak(_("empty tie-break code %(code)s") % {"code": repr(text)})
    canonical = text.strip().upper()
    name, *modifiers = canonical.split("/")
    name = ALIASES.get(name, name)
    if name not in CODES:
        raise UnknownTiebreak(_("unknown tie-break %(code)s") % {"code": repr(text)})
    cut_low = cut_high = 0
    percent, shift = Fraction(50), Fraction(0)
    for modifier in modifiers:
        if modifier in ("C1", "C2") and name in CUTTABLE:
            cut_low += int(modifier[1])
        elif modifier in ("M1", "M2") and name in CUTTABLE:
            cut_low += int(modifier[1])
            cut_high += int(modifier[1])
        elif modifier.startswith("L") and name == "KS" and _koya_limit(modifier[1:]) is not None:
            limit = _koya_limit(modifier[1:])
            assert limit is not None
            kind, value = limit
            if kind == "percent":
                percent = value
            else:
                shift = value
        else:
            message = _("unknown modifier /%(modifier)s in tie-break %(code)s")
            raise UnknownTiebreak(message % {"modifier": modifier, "code": repr(text)})
    return TiebreakCode(canonical, name, cut_low, cut_high, percent, shift)


def _koya_limit(text: str) -> tuple[str, Fraction] | None:
    """ "-1" / "+2" move the limit by half-points; "40" sets the percentage."""
    if text[:1] in ("+", "-") and text[1:].isdigit():
        sign = -1 if text[0] == "-" else 1
        return "shift", Fraction(sign * int(text[1:]), 2)
    if text.isdigit() and 0 <= int(text) <= 100:
        return "percent", Fraction(int(text))
    return None
