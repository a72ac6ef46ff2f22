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
from arbiter.trf.i18n import gettext as _
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


def is_team_event(t: Tournament) -> bool:
    """A team event (310 records): its 240, 250 and 260 records name teams, not players."""
    return bool(t.team_records)


def acceleration_table(t: Tournament) -> dict[int, list[Decimal]]:
    """Start number -> virtual points per round (round 1 first): 250 records, XXA on top.

    A team event's 250 records accelerate teams: they are not read here."""
    table: dict[int, list[Decimal]] = {}
    for fields in [] if is_team_event(t) else t.acceleration_records:
        if not fields[1] and fields[0]:
            continue  # a team's match-point acceleration (the reader warned)
        try:
            points = Decimal(fields[1])
            first_round, last_round = int(fields[2]), int(fields[3])
            first, last = int(fields[4]), int(fields[5])
        except (ArithmeticError, ValueError, IndexError):
            raise TrfError(
                0, 1, _("250 record %(record)s is not readable") % {"record": fields}
            ) from None
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
    for fields in [] if is_team_event(t) else t.forbidden_records:
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


STANDING_ONLY_ROUND = 999


def bonus_points(t: Tournament, *, up_to_round: int | None = None) -> dict[int, Decimal]:
    """Start number -> bonus (or, negative, penalty) points of the 299 records without a type.

    TRF-2026 299 with a blank type gives the players named in columns 24-27, 29-32, ... the
    points of columns 14-17 (an individual's points; 8-11 are a team's match points) in the
    round of columns 20-22. All of them count in the player's points (PTS). With
    `up_to_round`, only those the tie-breaks see: rounds 0 (any) to `up_to_round`, never round
    999 (a standing-only adjustment), as FIDE's checker gacrux reads the record.
    """
    out: dict[int, Decimal] = {}
    for record in t.abnormal_records:
        padded = (*record, "", "", "", "")
        kind, game, rnd = padded[0], padded[2], padded[3]
        players = record[4:]
        if kind or not game or not players:
            continue
        round_no = int(rnd) if rnd else 0
        if up_to_round is not None and (round_no >= STANDING_ONLY_ROUND or round_no > up_to_round):
            continue
        for player in players:
            if player and int(player):
                out[int(player)] = out.get(int(player), Decimal(0)) + Decimal(game)
    return out
