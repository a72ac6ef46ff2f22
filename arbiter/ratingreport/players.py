"""The checks of each player's line: FIDE ID, federation, birth date, sex and title.

FIDE keeps a rated player's federation, birth year, sex and title itself (the ID finds
them), so a slip in those columns is worth a look ("warning"); a player with no FIDE rating
may be new to the list, and FIDE registers a new player from these columns: there a missing or
wrong value is an "error". The FIDE ID is mandatory for every player (TRF-2026).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator
from typing import Final

from arbiter.ratingreport import rules
from arbiter.ratingreport.dates import birth_date
from arbiter.ratingreport.federations import FEDERATIONS, is_federation
from arbiter.ratingreport.findings import ERROR, WARNING, Finding, Severity
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import PlayerRecord

# TRF-16/TRF-2026 title codes, and the one-letter codes of the first TRF (g, m, wg, ...)
# that Swiss-Manager and JaVaFo still write; both name the same FIDE titles.
TITLES: Final = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})
LETTER_TITLES: Final = {
    "g": "GM",
    "m": "IM",
    "wg": "WGM",
    "f": "FM",
    "wm": "WIM",
    "c": "CM",
    "wf": "WFM",
    "wc": "WCM",
}
WOMEN_TITLES: Final = frozenset({"WGM", "WIM", "WFM", "WCM"})
SEXES: Final = frozenset({"m", "w"})
MAX_ID_DIGITS: Final = 9  # our bound, above the IDs FIDE has issued; the column has 11
OLDEST_BIRTH_YEAR: Final = 1900
YOUNGEST_AGE: Final = 3


def is_new(player: PlayerRecord) -> bool:
    """No FIDE rating in the file: new to the list (or unrated again), registered by FIDE
    from this file's data."""
    return not player.rating


def title_code(title: str) -> str | None:
    """The FIDE title a TRF title code names ("GM", "g", "wg" ...), or None."""
    upper = title.strip().upper()
    if upper in TITLES:
        return upper
    return LETTER_TITLES.get(title.strip().lower())


def player_findings(players: list[PlayerRecord], *, event_year: int | None) -> Iterator[Finding]:
    """Every player's findings, in start-number order, each player's in column order."""
    shared = _shared_ids(players)
    for player in sorted(players, key=lambda p: p.start_number):
        yield from _fide_id(player, shared)
        yield from _federation(player)
        yield from _birth_date(player, event_year)
        yield from _sex(player)
        yield from _title(player)


def _finding(
    player: PlayerRecord, field: str, message: str, rule: str, severity: Severity
) -> Finding:
    return Finding(player.start_number, player.name, field, message, rule, severity)


def _new_or_rated(player: PlayerRecord) -> Severity:
    return ERROR if is_new(player) else WARNING


def _digits(text: str) -> bool:
    """ASCII digits only (`str.isdigit` also takes "²" and other scripts' digits)."""
    return text.isascii() and text.isdigit()


def _number(digits: str) -> str:
    """The ID without leading zeros ("0" for zeros only): 0503010 and 503010 are one ID."""
    return digits.lstrip("0") or "0"


def _shared_ids(players: list[PlayerRecord]) -> dict[str, list[int]]:
    owners: dict[str, list[int]] = defaultdict(list)
    for player in players:
        fide_id = player.fide_id.strip()
        if _digits(fide_id) and _number(fide_id) != "0":
            owners[_number(fide_id)].append(player.start_number)
    return {key: sorted(numbers) for key, numbers in owners.items() if len(numbers) > 1}


def _fide_id(player: PlayerRecord, shared: dict[str, list[int]]) -> Iterator[Finding]:
    fide_id = player.fide_id.strip()
    if not fide_id or (_digits(fide_id) and _number(fide_id) == "0"):
        yield _finding(
            player,
            "fide_id",
            _(
                "no FIDE ID: every player needs one before the event is "
                "rated; ask the federation's rating officer to register a "
                "new player, then write the ID"
            ),
            rules.TRF_FIDE_ID,
            ERROR,
        )
        return
    if not _digits(fide_id):
        yield _finding(
            player,
            "fide_id",
            _("FIDE ID %(fide_id)s is not a number: write the digits only")
            % {"fide_id": repr(fide_id)},
            rules.TRF_FIDE_ID,
            ERROR,
        )
        return
    others = shared.get(_number(fide_id), [])
    if others:
        rest = ", ".join(str(n) for n in others if n != player.start_number)
        yield _finding(
            player,
            "fide_id",
            _(
                "FIDE ID %(fide_id)s is also given to start number %(others)s: "
                "each player has their own ID"
            )
            % {"fide_id": fide_id, "others": rest},
            rules.TRF_FIDE_ID,
            ERROR,
        )
    if len(_number(fide_id)) > MAX_ID_DIGITS:
        yield _finding(
            player,
            "fide_id",
            _(
                "FIDE ID %(fide_id)s is longer than FIDE's IDs (more than "
                "%(digits)s digits): check it on ratings.fide.com"
            )
            % {"fide_id": fide_id, "digits": MAX_ID_DIGITS},
            rules.TRF_FIDE_ID,
            WARNING,
        )


