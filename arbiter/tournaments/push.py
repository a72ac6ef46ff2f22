"""WebSocket events of a Swiss event, with payloads built by the REST serializers.

Services call these through `transaction.on_commit`, so clients never hear of a write that
was rolled back. Standings pushes are coalesced (see `standings_push_request`).
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache

from arbiter.realtime.push import group_push

logger = logging.getLogger(__name__)

STANDINGS_PAGE = 50
COALESCE_SECONDS = 1


def swiss_group(tournament_id: int) -> str:
    return f"swiss.{tournament_id}"


def _push(tournament_id: int, event: str, payload: dict[str, Any]) -> None:
    group_push(group=swiss_group(tournament_id), event=event, payload=payload)


def standings_payload(tournament_id: int) -> dict[str, Any]:
    from arbiter.tournaments import selectors
    from arbiter.tournaments.serializers import StandingOutputSerializer

    tournament = selectors.tournament_get(tournament_id=tournament_id)
    if tournament is None:
        return {}
    page = list(selectors.standings_queryset(tournament=tournament)[:STANDINGS_PAGE])
    rows = selectors.standings_sheets(tournament=tournament, participants=page)
    return {
        "version": tournament.standings_version,
        "standings": StandingOutputSerializer(rows, many=True).data,
    }


def round_start_push(*, tournament_id: int, number: int) -> None:
    from arbiter.tournaments.apis import round_detail_data
    from arbiter.tournaments.models import SwissTournament

    tournament = SwissTournament.objects.get(id=tournament_id)
    _push(tournament_id, "round_start", {"round": number, **round_detail_data(tournament, number)})


def game_result_push(*, tournament_id: int, pairing_id: int) -> None:
    from arbiter.tournaments.models import SwissPairing
    from arbiter.tournaments.serializers import PairingOutputSerializer

    pairing = SwissPairing.objects.select_related(
        "round", "white__user", "black__user", "no_show__user"
    ).get(id=pairing_id)
    payload = {"round": pairing.round.number, **PairingOutputSerializer(pairing).data}
    _push(tournament_id, "game_result", payload)


def standings_update_push(*, tournament_id: int) -> None:
    payload = standings_payload(tournament_id)
    if payload:  # the event may have been deleted since the push was requested
        _push(tournament_id, "standings_update", payload)


def tournament_end_push(*, tournament_id: int) -> None:
    from arbiter.tournaments import selectors
    from arbiter.tournaments.serializers import StandingOutputSerializer, TournamentOutputSerializer

    tournament = selectors.tournament_get(tournament_id=tournament_id)
    assert tournament is not None
    rows = selectors.standings_sheets(
        tournament=tournament,
        participants=list(selectors.standings_queryset(tournament=tournament)),
    )
    _push(
        tournament_id,
        "tournament_end",
        {
            "tournament": TournamentOutputSerializer(tournament).data,
            "standings": StandingOutputSerializer(rows, many=True).data,
        },
    )


PUSHED_KEY = "swiss:{}:standings-pushed"
TRAILING_KEY = "swiss:{}:standings-trailing"


def standings_push_request(*, tournament_id: int) -> None:
    """At most one standings push per second per event (the keys live in the shared cache,
    Redis in production, so every process agrees): the first change is pushed at once; changes
    within the next second are folded into one trailing push."""
    from arbiter.tournaments.tasks import standings_push

    if cache.get(TRAILING_KEY.format(tournament_id)):
        return  # a trailing push is scheduled; it will read the newest standings
    if cache.add(PUSHED_KEY.format(tournament_id), 1, timeout=COALESCE_SECONDS):
        standings_push.apply_async(kwargs={"tournament_id": tournament_id})
    elif cache.add(TRAILING_KEY.format(tournament_id), 1, timeout=COALESCE_SECONDS * 3):
        standings_push.apply_async(
            kwargs={"tournament_id": tournament_id, "trailing": True}, countdown=COALESCE_SECONDS
        )


def standings_push_run(*, tournament_id: int, trailing: bool) -> None:
    if trailing:
        # Mark the push before releasing the trailing slot, so no immediate push can slip in.
        cache.set(PUSHED_KEY.format(tournament_id), 1, timeout=COALESCE_SECONDS)
        cache.delete(TRAILING_KEY.format(tournament_id))
    standings_update_push(tournament_id=tournament_id)
