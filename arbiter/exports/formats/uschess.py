"""US Chess: the rating report as the three dBase III files of US Chess's format "2C"
(THEXPORT.DBF: the event; TSEXPORT.DBF: its sections; TDEXPORT.DBF: one record per player
with a field per round), served as one ZIP. Field names, types and widths are 2C's; every
choice made where 2C says nothing is in docs/exports.md with its source.

An Arbiter event is one section. Character fields are left-justified and blank-filled,
numbers included (2C's September 2025 correction); dates are dBase dates (YYYYMMDD).
"""

from __future__ import annotations

import tempfile
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Final

import dbf

from arbiter.exports.formats.base import (
    ExportEvent,
    ExportFile,
    FederationExport,
    FieldSpec,
    Problem,
    ascii_text,
)
from arbiter.trf.i18n import gettext, gettext_noop
from arbiter.trf.model import PlayerRecord, RoundEntry

PROGRAM: Final = "ARBITER"  # H_PROGRAM, C(10)
FORMAT: Final = "2C"  # H_FORMAT
MAX_ROUNDS: Final = 99  # S_TOT_RNDS is C(2)
MAX_PLAYERS: Final = 9999  # D_PAIR_NUM is C(4)

# (name, dBase type and width) in 2C's order; D is a dBase date (8 characters).
HEADER_FIELDS: Final = (
    ("H_FORMAT", "C(5)"),
    ("H_PROGRAM", "C(10)"),
    ("H_EVENT_ID", "C(12)"),
    ("H_NAME", "C(35)"),
    ("H_TOT_SECT", "C(2)"),
    ("H_BEG_DATE", "D"),
    ("H_END_DATE", "D"),
    ("H_AFF_ID", "C(8)"),
    ("H_CITY", "C(21)"),
    ("H_STATE", "C(2)"),
    ("H_ZIPCODE", "C(10)"),
    ("H_COUNTRY", "C(21)"),
    ("H_SENDCROS", "C(1)"),
    ("H_CTD_ID", "C(8)"),
    ("H_ATD_ID", "C(8)"),
    ("H_OTHER_TD", "C(255)"),
)
SECTION_FIELDS: Final = (
    ("S_EVENT_ID", "C(12)"),
    ("S_SEC_NUM", "C(2)"),
    ("S_SEC_NAME", "C(30)"),
    ("S_R_SYSTEM", "C(1)"),
    ("S_TIMECTL", "C(40)"),
    ("S_CTD_ID", "C(8)"),
    ("S_ATD_ID", "C(8)"),
    ("S_TRN_TYPE", "C(1)"),
    ("S_TOT_RNDS", "C(2)"),
    ("S_LST_PAIR", "C(4)"),
    ("S_BEG_DATE", "D"),
    ("S_END_DATE", "D"),
    ("S_SCH_LVL", "C(1)"),
    ("S_GR_PRIX", "C(1)"),
    ("S_GP_PTS", "C(3)"),
    ("S_FIDE", "C(1)"),
)
DETAIL_FIELDS: Final = (
    ("D_EVENT_ID", "C(12)"),
    ("D_SEC_NUM", "C(2)"),
    ("D_PAIR_NUM", "C(4)"),
    ("D_MEM_ID", "C(8)"),
    ("D_NAME", "C(30)"),
    ("D_STATE", "C(2)"),
    ("D_RATING", "C(4)"),
)
ROUND_FIELD: Final = "C(7)"  # D_RND01, D_RND02, ...


def round_field(number: int) -> str:
    return f"D_RND{number:02d}"


# US Postal Service codes: the states, DC, the territories and the armed forces' addresses.
_USPS: Final = (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH "
    "NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI AA AE AP"
)
STATES: Final = tuple(_USPS.split())
MEMBER_ID: Final = r"(?!0{8})[0-9]{8}"  # 00000000 is 2C's "no ID": not an ID
MEMBER_ID_HELP: Final = gettext_noop("A US Chess ID is 8 digits.")
# The section's rating system letter: regular, dual (regular and quick), quick; blitz has no
# letter in 2C and is written as D, which US Chess rated as blitz by its time control.
SYSTEM_LETTERS: Final = {"R": "R", "D": "D", "Q": "Q", "B": "D"}

