"""The federation exports of an event, for its leaders: what each federation still needs,
the data entered for it, and the files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop, ngettext

from arbiter.common.exceptions import ApplicationError, Conflict, InvalidInput, NotFound
from arbiter.exports.formats.base import ExportFile, ExportIncomplete, FederationExport, FieldSpec
from arbiter.exports.formats.registry import PLUGINS, plugin_get
from arbiter.exports.models import FederationData, FederationEntryData
from arbiter.exports.read import EventExport, MissingRow, event_export, event_exports
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.models import SwissParticipant, SwissTournament, TournamentStatus
from arbiter.tournaments.services.audit import audit_record
from arbiter.users.models import User

# English, marked for the catalogue (the schema names it): a refusal says it translated.
NOT_FINISHED = gettext_noop(
    "The event has not finished: its rating reports come after the last round."
)


@dataclass(frozen=True, slots=True)
class ExportStatus:
    """One federation's export of the event: whether it can be downloaded, and if not why."""

    plugin: FederationExport
    finished: bool
    missing: list[MissingRow]

    @property
    def ready(self) -> bool:
        return self.finished and not self.missing


def exports_leader_check(*, tournament: SwissTournament, user: User) -> None:
    """The exports are the event's leaders' (as the event's hidden TRF is)."""
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("see and enter the federation exports"),
    )


def export_plugin(*, code: str) -> FederationExport:
    plugin = plugin_get(code)
    if plugin is None:
        raise NotFound(gettext("No federation export %(code)s.") % {"code": repr(code)})
    return plugin


def exports_list(*, tournament: SwissTournament, user: User) -> list[ExportStatus]:
    exports_leader_check(tournament=tournament, user=user)
    exports = event_exports(tournament=tournament, plugins=PLUGINS)
    return [
        ExportStatus(
            plugin=plugin,
            finished=export.event.finished,
            missing=export.missing_rows(plugin.missing(export.event)),
        )
        for plugin, export in zip(PLUGINS, exports, strict=True)
    ]


def federation_data(
    *, tournament: SwissTournament, user: User, plugin: FederationExport
) -> tuple[EventExport, list[MissingRow]]:
    """The data entered for `plugin`'s federation, each player's, and what is missing."""
    exports_leader_check(tournament=tournament, user=user)
    export = event_export(tournament=tournament, plugin=plugin)
    return export, export.missing_rows(plugin.missing(export.event))


def _refused(specs: tuple[FieldSpec, ...], values: dict[str, Any]) -> dict[str, list[str]]:
    refused = gettext("Unknown field.")
    unknown = {name: [refused] for name in sorted(set(values) - {s.name for s in specs})}
    return unknown | {
        spec.name: [found]
        for spec in specs
        if spec.name in values and (found := spec.problem(values[spec.name])) is not None
    }


def _kept(specs: tuple[FieldSpec, ...], values: dict[str, Any]) -> dict[str, Any]:
    """The given values (blank ones left out: not given)."""
    return {
        s.name: values[s.name] for s in specs if s.name in values and not s.blank(values[s.name])
    }


