"""Entering and leaving a Swiss on lichess's paths: join (which is also lichess's rejoin) and
withdraw, answered `{"ok": true}`, refusals in lichess's words."""

from __future__ import annotations

from contextlib import suppress

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.lichess.http import LichessError, LichessView, lichess_body, ok
from arbiter.lichess.schema import LichessOkSerializer
from arbiter.lichess.swiss.lookups import swiss_or_404
from arbiter.tournaments.models import ParticipantStatus
from arbiter.tournaments.read import selectors
from arbiter.tournaments.services import entries
from arbiter.tournaments.services.entries import (
    EntryClosed,
    RegistrationClosed,
    RequirementsUnmet,
    WrongPassword,
)

OK = LichessOkSerializer

# Arbiter's refusals to enter -> lila's texts (SwissApi.join), English as lichess sends them;
# Arbiter's own words in the reader's language.
REFUSALS: tuple[tuple[type[ApplicationError], str | Promise], ...] = (
    (PermissionDenied, "You are not in the team of this tournament"),
    (WrongPassword, "Wrong entry code"),
    # The rating band and the fair-play rules (account age, rated games).
    (RequirementsUnmet, "You don't satisfy the tournament requirements"),
    # Arbiter's own words (lila has no deadline), before the wider EntryClosed.
    (RegistrationClosed, gettext_lazy("The registration deadline has passed")),
    (EntryClosed, "This tournament cannot be entered"),
)


class SwissJoinApi(LichessView):
    """`POST /api/swiss/{id}/join` `{password}`: enter, or come back after a withdrawal (a
    player already playing: nothing to do)."""

    @extend_schema(request=OpenApiTypes.OBJECT, responses={200: OK})
    def post(self, request: Request, swiss_id: str) -> Response:
        user = self.user()
        tournament = swiss_or_404(swiss_id)
        password = lichess_body(request).get("password", "")
        entry = selectors.entry_get(tournament=tournament, user=user)
        try:
            if entry is None:
                entries.tournament_join(tournament=tournament, user=user, password=password)
            elif entry.status != ParticipantStatus.ACTIVE:  # paused; disqualified is refused
                entries.tournament_rejoin(tournament=tournament, user=user)
        except ApplicationError as exc:
            for kind, text in REFUSALS:
                if isinstance(exc, kind):
                    raise LichessError(str(text)) from exc
            raise
        return ok()


class SwissWithdrawApi(LichessView):
    """`POST /api/swiss/{id}/withdraw`: before the start the entry goes; after it the player
    is paused (may join again). Always `{"ok": true}`, as lichess answers, entered or not."""

    @extend_schema(request=None, responses={200: OK})
    def post(self, request: Request, swiss_id: str) -> Response:
        user = self.user()
        tournament = swiss_or_404(swiss_id)
        # Not entered, already withdrawn, or the event over: lichess says ok all the same.
        with suppress(ApplicationError):
            entries.tournament_withdraw(tournament=tournament, user=user)
        return ok()
