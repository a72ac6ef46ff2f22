"""The checker for a team Swiss file (310 records, FIDE C.04.6): each round re-paired with
gacrux's `fideteam` from the rounds before it (`arbiter.pairing.team.pair_team_round`) and
compared with the file's matches and colours; the 310 match and game points compared with
what the file's results give (`arbiter.trf.team_trf.team_totals`)."""

from __future__ import annotations

import dataclasses
import time
from decimal import Decimal

from arbiter.checker.report import CheckTimeLimit, Discrepancy, round_time_limit
from arbiter.pairing.errors import PairingError
from arbiter.pairing.team import TeamPairing, pair_team_round
from arbiter.trf.columns import parse_decimal
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import Tournament
from arbiter.trf.team_event import TeamEvent
from arbiter.trf.team_trf import team_event_from_trf, team_totals


def check_team_event(
    t: Tournament, *, timeout: float | None = None, budget: float | None = None
) -> tuple[int, list[Discrepancy]]:
    """(rounds re-paired, discrepancies). ValueError for a file whose team records cannot be
    read as an event (the CLI's exit 2)."""
    event = team_event_from_trf(t)
    rounds = max((m.round for m in event.matches), default=0)
    found: list[Discrepancy] = []
    started = time.monotonic()
    for rnd in range(1, rounds + 1):
        limit = round_time_limit(
            timeout=timeout, budget=budget, started=started, rnd=rnd, rounds=rounds
        )
        before, absent = round_input(event, rnd)
        try:
            ours = pair_team_round(before, rnd, absent=absent, timeout=limit)
        except PairingError as error:
            if budget is not None and time.monotonic() - started >= budget:
                raise CheckTimeLimit(rnd - 1, rounds, budget) from None
            found.append(
                Discrepancy(
                    rnd,
                    0,
                    "engine",
                    _("the engine could not pair it: %(error)s") % {"error": error},
                )
            )
            continue
        found += compare_team_round(event, rnd, ours)
    return rounds, found + check_team_points(t, event)


def round_input(event: TeamEvent, rnd: int) -> tuple[TeamEvent, frozenset[int]]:
    """The event as it stood before round `rnd` was paired (its requested byes of round `rnd`
    kept), and the teams the file leaves out of round `rnd` without a bye (absent)."""
    before = dataclasses.replace(
        event,
        matches=tuple(m for m in event.matches if m.round < rnd),
        byes=tuple(b for b in event.byes if b.round <= rnd),
    )
    in_round = {b.tpn for b in event.byes if b.round == rnd}
    for match in event.matches:
        if match.round == rnd:
            in_round.add(match.white)
            if match.black is not None:
                in_round.add(match.black)
    absent = frozenset(team.tpn for team in event.teams) - in_round
    return before, absent


def compare_team_round(event: TeamEvent, rnd: int, ours: TeamPairing) -> list[Discrepancy]:
    """The engine's matches against the file's: `pairing` (board 1 is the first match of the
    engine's table), `colour` (the other team has White on board 1), `bye`."""
    pairs: dict[frozenset[int], tuple[int, int]] = {}
    bye = None
    for match in event.matches:
        if match.round != rnd:
            continue
        if match.black is None:
            bye = match.white
        else:
            pairs[frozenset((match.white, match.black))] = (match.white, match.black)
    found = []
    for table, pair in enumerate(ours.matches, start=1):
        key = frozenset((pair.white, pair.black))
        if key not in pairs:
            found.append(
                Discrepancy(
                    rnd,
                    table,
                    "pairing",
                    _(
                        "the engine pairs teams %(white)s-%(black)s; the file pairs "
                        "%(white)s with %(white_partner)s and %(black)s with %(black_partner)s"
                    )
                    % {
                        "white": pair.white,
                        "black": pair.black,
                        "white_partner": _partner(pairs, pair.white),
                        "black_partner": _partner(pairs, pair.black),
                    },
                )
            )
        elif pairs[key] != (pair.white, pair.black):
            white, black = pairs[key]
            found.append(
                Discrepancy(
                    rnd,
                    table,
                    "colour",
                    _(
                        "the engine gives White on board 1 to team %(white)s "
                        "(%(white)s-%(black)s); the file to team %(file_white)s "
                        "(%(file_white)s-%(file_black)s)"
                    )
                    % {
                        "white": pair.white,
                        "black": pair.black,
                        "file_white": white,
                        "file_black": black,
                    },
                )
            )
    if ours.bye != bye:
        found.append(
            Discrepancy(
                rnd,
                0,
                "bye",
                _(
                    "pairing-allocated bye: the engine gives it to team %(ours)s, "
                    "the file to team %(file)s"
                )
                % {"ours": ours.bye or _("nobody"), "file": bye or _("nobody")},
            )
        )
    return found


def _partner(pairs: dict[frozenset[int], tuple[int, int]], tpn: int) -> str:
    for key in pairs:
        if tpn in key:
            return str(next(iter(key - {tpn})))
    return _("nobody")


def check_team_points(t: Tournament, event: TeamEvent) -> list[Discrepancy]:
    """Each 310 record's match and game points against what the file's results give."""
    # The rounds with an entry (gacrux's rule: a bye announced in a 240 record for a round
    # nobody has an entry in yet does not count).
    entered = {
        index + 1
        for player in t.players
        for index, entry in enumerate(player.rounds)
        if entry.opponent is not None or entry.result != " "
    }
    last = max(entered | {m.round for m in event.matches}, default=0)
    totals = team_totals(event, last)
    found = []
    for record in t.team_records:
        tpn = int(record[0])
        if tpn not in totals:
            continue
        match_points = _(
            "team %(team)s: the 310 record gives %(written)s match points, the results %(computed)s"
        )
        game_points = _(
            "team %(team)s: the 310 record gives %(written)s game points, the results %(computed)s"
        )
        for index, message, computed in (
            (4, match_points, totals[tpn][0]),
            (5, game_points, totals[tpn][1]),
        ):
            written = parse_decimal(record[index]) if record[index] else None
            if written is not None and Decimal(written) != computed:
                found.append(
                    Discrepancy(
                        0,
                        0,
                        "points",
                        message % {"team": tpn, "written": written, "computed": computed},
                    )
                )
    return found
