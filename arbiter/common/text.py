"""Text rules shared by every path: the one rule for names people give (events, players,
teams, squads; native API, lichess dialect, CSV and TRF imports), and the guard on text a
spreadsheet reads (CSV exports)."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

# The refusal, as a sentence (a field's message) and as what a named field must be (a row's
# problem: "line 3: name must be …"). The predicate is plain text for the sentences other
# modules build around it: `gettext(NAME_PREDICATE)` says it in the request's language.
NAME_PREDICATE = gettext_noop(
    "must be one line of visible text: no line breaks, tabs, control characters or "
    "invisible format characters (such as bidi overrides)"
)
NAME_REFUSED = _(
    "A name must be one line of visible text: no line breaks, tabs, control characters or "
    "invisible format characters (such as bidi overrides)."
)
# Line breaks and other controls (Cc), invisible format characters (Cf: bidi overrides and
# isolates, zero-width spaces, BOMs), surrogates, and the Unicode line/paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# Format characters that spell: ZERO WIDTH NON-JOINER (Persian, Indic scripts) and ZERO
# WIDTH JOINER (those scripts, and emoji sequences such as a family); and the marks that
# right-to-left names use (LEFT-TO-RIGHT and RIGHT-TO-LEFT MARK, ARABIC LETTER MARK): each
# is a strong character of its direction, not an embedding, override or isolate that
# reorders what follows.
_SPELLING_FORMAT = frozenset({"\u200c", "\u200d", "\u200e", "\u200f", "\u061c"})


def name_problem(value: str) -> str | None:
    """Why `value` cannot be a name, or None. Names end up in one-line places (a TRF record,
    an iCal line, a log line, a page title), and a bidi override would make a name show as
    another (`Club\\u202eNight` reads `ClubthgiN`)."""
    for char in value:
        if char not in _SPELLING_FORMAT and unicodedata.category(char) in _REFUSED_CATEGORIES:
            return str(NAME_REFUSED)
    return None


def name_validator(value: object) -> None:
    """`name_problem` as a validator (Django's ValidationError, which DRF fields take too)."""
    if isinstance(value, str) and (problem := name_problem(value)) is not None:
        raise ValidationError(problem, code="name_characters")


# What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list).
_FORMULA_STARTS = frozenset("=+-@")
_FORMULA_CONTROLS = frozenset("\t\r\n")


def csv_safe(text: str) -> str:
    """`text` as a CSV cell no spreadsheet runs: one that would start a formula gets a leading
    apostrophe. The check reads the NFKC form (a full-width or small equals sign, U+FF1D or
    U+FE66, is `=` to some spreadsheets) after leading spaces, which a spreadsheet may skip."""
    if text[:1] in _FORMULA_CONTROLS:
        return "'" + text
    first = unicodedata.normalize("NFKC", text.lstrip()[:4]).lstrip()[:1]
    return "'" + text if first in _FORMULA_STARTS else text