AFFILIATE_ID = FieldSpec(
    "affiliate_id",
    gettext_noop("the sponsoring US Chess affiliate's ID (H_AFF_ID), A and seven digits"),
    required=True,
    max_length=8,
    pattern=r"A[0-9]{7}",
    pattern_help=gettext_noop("An affiliate ID is A and seven digits (A1234567)."),
)
CHIEF_TD_ID = FieldSpec(
    "chief_td_id",
    gettext_noop("the chief TD's US Chess ID (H_CTD_ID, S_CTD_ID)"),
    required=True,
    max_length=8,
    pattern=MEMBER_ID,
    pattern_help=MEMBER_ID_HELP,
)
ASSISTANT_TD_ID = FieldSpec(
    "assistant_td_id",
    gettext_noop("the assistant chief TD's US Chess ID, if any (H_ATD_ID, S_ATD_ID)"),
    max_length=8,
    pattern=MEMBER_ID,
    pattern_help=MEMBER_ID_HELP,
)
OTHER_TD_IDS = FieldSpec(
    "other_td_ids",
    gettext_noop("the US Chess IDs of the other TDs (H_OTHER_TD, comma-separated in the file)"),
    kind="list",
    max_length=8,
    pattern=MEMBER_ID,
    pattern_help=MEMBER_ID_HELP,
    max_items=28,  # 28 IDs and their commas fill H_OTHER_TD's 255 characters
)
EVENT_NAME = FieldSpec(
    "event_name",
    gettext_noop(
        "the event's name in the report (H_NAME, 35 characters); the event's own name if blank"
    ),
    max_length=35,
)
CITY = FieldSpec(
    "city",
    gettext_noop("the city where the event was played (H_CITY)"),
    required=True,
    max_length=21,
)
STATE = FieldSpec(
    "state",
    gettext_noop("the state where it was played, its USPS code (H_STATE)"),
    required=True,
    choices=STATES,
)
ZIP_CODE = FieldSpec(
    "zip_code",
    gettext_noop("the ZIP code of the site (H_ZIPCODE)"),
    required=True,
    max_length=10,
    pattern=r"[0-9]{5}(-[0-9]{4})?",
    pattern_help=gettext_noop("A ZIP code is 5 digits, or ZIP+4 (12345-6789)."),
)
COUNTRY = FieldSpec(
    "country", gettext_noop("the country (H_COUNTRY); USA if blank"), max_length=21, default="USA"
)
SEND_CROSSTABLE = FieldSpec(
    "send_crosstable",
    gettext_noop("2C's crosstable letter (H_SENDCROS): N, A or T; N if blank"),
    choices=("N", "A", "T"),
    default="N",
)
SECTION_NAME = FieldSpec(
    "section_name",
    gettext_noop("the section's name (S_SEC_NAME), e.g. Open"),
    required=True,
    max_length=30,
)
RATING_SYSTEM = FieldSpec(
    "rating_system",
    gettext_noop(
        "the section's rating system (S_R_SYSTEM): R regular, D dual, Q quick, B blitz; "
        "from the time control by rule 5C if blank"
    ),
    choices=("R", "D", "Q", "B"),
)
TIME_CONTROL = FieldSpec(
    "time_control",
    gettext_noop(
        "the time control as US Chess spells it (S_TIMECTL), e.g. G/90;+30 or 40/90,SD/30;d5; "
        "from the event's clock if blank"
    ),
    max_length=40,
)
CLASSIFICATION = FieldSpec(
    "classification",
    gettext_noop("2C's section classification letter (S_SCH_LVL): N, S, P or J; blank if none"),
    choices=("N", "S", "P", "J"),
)
FIDE_RATED = FieldSpec(
    "fide_rated",
    gettext_noop("Y when the section is also FIDE rated (S_FIDE); N if blank"),
    choices=("Y", "N"),
    default="N",
)
MEMBER = FieldSpec(
    "member_id",
    gettext_noop("the player's US Chess ID (D_MEM_ID)"),
    max_length=8,
    pattern=MEMBER_ID,
    pattern_help=MEMBER_ID_HELP,
)
PLAYER_STATE = FieldSpec(
    "state",
    gettext_noop("the player's state, its USPS code (D_STATE); may be blank"),
    choices=STATES,
)
REPORT_NAME = FieldSpec(
    "report_name",
    gettext_noop(
        "the player's name as US Chess lists it, LAST, FIRST (D_NAME, 30 characters); "
        "the entry's name if blank"
    ),
    max_length=30,
)
RATING = FieldSpec(
    "us_chess_rating",
    gettext_noop(
        "the US Chess rating the player was paired with (D_RATING), 0 if unrated; "
        "the entry's rating if blank"
    ),
    kind="integer",
    minimum=0,
    maximum=4000,
)


