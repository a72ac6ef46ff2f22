"""TRF-2026's records of what the pairings must respect, each field at fixed columns: 240
byes, 250 accelerations, 260 forbidden pairs (the fields are listed in docs/trf.md)."""

from __future__ import annotations

from typing import Final

from arbiter.trf.columns import parse_decimal
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.read.fields import fixed_fields, line_of_length, number_field
from arbiter.trf.read.state import ByeRef, PlayerRef, ReadState

BYE_TYPES: Final = frozenset("FHZ")


def read_byes(state: ReadState, lineno: int, raw: str) -> None:
    """240: a bye type, a round and the players who have that bye."""
    line = line_of_length(lineno, raw, 14, _("240 line too short: needs type, round and a player"))
    cells = fixed_fields(lineno, line, "240", [(4, 1, "type"), (6, 3, "round")], (10, 4, "player"))
    (type_col, bye_type), (round_col, round_text), *players = cells
    if bye_type.upper() not in BYE_TYPES:
        raise TrfError(
            lineno,
            type_col,
            _("240 bye type %(bye_type)s is not F, H or Z") % {"bye_type": repr(bye_type)},
        )
    round_no = number_field(lineno, round_col, round_text, _("240 round"))
    for column, text in players:
        number = number_field(lineno, column, text, _("240 player"))
        state.player_refs.append(PlayerRef(number, lineno, column, "240"))
        state.bye_refs.append(ByeRef(number, round_no, bye_type.upper(), lineno, column))
    state.t.bye_records.append(tuple(text.strip() for _, text in cells))


def read_accelerations(state: ReadState, lineno: int, raw: str) -> None:
    """250: match and game points added for a range of rounds to a range of players."""
    line = line_of_length(
        lineno, raw, 31, _("250 line too short: needs points, rounds and players")
    )
    cells = fixed_fields(
        lineno,
        line,
        "250",
        [
            (4, 4, "match"),
            (9, 4, "game"),
            (14, 3, "r1"),
            (18, 3, "r2"),
            (22, 4, "p1"),
            (27, 4, "p2"),
        ],
    )
    (mp_col, mp), (gp_col, gp), (r1_col, r1), (r2_col, r2), (p1_col, p1), (p2_col, p2) = cells
    if mp.strip() and parse_decimal(mp.strip()) is None:
        raise TrfError(
            lineno, mp_col, _("250 match points %(mp)s is not a number") % {"mp": repr(mp.strip())}
        )
    game_points = parse_decimal(gp.strip())
    if not gp.strip() and mp.strip():
        state.warn(
            lineno,
            gp_col,
            _("250 gives match points only (a team event's acceleration); kept, not applied"),
        )
    elif game_points is None or game_points == 0:
        raise TrfError(
            lineno,
            gp_col,
            _("250 game points %(gp)s must be a non-zero number") % {"gp": repr(gp.strip())},
        )
    first_round = number_field(lineno, r1_col, r1, _("250 first round"))
    last_round = number_field(lineno, r2_col, r2, _("250 last round"))
    if last_round < first_round:
        raise TrfError(lineno, r2_col, _("250 last round is before the first round"))
    first = number_field(lineno, p1_col, p1, _("250 first player"))
    last = number_field(lineno, p2_col, p2, _("250 last player"))
    if last < first:
        raise TrfError(lineno, p2_col, _("250 last player is before the first player"))
    state.t.acceleration_records.append(tuple(text.strip() for _, text in cells))


def read_forbidden(state: ReadState, lineno: int, raw: str) -> None:
    """260: players who must not meet from a first to a last round."""
    line = line_of_length(
        lineno, raw, 21, _("260 line too short: needs two rounds and two players")
    )
    cells = fixed_fields(lineno, line, "260", [(4, 3, "r1"), (8, 3, "r2")], (12, 4, "player"))
    (r1_col, r1), (r2_col, r2), *players = cells
    first_round = number_field(lineno, r1_col, r1, _("260 first round"))
    last_round = number_field(lineno, r2_col, r2, _("260 last round"))
    if last_round < first_round:
        raise TrfError(lineno, r2_col, _("260 last round is before the first round"))
    for column, text in players:
        number = number_field(lineno, column, text, _("260 player"))
        state.player_refs.append(PlayerRef(number, lineno, column, "260"))
    state.t.forbidden_records.append(tuple(text.strip() for _, text in cells))
