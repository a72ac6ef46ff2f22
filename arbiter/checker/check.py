"""Re-pair each round from the rounds before it; recompute the declared standings."""

from __future__ import annotations

import time
from collections.abc import Mapping

from arbiter.checker.report import CheckTimeLimit, Discrepancy, Report, round_time_limit
from arbiter.checker.team import check_team_event
from arbiter.pairing import Pairing, PairingError, pair_round
from arbiter.pairing.trf_request import request_from_tournament
from arbiter.tiebreaks.cli import regulations_for
from arbiter.tiebreaks.from_trf import declared_order, to_tiebreak_model
from arbiter.tiebreaks.standings import rank
from arbiter.trf import facts
from arbiter.trf.formats import to_format
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import RoundEntry, Tournament

NOT_PAIRED = RoundEntry(None, "-", " ")


def _entry(t: Tournament, number: int, rnd: int) -> RoundEntry:
    rounds = next(p.rounds for p in t.players if p.start_number == number)
    return rounds[rnd - 1] if len(rounds) >= rnd else NOT_PAIRED


def paired_rounds(t: Tournament) -> int:
    """Rounds with a game or a pairing-allocated bye (a last column of byes only is the
    round about to be paired, not one to check)."""
    last = 0
    for p in t.players:
        for index, entry in enumerate(p.rounds):
            if entry.opponent is not None or entry.result == "U":
                last = max(last, index + 1)
    return last


def initial_colour_token(t: Tournament) -> str:
    """152/XXC, else (as TRF-2026 says) the colour of the top-ranked player paired in round 1."""
    said = facts.initial_colour(t)
    if said is not None:
        return "white1" if said == "white" else "black1"
    for p in sorted(t.players, key=lambda p: p.start_number):
        first = p.rounds[0] if p.rounds else NOT_PAIRED
        if first.colour in ("w", "b") and first.opponent is not None:
            return "white1" if first.colour == "w" else "black1"
    return "white1"


def round_input(t: Tournament, rnd: int) -> Tournament:
    """The engines' TRF for pairing round `rnd`: rounds before it, and who was kept out of it."""
    cut = to_format(t, "trfx")
    cut.total_rounds = cut.total_rounds or max(paired_rounds(t), 1)
    cut.initial_colour = initial_colour_token(t)
    cut.forbidden_pairs = sorted(facts.forbidden_pairs(t, rnd))
    for player in cut.players:
        entry = player.rounds[rnd - 1] if len(player.rounds) >= rnd else NOT_PAIRED
        # An unplayed win without an opponent ("0000 - +") is a full-point bye to gacrux; the
        # engines' input writes it F.
        player.rounds = [
            RoundEntry(None, "-", "F") if e.opponent is None and e.result == "+" else e
            for e in player.rounds[: rnd - 1]
        ]
        if entry.opponent is None and entry.result != "U":
            player.rounds.append(RoundEntry(None, "-", "H" if entry.result == "H" else "Z"))
    return cut


def _file_pairs(
    t: Tournament, rnd: int
) -> tuple[dict[frozenset[int], tuple[int, int] | None], int | None]:
    pairs: dict[frozenset[int], tuple[int, int] | None] = {}
    bye = None
    for p in t.players:
        entry = _entry(t, p.start_number, rnd)
        if entry.result == "U" and entry.opponent is None:
            bye = p.start_number
        elif entry.opponent is not None:
            colours = None
            if entry.colour == "w":
                colours = (p.start_number, entry.opponent)
            elif entry.colour == "b":
                colours = (entry.opponent, p.start_number)
            pairs[frozenset((p.start_number, entry.opponent))] = colours
    return pairs, bye


def _partner(pairs: Mapping[frozenset[int], object], number: int) -> str:
    for pair in pairs:
        if number in pair:
            return str(next(iter(pair - {number})))
    return _("nobody")