def time_control_text(limit_seconds: int, increment_seconds: int) -> str | None:
    """The event's clock as US Chess spells a sudden-death control: G/<minutes>;+<seconds>
    for an increment, G/<minutes>;d0 without one. None for a base time in part minutes,
    which only the organiser can word."""
    if limit_seconds <= 0 or limit_seconds % 60:
        return None
    bonus = f"+{increment_seconds}" if increment_seconds else "d0"
    return f"G/{limit_seconds // 60};{bonus}"


def rating_system(limit_seconds: int, increment_seconds: int) -> str | None:
    """US Chess's rating system for a clock (rule 5C): the base minutes plus the increment's
    seconds; over 65 regular, 30 to 65 dual, over 10 quick (base of at least 5 minutes),
    5 to 10 blitz (base of at least 3). None: not rated by US Chess."""
    minutes = limit_seconds / 60
    total = minutes + increment_seconds
    if total > 65:
        return "R"
    if total >= 30:
        return "D"
    if total > 10:
        return "Q" if minutes >= 5 else None
    if total >= 5 and minutes >= 3:
        return "B"
    return None


def result_cell(entry: RoundEntry | None) -> str:
    """One round of a player (D_RNDnn): a game is its result, the opponent's pairing number
    and the player's colour (W12B: a win over 12 with black); everything else is a letter
    and 0. X/F: a win/loss by forfeit; B: a full-point bye (an arbiter's or the pairing's);
    H: a half-point bye; U: no game and no point."""
    if entry is None:
        return "U0"
    if entry.opponent is not None and entry.result in ("1", "0", "="):
        letter = {"1": "W", "0": "L", "=": "D"}[entry.result]
        return f"{letter}{entry.opponent}{entry.colour.upper()}"
    # A forfeit, or a game of less than one move (W/D/L: not rated, only its points count).
    return {
        "+": "X0",
        "W": "X0",
        "-": "F0" if entry.opponent is not None else "U0",
        "L": "F0",
        "D": "H0",
        "F": "B0",
        "U": "B0",
        "H": "H0",
    }.get(entry.result, "U0")


def _ascii_upper(text: str) -> str | None:
    folded = ascii_text(text)
    return folded.upper() if folded is not None else None


