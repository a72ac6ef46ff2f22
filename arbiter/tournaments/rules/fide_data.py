"""The FIDE data of an event and of its entries, as the rating report reads them: what a
FIDE ID, a federation code, a title and a sex may be, and how the arbiters are written in the
TRF's 102 and 112 records. Plain Python: the API's serializers and the TRF export share it
(its refusals are translated as the rule engines' are, `arbiter.trf.i18n`)."""

from __future__ import annotations

import re
from typing import Final

from arbiter.trf.i18n import gettext as _

# 001 columns 58-68: FIDE numbers are up to 8 digits today, the field keeps 3 in reserve.
FIDE_ID_MAX: Final = 11
# FIDE's player titles as the 001 record writes them (columns 11-13).
TITLES: Final = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})
SEXES: Final = frozenset({"", "m", "w"})
# The longest name of an arbiter we keep (102/112 have no fixed width; FIDE's lists do).
ARBITER_NAME_MAX: Final = 60
# Deputy chief arbiters and arbiters: one 112 line each.
DEPUTIES_MAX: Final = 20
BIRTH_YEAR_MIN: Final = 1900

_FEDERATION: Final = re.compile(r"[A-Z]{3}")
# "Name (12345678)" at the end of a 102/112 text: the arbiter's FIDE ID.
_RECORD_ID: Final = re.compile(r"^(?P<name>.*?)\s*\((?P<fide_id>[0-9]{1,11})\)\s*$")


def fide_id_problem(text: str) -> str | None:
    """Why `text` is no FIDE ID, or None (blank is "none given", which is allowed here: the
    rating report says when one is needed)."""
    if text and not (text.isascii() and text.isdigit()):
        return _("A FIDE ID is digits only, such as 1503014.")
    if len(text) > FIDE_ID_MAX:
        return _("A FIDE ID has at most %(digits)s digits.") % {"digits": FIDE_ID_MAX}
    return None


def federation_problem(code: str) -> str | None:
    """Why `code` (already upper-cased) is no FIDE federation code, or None; blank is allowed.
    The rating report checks the code against FIDE's list; this is its shape only."""
    if code and not _FEDERATION.fullmatch(code):
        return _("A federation is a 3-letter FIDE code, such as NOR or USA.")
    return None


def fide_data_imported(
    *, fide_id: str, federation: str, title: str, birth_date: str, sex: str, rating: int | None
) -> dict[str, str | int | None]:
    """A TRF 001 record's FIDE data as an imported entry or squad player keeps it (both
    imports call this): a title or sex FIDE does not know, or a birth date without a year, is
    left blank for the rating report to ask for, rather than refusing the file; a rating the
    record gives is FIDE's."""
    year = birth_date[:4]
    return {
        "rating_kind": "fide" if rating else "arbiter",
        "fide_id": fide_id,
        "federation": federation[:3],
        "title": title.upper() if title.upper() in TITLES else "",
        "birth_year": int(year) if year.isascii() and year.isdigit() else None,
        "sex": sex if sex in SEXES else "",
    }


def arbiter_record(name: str, fide_id: str) -> str:
    """The text of a 102 or 112 record: the name as FIDE lists it, then the FIDE ID in
    parentheses, the way the common tournament programs write it."""
    name = " ".join(name.split())
    if not name:
        return ""
    return f"{name} ({fide_id})" if fide_id else name


def arbiter_from_record(text: str) -> tuple[str, str]:
    """(name, FIDE ID) of a 102 or 112 text written as `arbiter_record` writes it; a text
    without an ID in parentheses is all name."""
    match = _RECORD_ID.match(text.strip())
    if match is None:
        return " ".join(text.split()), ""
    return " ".join(match["name"].split()), match["fide_id"]