def compare_round(t: Tournament, rnd: int, ours: Pairing) -> list[Discrepancy]:
    pairs, bye = _file_pairs(t, rnd)
    found: list[Discrepancy] = []
    for board, b in enumerate(ours.boards, start=1):
        key = frozenset((b.white, b.black))
        if key not in pairs:
            found.append(
                Discrepancy(
                    rnd,
                    board,
                    "pairing",
                    _(
                        "the engine pairs %(white)s-%(black)s; the file pairs "
                        "%(white)s with %(white_partner)s and %(black)s with %(black_partner)s"
                    )
                    % {
                        "white": b.white,
                        "black": b.black,
                        "white_partner": _partner(pairs, b.white),
                        "black_partner": _partner(pairs, b.black),
                    },
                )
            )
        elif pairs[key] is not None and pairs[key] != (b.white, b.black):
            white, black = pairs[key]  # type: ignore[misc]
            found.append(
                Discrepancy(
                    rnd,
                    board,
                    "colour",
                    _(
                        "the engine gives white to %(white)s (%(white)s-%(black)s); "
                        "the file to %(file_white)s (%(file_white)s-%(file_black)s)"
                    )
                    % {
                        "white": b.white,
                        "black": b.black,
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
                _("pairing-allocated bye: the engine gives it to %(ours)s, the file to %(file)s")
                % {"ours": ours.bye or _("nobody"), "file": bye or _("nobody")},
            )
        )
    return found


def check_pairings(
    t: Tournament,
    *,
    engine: str | None = None,
    timeout: float | None = None,
    budget: float | None = None,
) -> tuple[int, list[Discrepancy]]:
    """`timeout` bounds each round's engine run; `budget` (seconds) the whole file: a round
    that would start after it, or a round whose engine run the budget cut short, raises
    `CheckTimeLimit` (a server checking uploads must not spend unbounded engine time)."""
    found: list[Discrepancy] = []
    rounds = paired_rounds(t)
    started = time.monotonic()
    for rnd in range(1, rounds + 1):
        limit = round_time_limit(
            timeout=timeout, budget=budget, started=started, rnd=rnd, rounds=rounds
        )
        try:
            request = request_from_tournament(round_input(t, rnd))
            ours = pair_round(request, engine=engine, timeout=limit)
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
        found += compare_round(t, rnd, ours)
    return rounds, found


def check_standings(t: Tournament) -> list[Discrepancy]:
    """Ranks of the file against ours by its declared tie-breaks (nothing if none declared)."""
    order, _left_out = declared_order(t)
    if not order or any(p.rank is None for p in t.players):
        return []
    try:
        rounds, players = to_tiebreak_model(t)
        standings = rank(rounds, players, order, regulations=regulations_for(t))
    except ValueError as error:
        return [Discrepancy(0, 0, "tie-break", str(error))]
    file_rank = {str(p.start_number): p.rank for p in t.players}
    found = []
    for s in standings:
        if file_rank[s.player_id] != s.rank:
            found.append(
                Discrepancy(
                    0,
                    0,
                    "rank",
                    _("player %(player)s: the file ranks %(file_rank)s, %(order)s rank %(rank)s")
                    % {
                        "player": s.player_id,
                        "file_rank": file_rank[s.player_id],
                        "order": ", ".join(order),
                        "rank": s.rank,
                    },
                )
            )
    return found


def check_tournament(
    t: Tournament,
    *,
    engine: str | None = None,
    timeout: float | None = None,
    budget: float | None = None,
) -> Report:
    order, left_out = declared_order(t)
    warnings = [str(w) for w in t.warnings] + left_out
    if facts.is_team_event(t):
        # A team event (310 records): its matches re-paired with gacrux's fideteam (C.04.6),
        # its 310 points checked against its results (arbiter.checker.team).
        rounds, found = check_team_event(t, timeout=timeout, budget=budget)
    else:
        rounds, found = check_pairings(t, engine=engine, timeout=timeout, budget=budget)
    return Report(rounds, order, found + check_standings(t), warnings)
