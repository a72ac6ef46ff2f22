"""The federation exports of an individual Swiss event, for its leaders: the list (what each
federation still needs), each federation's data (GET/PUT, typed from the plugin's fields)
and its download. One data view and one download view per plugin, made from the plugin by
`federation_views`, so each has its own typed schema."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import (
    NestedInputSerializer,
    StrictCharField,
    StrictInputSerializer,
    error_responses,
)
from arbiter.common.exceptions import NotFound
from arbiter.exports import services
from arbiter.exports.formats.base import FederationExport, FieldSpec
from arbiter.exports.read import EventExport, MissingRow
from arbiter.tournaments.models import SwissTournament
from arbiter.tournaments.read.selectors import tournament_get
from arbiter.users.authentication import authenticated_user

LEADERS_ONLY = "Only the team's leaders see and enter the federation exports."
# A body lists at most one row per entry; more than an event can have is refused unread.
MAX_ENTRIES = 10_000
ENTRY_ID_MAX = 2**31 - 1


def _tournament(tournament_id: int) -> SwissTournament:
    tournament = tournament_get(tournament_id=tournament_id)
    if tournament is None:
        raise NotFound(gettext("No such tournament."))
    return tournament


class MissingOutputSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The field to fill or correct (`results`: the games).")
    message = serializers.CharField()
    entry = serializers.IntegerField(
        source="entry_id", allow_null=True, help_text="The player's entry id; null: the event's."
    )
    player = serializers.CharField(help_text="The player's name; blank for the event's fields.")


def _urls(tournament_id: int, plugin: FederationExport) -> tuple[str, str]:
    kwargs = {"tournament_id": tournament_id}
    return (
        reverse(f"api:exports:{plugin.code}", kwargs=kwargs),
        reverse(f"api:exports:{plugin.code}-download", kwargs=kwargs),
    )


class ExportListApi(APIView):
    """Every federation export Arbiter has, with what this event still needs for each
    (leaders only). `ready`: the event has finished and nothing is missing."""

    class OutputSerializer(serializers.Serializer):
        code = serializers.CharField()
        name = serializers.CharField()
        summary = serializers.CharField()
        files = serializers.ListField(child=serializers.CharField())
        data_url = serializers.CharField()
        download_url = serializers.CharField()
        finished = serializers.BooleanField()
        ready = serializers.BooleanField()
        missing = MissingOutputSerializer(many=True)

    @extend_schema(
        operation_id="tournaments_swiss_exports_list",
        responses={200: OutputSerializer(many=True), **error_responses({403: LEADERS_ONLY})},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        rows = []
        for status in services.exports_list(tournament=tournament, user=user):
            data_url, download_url = _urls(tournament.id, status.plugin)
            rows.append(
                {
                    "code": status.plugin.code,
                    "name": gettext(status.plugin.name),
                    "summary": gettext(status.plugin.summary),
                    "files": list(status.plugin.file_names),
                    "data_url": data_url,
                    "download_url": download_url,
                    "finished": status.finished,
                    "ready": status.ready,
                    "missing": status.missing,
                }
            )
        return Response(self.OutputSerializer(rows, many=True).data)


# --- the serializers of one plugin's data, made from its fields -------------------------------


def _input_field(spec: FieldSpec) -> serializers.Field:
    """The field's type and bounds; its other rules (an ID's form) are the service's, which
    `FieldSpec.problem` states once. Left out of a PUT, a value is blank."""
    if spec.kind == "integer":
        return serializers.IntegerField(
            min_value=spec.minimum,
            max_value=spec.maximum,
            required=False,
            allow_null=True,
            default=None,
            help_text=spec.help,
        )
    if spec.kind == "list":
        return serializers.ListField(
            child=StrictCharField(max_length=spec.max_length),
            max_length=spec.max_items,
            required=False,
            default=list,
            help_text=spec.help,
        )
    if spec.choices:
        return serializers.ChoiceField(
            choices=spec.choices, allow_blank=True, required=False, default="", help_text=spec.help
        )
    return StrictCharField(
        max_length=spec.max_length,
        allow_blank=True,
        required=False,
        default="",
        help_text=spec.help,
    )


def _output_field(spec: FieldSpec) -> serializers.Field:
    if spec.kind == "integer":
        return serializers.IntegerField(allow_null=True, help_text=spec.help)
    if spec.kind == "list":
        return serializers.ListField(child=serializers.CharField(), help_text=spec.help)
    if spec.choices:
        return serializers.ChoiceField(choices=["", *spec.choices], help_text=spec.help)
    return serializers.CharField(allow_blank=True, help_text=spec.help)


def _serializer(name: str, base: type, doc: str, fields: dict[str, Any]) -> Any:
    """A serializer class named for the schema (`UsChessEventSerializer` is the component
    `UsChessEvent`), `doc` its description there."""
    attrs = {**fields, "__module__": __name__, "__qualname__": name, "__doc__": doc}
    return type(name, (base,), attrs)


def _prefix(plugin: FederationExport) -> str:
    return "".join(part.title() for part in plugin.code.split("-"))


def _data_serializers(plugin: FederationExport) -> tuple[Any, Any]:
    """(the PUT body's serializer, the answer's) of `plugin`'s data."""
    prefix = _prefix(plugin)
    event_in = _serializer(
        f"{prefix}EventInputSerializer",
        NestedInputSerializer,
        f"The event's values for the {plugin.name} report; one left out is blank.",
        {spec.name: _input_field(spec) for spec in plugin.event_fields},
    )
    entry_in = _serializer(
        f"{prefix}EntryInputSerializer",
        NestedInputSerializer,
        f"One player's values for the {plugin.name} report (by entry id).",
        {
            "entry": serializers.IntegerField(
                min_value=1, max_value=ENTRY_ID_MAX, help_text="The player's entry id."
            ),
            **{spec.name: _input_field(spec) for spec in plugin.entry_fields},
        },
    )
    data_in = _serializer(
        f"{prefix}DataInputSerializer",
        StrictInputSerializer,
        f"All the data of the {plugin.name} report: it replaces what was stored.",
        {
            "event": event_in(help_text="The event's values; one left out is blank."),
            "entries": entry_in(
                many=True,
                max_length=MAX_ENTRIES,
                help_text="Each player's values; a player left out has none.",
            ),
        },
    )
    event_out = _serializer(
        f"{prefix}EventSerializer",
        serializers.Serializer,
        f"The event's values for the {plugin.name} report (blank: not given).",
        {spec.name: _output_field(spec) for spec in plugin.event_fields},
    )
    entry_out = _serializer(
        f"{prefix}EntrySerializer",
        serializers.Serializer,
        f"A player of the event, and their values for the {plugin.name} report.",
        {
            "entry": serializers.IntegerField(),
            "start_number": serializers.IntegerField(help_text="As in the event's TRF."),
            "name": serializers.CharField(),
            "rating": serializers.IntegerField(allow_null=True, help_text="As paired."),
            "federation": serializers.CharField(allow_blank=True),
            "fide_id": serializers.CharField(allow_blank=True),
            **{spec.name: _output_field(spec) for spec in plugin.entry_fields},
        },
    )
    data_out = _serializer(
        f"{prefix}DataSerializer",
        serializers.Serializer,
        f"The data of the {plugin.name} report, and what it still misses.",
        {
            "federation": serializers.CharField(),
            "name": serializers.CharField(),
            "event": event_out(),
            "entries": entry_out(many=True),
            "finished": serializers.BooleanField(),
            "ready": serializers.BooleanField(),
            "missing": MissingOutputSerializer(many=True),
        },
    )
    return data_in, data_out


