"""A Swiss on lichess's paths: create, read, edit, terminate, schedule the next round."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.common.page_cache import page_response
from arbiter.lichess.http import LichessError, LichessView, lichess_body, ok
from arbiter.lichess.identity import object_id
from arbiter.lichess.schema import LichessOkSerializer
from arbiter.lichess.swiss import forms, pages
from arbiter.lichess.swiss.forms import AUTO_INTERVAL, Errors, swiss_form
from arbiter.lichess.swiss.lookups import NOT_FOUND, swiss_or_404, team_or_404
from arbiter.lichess.swiss.schema_shapes import LichessSwissSerializer
from arbiter.lichess.swiss.shapes import swiss_json
from arbiter.tournaments.models import SwissParticipant, SwissTournament, TournamentStatus
from arbiter.tournaments.read import selectors
from arbiter.tournaments.services import forbidden, lifecycle, schedule
from arbiter.users.models import User

# Without `startsAt`, lichess starts an event ten minutes after its creation.
DEFAULT_START = timedelta(minutes=10)
# A start "now" from a client whose clock is a little behind is not in the past.
PAST_GRACE = timedelta(minutes=1)
# lichess's default names are great players' (a stored name: data, not a message).
GREAT_PLAYERS = (
    "Alekhine",
    "Anand",
    "Botvinnik",
    "Capablanca",
    "Carlsen",
    "Euwe",
    "Fischer",
    "Kasparov",
    "Karpov",
    "Lasker",
    "Morphy",
    "Petrosian",
    "Polgar",
    "Smyslov",
    "Spassky",
    "Steinitz",
    "Tal",
)
# lichess's own texts: English, as lichess sends them.
NOT_LEADER = "You're not a leader of that team"
CANNOT_EDIT = "This user cannot edit this swiss"
CANNOT_TERMINATE = "Can't terminate that tournament: Permission denied"
# A pasted list of thousands of bad lines is answered with the first few problems.
FORBIDDEN_ERRORS_SHOWN = 20

SWISS = LichessSwissSerializer
OK = LichessOkSerializer
FORM = OpenApiTypes.OBJECT  # lichess's form fields, JSON or form-encoded (docs/lichess-api.md)


def _fresh(tournament: SwissTournament, user: User | None) -> dict[str, Any]:
    stored = selectors.tournament_get(tournament_id=tournament.id)
    assert stored is not None
    return swiss_json(stored, user=user)


def _default_name() -> str:
    return f"{random.choice(GREAT_PLAYERS)} Swiss"


def _double(errors: Errors) -> Response:
    """lila's create-form error (`doubleJsonFormError`): the fields at the top and under
    `error`."""
    return Response({**errors, "error": errors}, status=400)


class SwissCreateApi(LichessView):
    """`POST /api/swiss/new/{teamId}`: a team leader creates a Swiss, played online."""

    @extend_schema(request=FORM, responses={200: SWISS})
    def post(self, request: Request, team_id: str) -> Response:
        user = self.user()
        try:
            team = team_or_404(team_id)
        except LichessError as exc:
            raise LichessError(NOT_LEADER, 404) from exc
        try:
            fields = lichess_body(request)
        except LichessError as exc:
            if isinstance(exc.error, dict):
                return _double(dict(exc.error))
            raise
        values, errors = swiss_form(fields)
        if "forbiddenPairings" in values:  # nobody has joined yet
            errors["forbiddenPairings"] = [_("Set them once the players have joined (edit).")]
        if errors:
            return _double(errors)
        limit, increment = values["clock.limit"], values["clock.increment"]
        options: dict[str, Any] = {
            "round_interval_seconds": forms.interval_seconds(
                values.get("roundInterval", AUTO_INTERVAL), limit, increment
            ),
            "rated": values.get("rated", True),
            "description": values.get("description", ""),
            "min_rating": values.get("conditions.minRating.rating"),
            "max_rating": values.get("conditions.maxRating.rating"),
            "min_rated_games": values.get("conditions.nbRatedGame.nb"),
            "min_account_age_days": values.get("conditions.accountAge"),
            "mode": "online",
        }
        try:
            with forms.lichess_fields():
                tournament = lifecycle.tournament_create(
                    team=team,
                    user=user,
                    name=values.get("name") or _default_name(),
                    num_rounds=values["nbRounds"],
                    start_time=values.get("startsAt") or timezone.now() + DEFAULT_START,
                    clock_limit_seconds=limit,
                    clock_increment_seconds=increment,
                    password=values.get("password"),
                    **options,
                )
        except PermissionDenied as exc:
            raise LichessError(NOT_LEADER, 404) from exc
        except LichessError as exc:
            if isinstance(exc.error, dict):
                return _double(dict(exc.error))
            raise
        return Response(_fresh(tournament, user))


class SwissDetailApi(LichessView):
    """`GET /api/swiss/{id}`."""

    auth_required = False

    @extend_schema(responses={200: SWISS})
    def get(self, request: Request, swiss_id: str) -> HttpResponse:
        if request.user.is_authenticated:  # its verdicts are the reader's own
            return Response(swiss_json(swiss_or_404(swiss_id), user=request.user))
        number = object_id(swiss_id)
        if number is None:
            raise LichessError(NOT_FOUND, 404)
        return page_response(request, pages.swiss_page(tournament_id=number))


def _changed_after_start(tournament: SwissTournament, values: dict[str, Any]) -> dict[str, Any]:
    """The clock and start sent for a started event, kept only where they change it: berserk
    sends the clock with every edit, and lichess ignores it once the event runs; a real change
    is left for the service to refuse."""
    data: dict[str, Any] = {}
    clock = tournament.time_control
    if "clock.limit" in values and values["clock.limit"] != clock.limit_seconds:
        data["clock_limit_seconds"] = values["clock.limit"]
    if "clock.increment" in values and values["clock.increment"] != clock.increment_seconds:
        data["clock_increment_seconds"] = values["clock.increment"]
    starts: datetime | None = values.get("startsAt")
    if starts is not None and abs((starts - tournament.start_time).total_seconds()) >= 1:
        data["start_time"] = starts
    return data


def edit_data(
    tournament: SwissTournament, values: dict[str, Any], *, patch: bool
) -> dict[str, Any]:
    """lichess's edit rules (SwissApi.update) as the service's changes: an absent name,
    description, rating or interval keeps its value; an absent password, rating limit or entry rule
    clears it (unless `patch`)."""
    if tournament.status == TournamentStatus.SCHEDULED:
        data: dict[str, Any] = {
            name: values[key]
            for key, name in (
                ("clock.limit", "clock_limit_seconds"),
                ("clock.increment", "clock_increment_seconds"),
                ("startsAt", "start_time"),
            )
            if key in values
        }
    else:
        data = _changed_after_start(tournament, values)
    for key, name in (
        ("name", "name"),
        ("nbRounds", "num_rounds"),
        ("rated", "rated"),
        ("description", "description"),
    ):
        if key in values:
            data[name] = values[key]
    if "roundInterval" in values:
        limit = data.get("clock_limit_seconds", tournament.time_control.limit_seconds)
        increment = data.get("clock_increment_seconds", tournament.time_control.increment_seconds)
        data["round_interval_seconds"] = forms.interval_seconds(
            values["roundInterval"], limit, increment
        )
    for key, name, cleared in (
        ("password", "password", ""),
        ("conditions.minRating.rating", "min_rating", None),
        ("conditions.maxRating.rating", "max_rating", None),
        ("conditions.nbRatedGame.nb", "min_rated_games", None),
        ("conditions.accountAge", "min_account_age_days", None),
    ):
        if key in values:
            data[name] = values[key]
        elif not patch:
            data[name] = cleared
    return data


def _pairs(
    tournament: SwissTournament, named: list[tuple[str, str]], errors: list[str]
) -> list[tuple[SwissParticipant, SwissParticipant]]:
    """The entries of `forbiddenPairings`' lines, every name found in one query; a name that
    is not one entry is refused, with the lines `errors` already holds."""
    found = selectors.entries_named_many(
        tournament=tournament, names=[name for pair in named for name in pair]
    )
    unknown = sorted({name for pair in named for name in pair if len(found[name]) != 1})
    not_player = _("%(name)s is not a player of this tournament.")
    errors = errors + [not_player % {"name": name} for name in unknown]
    if errors:
        shown = errors[:FORBIDDEN_ERRORS_SHOWN]
        if len(errors) > len(shown):
            more = len(errors) - len(shown)
            shown.append(
                ngettext("... and %(count)s more.", "... and %(count)s more.", more)
                % {"count": more}
            )
        raise LichessError({"forbiddenPairings": shown})
    return [(found[first][0], found[second][0]) for first, second in named]


class SwissEditApi(LichessView):
    """`POST /api/swiss/{id}/edit` (also with berserk's trailing slash); `?patch=1` keeps
    what is not sent."""

    @extend_schema(request=FORM, responses={200: SWISS})
    def post(self, request: Request, swiss_id: str) -> Response:
        user = self.user()
        tournament = swiss_or_404(swiss_id)
        patch = forms.parse_bool(request.query_params.get("patch", "")) is True
        values, errors = swiss_form(lichess_body(request), required=() if patch else forms.REQUIRED)
        if errors:
            raise LichessError(errors)
        data = edit_data(tournament, values, patch=patch)
        if "start_time" in data and data["start_time"] < timezone.now() - PAST_GRACE:
            raise LichessError({"startsAt": [_("Must be in the future.")]})
        named: list[tuple[str, str]] | None = None
        line_errors: list[str] = []
        if "forbiddenPairings" in values:
            named, line_errors = forms.forbidden_pairs(values["forbiddenPairings"])
        elif not patch:
            named = []
        try:
            with transaction.atomic(), forms.lichess_fields():
                # The service checks the permission: no name is looked up before it has.
                lifecycle.tournament_update(tournament=tournament, user=user, data=data)
                if named is not None:
                    pairs = _pairs(tournament, named, line_errors)
                    forbidden.forbidden_pairings_replace(
                        tournament=tournament, user=user, pairs=pairs
                    )
        except PermissionDenied as exc:
            raise LichessError(CANNOT_EDIT, 401) from exc
        return Response(_fresh(tournament, user))


class SwissEditSlashApi(SwissEditApi):
    """berserk's `edit_swiss` path, `/api/swiss/{id}/edit/`: the same view, once in the schema."""

    @extend_schema(exclude=True)
    def post(self, request: Request, swiss_id: str) -> Response:
        return super().post(request, swiss_id)


class SwissTerminateApi(LichessView):
    """`POST /api/swiss/{id}/terminate`: the event is cancelled, its standings kept. Before
    its start it is gone from the lichess paths; after, they show it finished."""

    @extend_schema(request=None, responses={200: OK})
    def post(self, request: Request, swiss_id: str) -> Response:
        user = self.user()
        tournament = swiss_or_404(swiss_id)
        try:
            lifecycle.tournament_cancel(tournament=tournament, user=user)
        except PermissionDenied as exc:
            raise LichessError(CANNOT_TERMINATE) from exc
        except ApplicationError:
            if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
                return ok()  # already over: lichess does nothing
            raise
        return ok()


class SwissScheduleApi(LichessView):
    """`POST /api/swiss/{id}/schedule-next-round` `{date}`: the event switches to manual
    scheduling; a date sent while a round is played waits for it to complete. Answers
    `{"ok": true}` where lila answers 204, which berserk cannot read."""

    @extend_schema(request=FORM, responses={200: OK})
    def post(self, request: Request, swiss_id: str) -> Response:
        user = self.user()
        tournament = swiss_or_404(swiss_id)
        text = lichess_body(request).get("date")
        at = forms.scheduled_instant(text) if text else _("This field is required.")
        if isinstance(at, str):
            raise LichessError({"date": [at]})
        try:
            with forms.lichess_fields():
                schedule.round_schedule(
                    tournament=tournament, user=user, at=at, manual=True, during_round=True
                )
        except PermissionDenied as exc:
            raise LichessError(CANNOT_EDIT, 401) from exc
        return ok()
