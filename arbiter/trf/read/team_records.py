"""Team records: 310 (TRF-2026), a team's fields and its players' start numbers."""

from __future__ import annotations

from arbiter.trf.columns import parse_decimal
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.read.fields import fixed_fields, line_of_length, number_field
from arbiter.trf.read.state import PlayerRef, ReadState


def read_team(state: ReadState, lineno: int, raw: str) -> None:
    """310 (TRF-2026 team): number 5-7, name 9-40, nickname 42-46, strength 48-53,
    match points 55-60, game points 62-67, rank 69-71, players 74-77, 79-82, ..."""
    line = line_of_length(lineno, raw, 7, _("310 line too short: needs a team number"))
    cells = fixed_fields(
        lineno,
        line,
        "310",
        [(4, 3, "team"), (8, 32, "name"), (41, 5, "nickname"), (47, 6, "strength"),
         (54, 6, "match points"), (61, 6, "game points"), (68, 3, "rank")],
        (73, 4, "player"),
    )  # fmt: skip
    number_field(lineno, cells[0][0], cells[0][1], _("310 team number"))
    for (column, text), what in zip(
        cells[3:7], (_("strength"), _("match points"), _("game points"), _("rank")), strict=True
    ):
        if text.strip() and parse_decimal(text.strip()) is None:
            raise TrfError(
                lineno,
                column,
                _("310 %(what)s %(text)s is not a number")
                % {"what": what, "text": repr(text.strip())},
            )
    for column, text in cells[7:]:
        if text.strip():
            number = number_field(lineno, column, text, _("310 player"))
            state.player_refs.append(PlayerRef(number, lineno, column, "310"))
    fields = [text.strip() for _, text in cells]
    while len(fields) > 7 and not fields[-1]:
        fields.pop()
    state.t.team_records.append(tuple(fields))