def _stored(spec: FieldSpec, values: dict[str, object]) -> object:
    given = values.get(spec.name)
    if spec.blank(given):
        return [] if spec.kind == "list" else (None if spec.kind == "integer" else "")
    return given


def _data(plugin: FederationExport, export: EventExport, missing: list[MissingRow]) -> dict:
    event = export.event
    return {
        "federation": plugin.code,
        "name": gettext(plugin.name),
        "event": {spec.name: _stored(spec, event.values) for spec in plugin.event_fields},
        "entries": [
            {
                "entry": row.entry_id,
                "start_number": row.start_number,
                "name": row.name,
                "rating": row.rating,
                "federation": row.federation,
                "fide_id": row.fide_id,
                **{spec.name: _stored(spec, row.values) for spec in plugin.entry_fields},
            }
            for row in export.entries
        ],
        "finished": event.finished,
        "ready": event.finished and not missing,
        "missing": missing,
    }


# --- the views of one plugin ------------------------------------------------------------------


class FederationDataApi(APIView):
    """A federation's data for the event (leaders only): the event's values, each player's,
    and what the export still misses. PUT replaces it all: values left out become blank."""

    plugin: FederationExport
    input_serializer: Any
    output_serializer: Any

    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        export, missing = services.federation_data(
            tournament=tournament, user=user, plugin=self.plugin
        )
        return Response(self.output_serializer(_data(self.plugin, export, missing)).data)

    def put(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        services.exports_leader_check(tournament=tournament, user=user)
        body = self.input_serializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.federation_data_set(
            tournament=tournament,
            user=user,
            plugin=self.plugin,
            values=dict(body.validated_data["event"]),
            entries=[dict(row) for row in body.validated_data["entries"]],
        )
        return self.get(request, tournament_id)


class _AnyAccept(DefaultContentNegotiation):
    """A download answers its file whatever the client accepts (a browser asks for HTML);
    a refusal is JSON."""

    def select_renderer(self, request: Any, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


class ExportDownloadApi(APIView):
    """The federation's file for the finished event (leaders only). A 400 lists what is
    missing, in `extra.fields` (as a refused PUT of the data would) and `extra.missing`."""

    plugin: FederationExport
    content_negotiation_class = _AnyAccept

    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        file = services.export_download(tournament=tournament, user=user, plugin=self.plugin)
        response = HttpResponse(file.data, content_type=file.content_type)
        response["Content-Disposition"] = f'attachment; filename="{file.name}"'
        return response


def federation_views(plugin: FederationExport) -> tuple[type[APIView], type[APIView]]:
    """(the data view, the download view) of `plugin`, each with its own schema."""
    prefix = _prefix(plugin)
    data_in, data_out = _data_serializers(plugin)
    operation = "tournaments_swiss_exports_" + plugin.code.replace("-", "_")
    data_view = extend_schema_view(
        get=extend_schema(
            operation_id=f"{operation}_retrieve",
            summary=f"{plugin.name}: the data of the report",
            responses={200: data_out, **error_responses({403: LEADERS_ONLY})},
        ),
        put=extend_schema(
            operation_id=f"{operation}_update",
            summary=f"{plugin.name}: set the data of the report",
            request=data_in,
            responses={200: data_out, **error_responses({403: LEADERS_ONLY})},
        ),
    )(
        type(
            f"{prefix}DataApi",
            (FederationDataApi,),
            {
                "plugin": plugin,
                "input_serializer": data_in,
                "output_serializer": data_out,
                "__module__": __name__,
                "__doc__": f"{plugin.name}: {FederationDataApi.__doc__}",
            },
        )
    )
    download_view = extend_schema_view(
        get=extend_schema(
            operation_id=f"{operation}_download",
            summary=f"{plugin.name}: download the report",
            description=plugin.summary,
            responses={
                (200, plugin.download_type): OpenApiResponse(description=plugin.summary),
                **error_responses(
                    {
                        400: "Something the report needs is missing (`extra.fields`, "
                        "`extra.missing`).",
                        403: LEADERS_ONLY,
                        409: services.NOT_FINISHED,
                    }
                ),
            },
        )
    )(
        type(
            f"{prefix}DownloadApi",
            (ExportDownloadApi,),
            {"plugin": plugin, "__module__": __name__, "__doc__": ExportDownloadApi.__doc__},
        )
    )
    return data_view, download_view
