"""An event's public pages, rendered once per read version and served from the cache
(`arbiter.common.page_cache`, docs/live.md "Reads"): the event, its standings pages, its
rounds and its team standings, as the REST views answer them. The lichess dialect's event and
results pages use the same versions (`arbiter.lichess.swiss`).

What depends on the viewer is not in these pages: while an event hides its standings, its
standings pages are `page_private` (no content) and each reader is answered from their own
view."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound
from rest_framework.utils.urls import remove_query_param, replace_query_param

from arbiter.common import page_cache
from arbiter.common.page_cache import Page
from arbiter.tournaments.live import payloads
from arbiter.tournaments.models import SwissTournament
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.serializers import RoundOutputSerializer

SCOPE = "swiss"
json_page = page_cache.json_page


def version_load(tournament_id: int) -> Callable[[], int | None]:
    return lambda: selectors.tournament_version(tournament_id=tournament_id)


def cached(
    *, tournament_id: int, variant: str, render: Callable[[SwissTournament, int], Page]
) -> Page:
    """The page `variant` of the event at its current version; NotFound if no such event."""

    def rendered(version: int) -> Page:
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        if tournament is None:
            raise NotFound(_("No such tournament."))
        # The rows may be a little newer than the key's version: a reader of that version
        # then sees a little more, never less.
        return render(tournament, version)

    page = page_cache.versioned_page(
        scope=SCOPE,
        object_id=tournament_id,
        variant=variant,
        version_load=version_load(tournament_id),
        render=rendered,
    )
    if page is None:
        raise NotFound(_("No such tournament."))
    return page


def detail_page(*, tournament_id: int) -> Page:
    return cached(
        tournament_id=tournament_id,
        variant="detail",
        render=lambda t, v: json_page(payloads.tournament_payload(t), version=v),
    )


def round_page(*, tournament_id: int, number: int) -> Page:
    def render(tournament: SwissTournament, version: int) -> Page:
        data = payloads.round_payload(tournament=tournament, number=number)
        if data is None:
            raise NotFound(_("Round %(number)s has not been paired.") % {"number": number})
        return json_page(data, version=version)

    return cached(tournament_id=tournament_id, variant=f"round:{number}", render=render)


def round_list_page(*, tournament_id: int) -> Page:
    def render(tournament: SwissTournament, version: int) -> Page:
        rows = selectors.round_list(tournament=tournament)
        return json_page(RoundOutputSerializer(rows, many=True).data, version=version)

    return cached(tournament_id=tournament_id, variant="rounds", render=render)


def team_standings_page(*, tournament_id: int) -> Page:
    def render(tournament: SwissTournament, version: int) -> Page:
        if selectors.standings_hidden(tournament=tournament):
            return page_cache.page_private(version=version)
        return json_page(payloads.team_standings_payload(tournament=tournament), version=version)

    return cached(tournament_id=tournament_id, variant="team-standings", render=render)


def standings_page(*, tournament_id: int, page: str, size: int, size_asked: bool, url: str) -> Page:
    """One page of the standings as DRF's page-number pagination shapes it (`count`, `next`,
    `previous`, `results`); `url` is the list's absolute URL, whose links the page holds (with
    `page_size` when the client asked for a size)."""
    if size_asked:
        url = replace_query_param(url, "page_size", size)

    def render(tournament: SwissTournament, version: int) -> Page:
        if selectors.standings_hidden(tournament=tournament):
            return page_cache.page_private(version=version)
        rows = selectors.standings_queryset(tournament=tournament)
        count = rows.count()
        last = max(1, -(-count // size))
        number = last if page == "last" else _page_number(page)
        if number is None or number > last:
            raise NotFound(_("Invalid page."))
        participants = list(rows[(number - 1) * size : number * size])
        body = {
            "count": count,
            "next": _link(url, number + 1) if number < last else None,
            "previous": _link(url, number - 1) if number > 1 else None,
            "results": payloads.standings_rows(tournament=tournament, participants=participants),
        }
        return json_page(body, version=version)

    return cached(
        tournament_id=tournament_id, variant=f"standings:{url}:{page}:{size}", render=render
    )


def _page_number(page: str) -> int | None:
    try:
        number = int(page)
    except ValueError:
        return None
    return number if number >= 1 else None


def _link(url: str, number: int) -> str:
    """A page's link as DRF writes it: no `page` for the first page."""
    if number == 1:
        return remove_query_param(url, "page")
    return replace_query_param(url, "page", number)
