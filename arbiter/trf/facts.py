"""What a TRF file says about the event, whichever records say it.

The same fact can come from a TRF-2026 tag or record or from a pairing-engine (XX) record:
rounds (142 / XXR), initial colour (152 / XXC), point system (162 / XXS), accelerations
(250 / XXA), forbidden pairs (260 / XXP). The extension record wins where both are given
(an engine's input is what it was paired from). Exports in every format start from here.
"""

from __future__ import annotations

from decimal import Decimal

from arbiter.trf import tags2026
from arbiter.trf.errors import TrfError
from arbiter.trf.model import Tournament


def _tag(t: Tournament, code: str) -> str | None:
    value = t.header.get(code)
    return None if value is None or not value.strip() else f"{code} {value}"


def total_rounds(t: Tournament) -> int | None:
    if t.total_rounds is not None:
        return t.total_rounds
    raw = _tag(t, "142")
    return tags2026.read_rounds(0, raw) if raw else None


def initial_colour(t: Tournament) -> str | None:
    """ "white" or "black" (XXC white1/black1, else 152 W/B), or None when not said."""
    tokens = (t.initial_colour or "").split()
    if "white1" in tokens:
        return "white"
    if "black1" in tokens:
        return "black"
    raw = _tag(t, "152")
    return tags2026.read_colour(0, raw) if raw else None


def scoring(t: Tournament) -> dict[str, Decimal]:
    """The point system (symbol -> points) of XXS, else of 162. ValueError if XXS prices
    something 162 cannot say (see `tags2026.scoring_from_xxs`)."""
    if t.point_values:
        return tags2026.scoring_from_xxs(t.point_values)
    raw = _tag(t, "162")
    return tags2026.read_scoring(0, raw) if raw else {}


def point_values(t: Tournament) -> dict[str, Decimal]:
    """XXS-style point values (arbiter.trf.points), from XXS or else from 162."""
    if t.point_values:
        return dict(t.point_values)
    raw = _tag(t, "162")
    return tags2026.xxs_values(tags2026.read_scoring(0, raw)) if raw else {}


def tiebreaks(t: Tournament) -> list[str]:
    """The declared tie-breaks: 202, else 212 without its PTS."""
    for code in ("202", "212"):
        raw = _tag(t, code)
        if raw:
            return [c for c in tags2026.read_tiebreaks(0, raw) if c.upper() != "PTS"]
    return []


def acceleration_table(t: Tournament) -> dict[int, list[Decimal]]:
    """Start number -> virtual points per round (round 1 first): 250 records, XXA on top."""
    table: dict[int, list[Decimal]] = {}
    for fields in t.acceleration_records:
        try:
            points = Decimal(fields[1])
            first_round, last_round = int(fields[2]), int(fields[3])
            first, last = int(fields[4]), int(fields[5])
        except (ArithmeticError, ValueError, IndexError):
            raise TrfError(0, 1, f"250 record {fields} is not readable") from None
        for number in range(first, last + 1):
            values = table.setdefault(number, [])
            values.extend([Decimal(0)] * (last_round - len(values)))
            for rnd in range(first_round, last_round + 1):
                values[rnd - 1] = points
    table.update({n: list(v) for n, v in t.accelerations.items()})
    return table


def forbidden_pairs(t: Tournament, rnd: int) -> set[tuple[int, int]]:
    """Pairs (lower start number first) that may not meet in round `rnd`: XXP and 260."""
    pairs = {(min(a, b), max(a, b)) for a, b in t.forbidden_pairs}
    for fields in t.forbidden_records:
        first, last = int(fields[0]), int(fields[1])
        if first <= rnd <= last:
            members = sorted(int(f) for f in fields[2:])
            pairs |= {(a, b) for i, a in enumerate(members) for b in members[i + 1 :]}
    return pairs


def forbidden_groups(t: Tournament) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every forbidden group as (first round, last round, players); XXP pairs for all rounds."""
    rounds = total_rounds(t) or max(t.rounds_played, 1)
    groups: list[tuple[int, int, tuple[int, ...]]] = [
        (1, rounds, (a, b)) for a, b in t.forbidden_pairs
    ]
    groups += [(int(f[0]), int(f[1]), tuple(int(p) for p in f[2:])) for f in t.forbidden_records]
    return groups