def _federation(player: PlayerRecord) -> Iterator[Finding]:
    code = player.federation.strip()
    if not code:
        yield _finding(
            player,
            "federation",
            _(
                "no federation: write the player's FIDE federation code "
                "(e.g. NOR, or FID for a player under FIDE's flag)"
            ),
            rules.TRF_FEDERATION,
            _new_or_rated(player),
        )
    elif not is_federation(code):
        if is_federation(code.upper()):
            message = _(
                "federation %(code)s is not a FIDE federation code (write it in capitals: "
                "%(upper)s, %(name)s)"
            ) % {"code": repr(code), "upper": code.upper(), "name": FEDERATIONS[code.upper()]}
        else:
            message = _("federation %(code)s is not a FIDE federation code") % {"code": repr(code)}
        yield _finding(
            player,
            "federation",
            message,
            rules.FEDERATION_LIST,
            _new_or_rated(player),
        )


def _birth_date(player: PlayerRecord, event_year: int | None) -> Iterator[Finding]:
    text = player.birth_date.strip()
    new = is_new(player)
    if not text:
        if new:
            yield _finding(
                player,
                "birth_date",
                _(
                    "no birth date: FIDE needs at least the year of birth of a "
                    "player new to the list (write YYYY/MM/DD or the year)"
                ),
                rules.NEW_PLAYER_DATA,
                ERROR,
            )
        return
    read = birth_date(text)
    if read is None:
        yield _finding(
            player,
            "birth_date",
            _("birth date %(text)s is not a date: write YYYY/MM/DD (or the year alone)")
            % {"text": repr(text)},
            rules.TRF_BIRTH_DATE,
            _new_or_rated(player),
        )
        return
    latest = (event_year or dt.date.today().year) - YOUNGEST_AGE
    if not OLDEST_BIRTH_YEAR <= read.year <= latest:
        yield _finding(
            player,
            "birth_date",
            (
                _(
                    "birth year %(year)s is not plausible for a player of an event held in "
                    "%(event_year)s: check it"
                )
                % {"year": read.year, "event_year": event_year}
                if event_year
                else _(
                    "birth year %(year)s is not plausible for a player of an event held in "
                    "this year: check it"
                )
                % {"year": read.year}
            ),
            rules.TRF_BIRTH_DATE,
            _new_or_rated(player),
        )
    elif not read.canonical:
        yield _finding(
            player,
            "birth_date",
            _("birth date %(text)s is read as the year %(year)s: write it YYYY/MM/DD")
            % {"text": repr(text), "year": read.year},
            rules.TRF_BIRTH_DATE,
            WARNING,
        )


def _sex(player: PlayerRecord) -> Iterator[Finding]:
    sex = player.sex.strip()
    if not sex:
        if is_new(player):
            yield _finding(
                player,
                "sex",
                _("no sex given: FIDE needs it for a player new to the list (m or w, column 10)"),
                rules.NEW_PLAYER_DATA,
                ERROR,
            )
        return
    if sex.lower() not in SEXES:
        yield _finding(
            player,
            "sex",
            _("sex %(sex)s is not one of the TRF's two codes: write m or w") % {"sex": repr(sex)},
            rules.TRF_SEX,
            _new_or_rated(player),
        )


def _title(player: PlayerRecord) -> Iterator[Finding]:
    title = player.title.strip()
    if not title:
        return
    code = title_code(title)
    if code is None:
        yield _finding(
            player,
            "title",
            _(
                "title %(title)s is not a FIDE title code (GM IM WGM FM WIM "
                "CM WFM WCM): clear it or write the player's FIDE title"
            )
            % {"title": repr(title)},
            rules.TRF_TITLE,
            WARNING,
        )
    elif code in WOMEN_TITLES and player.sex.strip().lower() == "m":
        yield _finding(
            player,
            "title",
            _("%(code)s is a women's title but the player's sex is m: check the title and sex")
            % {"code": code},
            rules.TRF_TITLE,
            WARNING,
        )
