"""C.07 article 16: unplayed rounds in Swiss events (and the plain 15.2 rules in round robins).

16.3 "adjusted score": a participant seen as somebody's opponent counts a requested bye as a
draw when no round he elected to play follows it (category 16.2.5); everything else counts
what was awarded. 16.4 "dummy opponent": each own unplayed round contributes the participant's
own final score, capped in the 2026 rules by the forfeiting opponent's adjusted score (16.4.1)
or by half the number of rounds (16.4.2).
"""

from __future__ import annotations

from arbiter.tiebreaks.scores import DRAW, OTB, REQUESTED_BYES, VUR_KINDS, Event

# One round's opponent for BH/FB/SB: (his score, own result, VUR flag), in half-points.
# A plain tuple: millions are built per standings and a NamedTuple costs twice as much.
Contribution = tuple[int, int, bool]


def adjusted_scores(event: Event) -> list[int]:
    """Each participant's score as an opponent, in half-points (16.3 in Swiss)."""
    cached = event.cache.get("adjusted")
    if cached is None:
        cached = _adjusted(event)
        event.cache["adjusted"] = cached
    return cached  # type: ignore[return-value]


def _adjusted(event: Event) -> list[int]:
    if not event.swiss:
        return list(event.total)
    result = []
    for kinds, points in zip(event.kind, event.pts, strict=True):
        last_elected = -1
        for r, k in enumerate(kinds):
            if k not in VUR_KINDS:
                last_elected = r
        result.append(
            sum(
                DRAW if (r > last_elected and k in REQUESTED_BYES) else points[r]
                for r, k in enumerate(kinds)
            )
        )
    return result


def fore_scores(event: Event) -> tuple[list[int], list[int]]:
    """Own and adjusted scores for Fore Buchholz: every game paired in the last round is drawn.

    A participant paired in the last round (played or forfeited) then has no terminal
    unplayed rounds, so none of his byes become draws; byes in the last round stay as they are.
    """
    cached = event.cache.get("fore")
    if cached is None:
        last = event.rounds - 1
        adjusted = adjusted_scores(event)
        own, as_opponent = list(event.total), list(adjusted)
        if last >= 0:
            for p in range(len(event.ids)):
                if event.opp[p][last] >= 0:
                    own[p] = event.total[p] - event.pts[p][last] + DRAW
                    as_opponent[p] = own[p]
        cached = (own, as_opponent)
        event.cache["fore"] = cached
    return cached  # type: ignore[return-value]


def contributions(event: Event, *, fore: bool = False) -> list[list[Contribution]]:
    """Per player, the opponents (real or dummy) that BH, FB and SB sum over."""
    key = "contributions-fore" if fore else "contributions"
    cached = event.cache.get(key)
    if cached is None:
        cached = _contributions(event, fore)
        event.cache[key] = cached
    return cached  # type: ignore[return-value]


def _contributions(event: Event, fore: bool) -> list[list[Contribution]]:
    if fore:
        own, as_opponent = fore_scores(event)
    else:
        own, as_opponent = event.total, adjusted_scores(event)
    last = event.rounds - 1
    cap = event.rounds  # half the number of rounds, in half-points (16.4.2)
    rules_2026, swiss = event.rules_2026, event.swiss
    result: list[list[Contribution]] = []
    for p in range(len(event.ids)):
        kinds, opps, points = event.kind[p], event.opp[p], event.pts[p]
        row: list[Contribution] = []
        for r in range(event.rounds):
            o = opps[r]
            if not swiss:
                # 15.2: forfeits count like games; a round without opponent has no value.
                if o >= 0:
                    row.append((as_opponent[o], points[r], False))
            elif kinds[r] == OTB or (fore and r == last and o >= 0):
                row.append((as_opponent[o], points[r], False))
            else:
                dummy = own[p]
                if rules_2026:
                    dummy = min(dummy, as_opponent[o] if o >= 0 else cap)
                row.append((dummy, points[r], kinds[r] in VUR_KINDS))
        result.append(row)
    return result
