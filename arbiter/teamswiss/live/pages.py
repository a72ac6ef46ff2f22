"""A team event's public pages, rendered once per read version and served from the cache
(`arbiter.common.page_cache`, docs/live.md "Reads"), as individual events' are
(`arbiter.tournaments.live.pages`): the event, its standings, crosstable, board scores and
rounds. The event page's two viewer fields (leader? captain of?) are set per request from
facts the page keeps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbiter.common import page_cache
from arbiter.common.exceptions import NotFound
from arbiter.common.page_cache import Page
from arbiter.teams.read import AnyUser, team_id_is_leader
from arbiter.teamswiss.live import payloads
from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.read import selectors

SCOPE = "teamswiss"


def event_page(*, event_id: int, variant: str, render: Callable[[TeamSwissEvent], Any]) -> Page:
    """`render(event)`'s JSON at the event's current version; NotFound if no such event."""

    def rendered(version: int) -> Page:
        event = selectors.event_get(event_id=event_id)
        if event is None:
            raise NotFound(_("No such team event."))
        return page_cache.json_page(render(event), version=version)

    page = page_cache.versioned_page(
        scope=SCOPE,
        object_id=event_id,
        variant=variant,
        version_load=lambda: selectors.event_version(event_id=event_id),
        render=rendered,
    )
    if page is None:
        raise NotFound(_("No such team event."))
    return page


def detail_page(*, event_id: int, user: AnyUser) -> Page:
    """The event as `user` reads it: the cached page for a visitor (shared by visitors only),
    with the viewer's two fields set for anyone signed in (one query: are they a leader of
    the host team?)."""

    def rendered(version: int) -> Page:
        event = selectors.event_get(event_id=event_id)
        if event is None:
            raise NotFound(_("No such team event."))
        data = payloads.event_detail_payload(event, user=AnonymousUser())
        captains = {t.tpn: t.captain_id for t in selectors.team_list(event=event)}
        facts = (event.host_id, captains)
        # A visitor's bytes, and the data a signed-in viewer's two fields are set on per request.
        return page_cache.page_for_visitors(data, data=(data, facts), version=version)

    # The entry rules are worded in the reader's language: a page per language.
    page = page_cache.versioned_page(
        scope=SCOPE,
        object_id=event_id,
        variant=f"detail:{get_language()}",
        version_load=lambda: selectors.event_version(event_id=event_id),
        render=rendered,
    )
    if page is None:
        raise NotFound(_("No such team event."))
    if not user.is_authenticated:
        return page
    data, (host_id, captains) = page.data
    data = {
        **data,
        "viewer_is_leader": team_id_is_leader(team_id=host_id, user=user),
        "viewer_captain_of": next(
            (tpn for tpn, captain in captains.items() if captain == user.pk), None
        ),
    }
    return page_cache.json_page(data, version=page.version)
