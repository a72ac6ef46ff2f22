"""Abnormal assignment points: 299 (TRF-2026), points given outside the round results."""

from __future__ import annotations

from arbiter.trf.columns import parse_decimal
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.read.fields import fixed_fields, number_field
from arbiter.trf.read.state import PlayerRef, ReadState


def read_abnormal_points(state: ReadState, lineno: int, raw: str) -> None:
    """299 (TRF-2026 abnormal assignment points): type 5, match points 8-11, game points
    (an individual's points) 14-17, round 20-22, players 24-27, 29-32, ...

    A 299 line that does not fit these columns is kept verbatim with a warning."""
    line = raw.rstrip()
    try:
        cells = fixed_fields(
            lineno,
            line,
            "299",
            [(4, 1, "type"), (7, 4, "match points"), (13, 4, "game points"), (19, 3, "round")],
            (23, 4, "player"),
        )
        for (column, text), what in zip(
            cells[1:3], (_("match points"), _("game points")), strict=True
        ):
            if text.strip() and parse_decimal(text.strip()) is None:
                raise TrfError(
                    lineno,
                    column,
                    _("299 %(what)s %(text)s is not a number")
                    % {"what": what, "text": repr(text.strip())},
                )
        if cells[3][1].strip():
            number_field(lineno, cells[3][0], cells[3][1], _("299 round"), minimum=0)
        players = []
        for column, text in cells[4:]:
            if text.strip():
                number = number_field(lineno, column, text, _("299 player"), minimum=0)
                players.append((number, column))
    except TrfError as error:
        state.warn(
            error.line,
            error.column,
            _("%(message)s; the 299 record is not applied") % {"message": error.message},
        )
        state.t.other_records.append(raw)
        state.unapplied_299 = True
        return
    state.player_refs.extend(
        PlayerRef(number, lineno, column, "299") for number, column in players if number
    )
    fields = [text.strip() for _, text in cells]
    while len(fields) > 4 and not fields[-1]:
        fields.pop()
    if fields[0]:
        state.warn(
            lineno,
            5,
            _(
                "299 type %(type)s (an abnormal result) is kept but not "
                "applied to the points; the points column is taken as written"
            )
            % {"type": repr(fields[0])},
        )
    state.t.abnormal_records.append(tuple(fields))
