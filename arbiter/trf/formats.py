"""One `Tournament`, three ways to write it: TRF-2026 (FIDE's rating reports since 1 September
2025), TRF-16 (the 2016 format) and the extended TRF the pairing engines read (TRF-16 with
JaVaFo's XX records).

`to_format(t, fmt)` returns a copy holding the records of that format, built from what the
file says whichever records say it (`arbiter.trf.facts`); `export_trf(t, fmt)` writes it.
`detect_format(t)` tells which of the three a file read is.
"""

from __future__ import annotations

import copy
from decimal import Decimal
from typing import Final, Literal

from arbiter.trf import facts, tags2026
from arbiter.trf.columns import format_decimal
from arbiter.trf.model import Tournament
from arbiter.trf.points import entry_points, player_points
from arbiter.trf.writer import write_trf

TrfFormat = Literal["trf26", "trf16", "trfx"]
FORMATS: Final[tuple[TrfFormat, ...]] = ("trf26", "trf16", "trfx")
DEFAULT_FORMAT: Final[TrfFormat] = "trf26"
# Tournament tags of TRF-16 (012 ... 132); 142 onwards are TRF-2026's.
TRF16_LAST_TAG: Final = "132"


def detect_format(t: Tournament) -> TrfFormat:
    """ "trfx" if it has XX records, else "trf26" if it has any TRF-2026 tag or record."""
    if t.total_rounds is not None or t.initial_colour or t.point_values:
        return "trfx"
    if t.accelerations or t.forbidden_pairs:
        return "trfx"
    newer = any(code > TRF16_LAST_TAG for code in t.header)
    if newer or t.bye_records or t.acceleration_records or t.forbidden_records:
        return "trf26"
    if t.team_records or any(line.startswith("###") for line in t.other_records):
        return "trf26"
    return "trf16"


def with_ranks(t: Tournament) -> None:
    """Fill missing ranks (TRF-2026 makes the rank mandatory): by points, ties sharing."""
    if all(p.rank is not None for p in t.players):
        return
    values = facts.point_values(t) or None
    points = {p.start_number: player_points(p, values) for p in t.players}
    ordered = sorted(points.values(), reverse=True)
    for player in t.players:
        if player.rank is None:
            player.rank = ordered.index(points[player.start_number]) + 1


def _acceleration_records(table: dict[int, list[Decimal]]) -> list[tuple[str, ...]]:
    """250 records for a virtual-points table: one per run of equal values in a round range
    and a range of consecutive start numbers."""
    per_round: dict[tuple[int, Decimal], list[int]] = {}
    for number in sorted(table):
        for index, value in enumerate(table[number]):
            if value:
                per_round.setdefault((index + 1, value), []).append(number)
    records: list[tuple[str, ...]] = []
    for (rnd, value), numbers in sorted(per_round.items()):
        runs: list[list[int]] = []
        for number in numbers:
            if runs and number == runs[-1][-1] + 1:
                runs[-1].append(number)
            else:
                runs.append([number])
        points = format_decimal(value)
        records += [("", points, str(rnd), str(rnd), str(r[0]), str(r[-1])) for r in runs]
    return records


def _points_without_acceleration(t: Tournament) -> None:
    """Points columns that count XXA virtual points (a reader tolerance) lose them, since
    the other formats carry no XXA to explain them."""
    values = facts.point_values(t) or None
    for player in t.players:
        computed = player_points(player, values)
        last = player.rounds[-1] if player.rounds else None
        accepted = {computed}
        if last is not None and last.opponent is None and len(player.rounds) == t.rounds_played:
            accepted.add(computed - entry_points(last, values))
        if player.points not in accepted:
            player.points = computed


def _non_standard_scoring(t: Tournament) -> dict[str, Decimal]:
    scoring = facts.scoring(t)
    standard = {**tags2026.SCORE_DEFAULTS, "P": scoring.get("W", Decimal(1))}
    return scoring if any(standard.get(k, v) != v for k, v in scoring.items()) else {}


def _records_of_trf16(t: Tournament) -> Tournament:
    out = copy.deepcopy(t)
    _points_without_acceleration(out)
    out.header = {code: text for code, text in t.header.items() if code <= TRF16_LAST_TAG}
    out.total_rounds = out.initial_colour = None
    out.point_values, out.accelerations, out.forbidden_pairs = {}, {}, []
    out.bye_records, out.acceleration_records, out.forbidden_records = [], [], []
    out.team_records = []
    out.other_records = [line for line in t.other_records if not line.startswith("###")]
    return out


def _trf16(t: Tournament) -> Tournament:
    out = _records_of_trf16(t)
    scoring = _non_standard_scoring(t)
    if scoring:
        # TRF-16 has no record for it: 162 keeps the points column explained (TRF-16 readers
        # skip records they do not know).
        out.header["162"] = tags2026.scoring_text(scoring)
    return out


def _trf26(t: Tournament) -> Tournament:
    out = _trf16(t)
    out.header = {**t.header, **out.header}
    out.other_records = list(t.other_records)
    rounds, colour = facts.total_rounds(t), facts.initial_colour(t)
    if rounds is not None:
        out.header["142"] = str(rounds)
    if colour is not None:
        out.header["152"] = "W" if colour == "white" else "B"
    out.bye_records = list(t.bye_records)
    out.team_records = list(t.team_records)
    out.acceleration_records = (
        _acceleration_records(facts.acceleration_table(t))
        if t.accelerations
        else list(t.acceleration_records)
    )
    groups = dict.fromkeys(facts.forbidden_groups(t))  # XXP and 260 may say the same
    out.forbidden_records = [
        (str(first), str(last), *map(str, players)) for first, last, players in groups
    ]
    with_ranks(out)
    return out


def _players_only(t: Tournament, table: dict[int, list[Decimal]]) -> dict[int, list[Decimal]]:
    """A 250 record names a range of start numbers: keep those of players in the file."""
    numbers = {p.start_number for p in t.players}
    rounds = facts.total_rounds(t)
    return {n: v[:rounds] if rounds else v for n, v in table.items() if n in numbers}


def _trfx(t: Tournament) -> Tournament:
    out = _records_of_trf16(t)
    rounds, colour = facts.total_rounds(t), facts.initial_colour(t)
    out.total_rounds = rounds
    if colour is not None:
        rank = " rank" if "rank" in (t.initial_colour or "").split() else ""
        out.initial_colour = ("white1" if colour == "white" else "black1") + rank
    out.point_values = facts.point_values(t)
    out.accelerations = _players_only(t, facts.acceleration_table(t))
    # The engines pair the round after the last column: the pairs forbidden in that round.
    out.forbidden_pairs = sorted(facts.forbidden_pairs(t, t.rounds_played + 1))
    return out


def to_format(t: Tournament, fmt: TrfFormat = DEFAULT_FORMAT) -> Tournament:
    """A copy of `t` holding the records of `fmt` (ValueError for an unknown format)."""
    converters = {"trf26": _trf26, "trf16": _trf16, "trfx": _trfx}
    if fmt not in converters:
        raise ValueError(f"unknown TRF format {fmt!r}: one of {', '.join(FORMATS)}")
    return converters[fmt](t)


def export_trf(t: Tournament, fmt: TrfFormat = DEFAULT_FORMAT) -> str:
    """The text of `t` in `fmt` (see `to_format`)."""
    return write_trf(to_format(t, fmt))