@transaction.atomic
def federation_data_set(
    *,
    tournament: SwissTournament,
    user: User,
    plugin: FederationExport,
    values: dict[str, Any],
    entries: list[dict[str, Any]],
) -> FederationData:
    """Replace the event's data for `plugin`'s federation: its own values and each player's
    (`entries`: {"entry": <entry id>, <field>: <value>, ...}; a player not listed has none).
    Values are checked one by one (an ID's form, a code among the choices); whether all the
    export needs is there is `missing`'s, so the organiser can save as they go."""
    exports_leader_check(tournament=tournament, user=user)
    # Messages led by their path inside the field, as a refused nested body's are.
    errors: dict[str, list[str]] = {}
    if refused := _refused(plugin.event_fields, values):
        errors["event"] = [f"{name}: {m}" for name, messages in refused.items() for m in messages]
    ids = set(SwissParticipant.objects.filter(tournament=tournament).values_list("id", flat=True))
    seen: set[int] = set()
    rows: list[str] = []
    for index, entry in enumerate(entries):
        given = {k: v for k, v in entry.items() if k != "entry"}
        problems = _refused(plugin.entry_fields, given)
        entry_id = int(entry["entry"])
        if entry_id not in ids:
            problems["entry"] = [gettext("No entry %(entry)s in this event.") % {"entry": entry_id}]
        elif entry_id in seen:
            problems["entry"] = [gettext("Entry %(entry)s is listed twice.") % {"entry": entry_id}]
        seen.add(entry_id)
        rows += [f"{index}.{name}: {m}" for name, messages in problems.items() for m in messages]
    if rows:
        errors["entries"] = rows
    if errors:
        raise InvalidInput(errors)

    data, _ = FederationData.objects.select_for_update().get_or_create(
        tournament=tournament, federation=plugin.code
    )
    before = _saved(data)
    data.values = _kept(plugin.event_fields, values)
    data.updated_by = user
    data.full_clean()
    data.save()
    data.entries.all().delete()
    kept = [
        FederationEntryData(data=data, participant_id=entry["entry"], values=given)
        for entry in entries
        if (given := _kept(plugin.entry_fields, entry))
    ]
    for row in kept:
        row.full_clean(exclude=["data", "participant"])  # both checked above
    FederationEntryData.objects.bulk_create(kept)
    _audited(tournament=tournament, user=user, plugin=plugin, before=before, after=_saved(data))
    return data


def _saved(data: FederationData) -> dict[str, dict[str, Any]]:
    """The data as saved: the event's values under "event", each player's by entry id."""
    saved = {"event": dict(data.values)} if data.values else {}
    for row in data.entries.all() if data.pk else ():
        saved[str(row.participant_id)] = dict(row.values)
    return saved


def _audited(
    *,
    tournament: SwissTournament,
    user: User,
    plugin: FederationExport,
    before: dict[str, dict[str, Any]],
    after: dict[str, dict[str, Any]],
) -> None:
    """One audit entry (`export.data_set`) with only what changed: the event's values and
    each changed player's, by entry id (None where there was or is nothing)."""
    keys = before.keys() | after.keys()
    changed = sorted(key for key in keys if before.get(key) != after.get(key))
    if changed:
        audit_record(
            tournament=tournament,
            actor=user,
            action="export.data_set",
            subject=plugin.name,
            before={key: before.get(key) for key in changed},
            after={key: after.get(key) for key in changed},
        )


def _fields_of(rows: list[MissingRow]) -> dict[str, Any]:
    """The problems in the shape of a refused body (docs/api.md): the event's fields under
    `event`, a player's under `entries` by entry id, the results under `results`."""
    fields: dict[str, Any] = {}
    for row in rows:
        if row.field == "results" and row.entry_id is None:
            fields.setdefault("results", []).append(row.message)
        elif row.entry_id is None:
            fields.setdefault("event", {}).setdefault(row.field, []).append(row.message)
        else:
            entry = fields.setdefault("entries", {}).setdefault(str(row.entry_id), {})
            entry.setdefault(row.field, []).append(row.message)
    return fields


def export_download(
    *, tournament: SwissTournament, user: User, plugin: FederationExport
) -> ExportFile:
    """The federation's file (or ZIP of files) for the finished event. Anything missing is a
    400 listing it, field by field: never a file with holes in it."""
    exports_leader_check(tournament=tournament, user=user)
    if tournament.status != TournamentStatus.FINISHED:
        raise Conflict(gettext(NOT_FINISHED))
    export = event_export(tournament=tournament, plugin=plugin)
    try:
        return plugin.download(export.event)
    except ExportIncomplete as exc:
        rows = export.missing_rows(exc.problems)
        raise ApplicationError(
            # The English says "thing(s)" for any count; other languages inflect.
            ngettext(
                "The %(export)s export needs %(count)s more thing(s): %(first)s",
                "The %(export)s export needs %(count)s more thing(s): %(first)s",
                len(rows),
            )
            % {"export": gettext(plugin.name), "count": len(rows), "first": rows[0].message},
            extra={"fields": _fields_of(rows), "missing": [_missing_json(r) for r in rows]},
        ) from None


def _missing_json(row: MissingRow) -> dict[str, Any]:
    return {"field": row.field, "message": row.message, "entry": row.entry_id, "player": row.player}
