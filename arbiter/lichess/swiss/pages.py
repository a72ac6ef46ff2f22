"""The lichess dialect's public event pages, from the event's per-version cache
(`arbiter.tournaments.live.pages`): `GET /api/swiss/{id}` and `/results` read by anyone not
signed in. A signed-in reader's event carries verdicts of its own (can they join?), and a
hidden event's results are each reader's own: both are answered apart."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from django.utils import timezone
from django.utils.translation import get_language
from rest_framework.exceptions import NotFound

from arbiter.common import page_cache
from arbiter.common.page_cache import Page
from arbiter.lichess.http import NDJSON, LichessError, ndjson_line
from arbiter.lichess.swiss.lookups import NOT_FOUND, hidden
from arbiter.lichess.swiss.shapes import (
    result_row,
    swiss_json,
    swiss_json_timed,
    swiss_json_timed_until,
    swiss_over,
)
from arbiter.tournaments.live.pages import cached
from arbiter.tournaments.models import SwissTournament
from arbiter.tournaments.read import selectors
from arbiter.tournaments.services.standings import tiebreak_values

TIMED = ("nextRound", "isRecentlyFinished")
# lichess's results show Sonneborn-Berger as the tie-break, and the performance.
RESULT_TIEBREAKS = ("SB", "TPR")


def _lichess_page(
    tournament_id: int, variant: str, render: Callable[[SwissTournament, int], Page]
) -> Page:
    try:
        return cached(tournament_id=tournament_id, variant=variant, render=render)
    except NotFound:
        raise LichessError(NOT_FOUND, 404) from None


def _visible(tournament: SwissTournament) -> SwissTournament:
    if hidden(tournament):
        raise LichessError(NOT_FOUND, 404)
    return tournament


def swiss_page(*, tournament_id: int) -> Page:
    """`GET /api/swiss/{id}` for a reader not signed in, its countdown as of now: the same bytes
    for every reader until the countdown's second runs out (lila caches the document 1 s), so
    the page shortcut answers it until then, or until the event's version moves."""

    def render(tournament: SwissTournament, version: int) -> Page:
        data = swiss_json(_visible(tournament), user=None)
        for key in TIMED:
            data.pop(key, None)
        timing = (tournament.next_round_at, tournament.finished_at, swiss_over(tournament))
        return page_cache.page_data((data, timing), version=version)

    # The conditions and their verdicts are worded in the reader's language: a page per language.
    page = _lichess_page(tournament_id, f"lichess:swiss:{get_language()}", render)
    data, (next_round_at, finished_at, over) = page.data
    clock = {"next_round_at": next_round_at, "finished_at": finished_at, "over": over}
    now = timezone.now()
    timed = swiss_json_timed(**clock, now=now)
    until = swiss_json_timed_until(**clock, now=now)
    finished = page_cache.json_page({**data, **timed}, version=page.version)
    return replace(finished, origin=page.origin, valid_until=until.timestamp() if until else None)


def results_page(*, tournament_id: int, nb: int | None) -> Page:
    """`GET /api/swiss/{id}/results?nb=` for every reader, unless the standings are hidden
    (then `page_private`)."""

    def render(tournament: SwissTournament, version: int) -> Page:
        if selectors.standings_hidden(tournament=_visible(tournament)):
            return page_cache.page_private(version=version)
        entries = list(selectors.standings_queryset(tournament=tournament))
        if nb is not None:
            entries = entries[:nb]
        values = tiebreak_values(tournament=tournament, codes=RESULT_TIEBREAKS)
        body = "".join(
            ndjson_line(result_row(position, entry, values.get(entry.id, {})))
            for position, entry in enumerate(entries, start=1)
        )
        return page_cache.page_of(body=body.encode(), version=version, content_type=NDJSON)

    return _lichess_page(tournament_id, f"lichess:results:{nb}", render)