class UsChessExport(FederationExport):
    code = "us-chess"
    name = gettext_noop("US Chess")
    summary = gettext_noop(
        "The rating report for US Chess: THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF "
        "(format 2C) in one ZIP, for upload on US Chess's rating report page."
    )
    file_names = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")
    event_fields = (
        AFFILIATE_ID,
        CHIEF_TD_ID,
        ASSISTANT_TD_ID,
        OTHER_TD_IDS,
        EVENT_NAME,
        CITY,
        STATE,
        ZIP_CODE,
        COUNTRY,
        SEND_CROSSTABLE,
        SECTION_NAME,
        RATING_SYSTEM,
        TIME_CONTROL,
        CLASSIFICATION,
        FIDE_RATED,
    )
    entry_fields = (MEMBER, PLAYER_STATE, REPORT_NAME, RATING)

    # --- what is missing ---------------------------------------------------------------------

    def checks(self, event: ExportEvent) -> list[Problem]:
        problems = self._event_checks(event)
        ids: Counter[str] = Counter(
            str(event.entry_value(p.start_number, MEMBER)) for p in event.trf.players
        )
        for player in event.trf.players:
            number = player.start_number
            member = event.entry_value(number, MEMBER)
            if not member:
                problems.append(Problem(MEMBER.name, MEMBER.required_problem(), number))
            elif ids[str(member)] > 1:
                problems.append(
                    Problem(
                        MEMBER.name,
                        gettext("US Chess ID %(member)s is given to two players.")
                        % {"member": member},
                        number,
                    )
                )
            if self._player_name(event, player) is None:
                problems.append(
                    Problem(
                        REPORT_NAME.name,
                        gettext(
                            "%(name)s has no spelling in 30 ASCII characters: give the name as "
                            "US Chess lists it."
                        )
                        % {"name": repr(player.name)},
                        number,
                    )
                )
            for round_number, entry in enumerate(player.rounds, start=1):
                if entry.opponent is not None and entry.result == " ":
                    problems.append(
                        Problem(
                            "results",
                            gettext("Round %(round)s has no result yet.") % {"round": round_number},
                            number,
                        )
                    )
        return problems

    def _event_checks(self, event: ExportEvent) -> list[Problem]:
        problems = []
        players = len(event.trf.players)
        if players < 2:
            problems.append(
                Problem("results", gettext("A rated section needs at least two players."))
            )
        if players > MAX_PLAYERS:
            problems.append(
                Problem(
                    "results",
                    gettext("2C holds at most %(count)s players.") % {"count": MAX_PLAYERS},
                )
            )
        rounds = event.trf.rounds_played
        if rounds == 0:
            problems.append(Problem("results", gettext("No round has been played.")))
        if rounds > MAX_ROUNDS:
            problems.append(
                Problem(
                    "results", gettext("2C holds at most %(count)s rounds.") % {"count": MAX_ROUNDS}
                )
            )
        for spec, text in (
            (EVENT_NAME, str(event.value(EVENT_NAME)) or event.name),
            (CITY, str(event.value(CITY))),
            (COUNTRY, str(event.value(COUNTRY))),
            (SECTION_NAME, str(event.value(SECTION_NAME))),
            (TIME_CONTROL, str(event.value(TIME_CONTROL))),
        ):
            folded = ascii_text(text)
            if folded is None or len(folded) > spec.max_length:
                problems.append(
                    Problem(
                        spec.name,
                        gettext(
                            "%(text)s has no spelling in %(count)s ASCII characters: give %(what)s."
                        )
                        % {
                            "text": repr(text),
                            "count": spec.max_length,
                            # What the field is, without its place in the file ("(H_CITY)").
                            "what": gettext(spec.help).split(" (")[0],
                        },
                    )
                )
        if self._time_control(event) is None:
            problems.append(
                Problem(
                    TIME_CONTROL.name,
                    gettext(
                        "The clock's base time is not in whole minutes: give the time control "
                        "as US Chess spells it."
                    ),
                )
            )
        if self._system(event) is None:
            problems.append(
                Problem(
                    RATING_SYSTEM.name,
                    gettext(
                        "US Chess rates no game this short (rule 5C): give the rating system if "
                        "the section is rated all the same."
                    ),
                )
            )
        return problems

    # --- the values written ------------------------------------------------------------------

    def _time_control(self, event: ExportEvent) -> str | None:
        given = ascii_text(str(event.value(TIME_CONTROL)))
        if given:
            return given
        return time_control_text(event.clock_limit_seconds, event.clock_increment_seconds)

    def _system(self, event: ExportEvent) -> str | None:
        given = str(event.value(RATING_SYSTEM))
        if given:
            return SYSTEM_LETTERS[given]
        derived = rating_system(event.clock_limit_seconds, event.clock_increment_seconds)
        return SYSTEM_LETTERS[derived] if derived else None

    def _player_name(self, event: ExportEvent, player: PlayerRecord) -> str | None:
        given = str(event.entry_value(player.start_number, REPORT_NAME))
        name = _ascii_upper(given or player.name)
        if name is None or not name or len(name) > REPORT_NAME.max_length:
            return None
        return name

    def _rating(self, event: ExportEvent, start_number: int, paired: int | None) -> int:
        given = event.entry_value(start_number, RATING)
        if isinstance(given, int):
            return given
        return min(paired or 0, RATING.maximum)

    # --- the files ---------------------------------------------------------------------------

    def write(self, event: ExportEvent) -> list[ExportFile]:
        return [
            ExportFile("THEXPORT.DBF", dbf_bytes(HEADER_FIELDS, [self.header(event)]), DBF_TYPE),
            ExportFile("TSEXPORT.DBF", dbf_bytes(SECTION_FIELDS, [self.section(event)]), DBF_TYPE),
            ExportFile(
                "TDEXPORT.DBF",
                dbf_bytes(self.detail_fields(event), self.details(event)),
                DBF_TYPE,
            ),
        ]

    def header(self, event: ExportEvent) -> dict[str, object]:
        name = ascii_text(str(event.value(EVENT_NAME)) or event.name)
        others = event.value(OTHER_TD_IDS)
        assert isinstance(others, list)
        return {
            "H_FORMAT": FORMAT,
            "H_PROGRAM": PROGRAM,
            "H_EVENT_ID": "",  # US Chess gives the event its number when the report is filed
            "H_NAME": name,
            "H_TOT_SECT": "1",
            "H_BEG_DATE": event.start_date,
            "H_END_DATE": event.end_date,
            "H_AFF_ID": event.value(AFFILIATE_ID),
            "H_CITY": ascii_text(str(event.value(CITY))),
            "H_STATE": event.value(STATE),
            "H_ZIPCODE": event.value(ZIP_CODE),
            "H_COUNTRY": ascii_text(str(event.value(COUNTRY))),
            "H_SENDCROS": event.value(SEND_CROSSTABLE),
            "H_CTD_ID": event.value(CHIEF_TD_ID),
            "H_ATD_ID": event.value(ASSISTANT_TD_ID),
            "H_OTHER_TD": ",".join(str(i) for i in others),
        }

    def section(self, event: ExportEvent) -> dict[str, object]:
        return {
            "S_EVENT_ID": "",
            "S_SEC_NUM": "1",
            "S_SEC_NAME": ascii_text(str(event.value(SECTION_NAME))),
            "S_R_SYSTEM": self._system(event),
            "S_TIMECTL": self._time_control(event),
            "S_CTD_ID": event.value(CHIEF_TD_ID),
            "S_ATD_ID": event.value(ASSISTANT_TD_ID),
            "S_TRN_TYPE": "S",  # Swiss
            "S_TOT_RNDS": str(event.trf.rounds_played),
            "S_LST_PAIR": str(len(event.trf.players)),
            "S_BEG_DATE": event.start_date,
            "S_END_DATE": event.end_date,
            "S_SCH_LVL": event.value(CLASSIFICATION),
            "S_GR_PRIX": "N",  # Grand Prix points are not reported from here
            "S_GP_PTS": "0",
            "S_FIDE": event.value(FIDE_RATED),
        }

    def detail_fields(self, event: ExportEvent) -> tuple[tuple[str, str], ...]:
        rounds = tuple((round_field(n), ROUND_FIELD) for n in range(1, event.trf.rounds_played + 1))
        return DETAIL_FIELDS + rounds

    def details(self, event: ExportEvent) -> list[dict[str, object]]:
        rows = []
        rounds = event.trf.rounds_played
        for player in sorted(event.trf.players, key=lambda p: p.start_number):
            number = player.start_number
            row: dict[str, object] = {
                "D_EVENT_ID": "",
                "D_SEC_NUM": "1",
                "D_PAIR_NUM": str(number),
                "D_MEM_ID": event.entry_value(number, MEMBER),
                "D_NAME": self._player_name(event, player),
                "D_STATE": event.entry_value(number, PLAYER_STATE),
                "D_RATING": str(self._rating(event, number, player.rating)),
            }
            for n in range(1, rounds + 1):
                entry = player.rounds[n - 1] if n <= len(player.rounds) else None
                row[round_field(n)] = result_cell(entry)
            rows.append(row)
        return rows


DBF_TYPE: Final = "application/x-dbf"


def dbf_bytes(fields: tuple[tuple[str, str], ...], rows: list[dict[str, object]]) -> bytes:
    """A dBase III table (no memo file) of `rows`, written by the dbf library. Every value
    is ASCII by then (ascii_text), so the code page says nothing (byte 29 is 0)."""
    spec = "; ".join(f"{name} {kind}" for name, kind in fields)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "TABLE.DBF"
        table = dbf.Table(str(path), spec, dbf_type="db3", codepage="ascii")
        table.open(dbf.READ_WRITE)
        try:
            for row in rows:
                table.append({name: _cell(row[name]) for name, _ in fields})
        finally:
            table.close()
        return path.read_bytes()


def _cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, date):
        return value
    return str(value)
