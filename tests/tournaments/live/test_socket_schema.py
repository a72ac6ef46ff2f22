"""Every message an event's socket sends has exactly the shape the OpenAPI schema declares for
it (`arbiter/tournaments/api/socket_schema.py`), from which the browser's types are generated."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework import serializers

from arbiter.tournaments.api.socket_schema import SOCKETS
from arbiter.tournaments.live import payloads
from arbiter.tournaments.live.push import (
    live_flush,
    swiss_group,
    tournament_end_send,
    tournament_update_send,
)
from arbiter.tournaments.models import SwissTournament
from tests.tournaments.helpers import client_of
from tests.tournaments.live.test_live_push_events import heard, running_event

pytestmark = pytest.mark.django_db(transaction=True)

DECLARED = {m.event_name: m().fields["payload"] for m in SOCKETS["SwissSocketMessage"]}


def assert_declared(field: Any, data: Any, where: str) -> None:
    """`data` has every required field of `field` and no field it does not declare, down
    through nested serializers."""
    if isinstance(field, serializers.ListSerializer):
        assert isinstance(data, list), where
        for i, item in enumerate(data):
            assert_declared(field.child, item, f"{where}[{i}]")
        return
    if not isinstance(field, serializers.Serializer) or data is None:
        return
    fields = field.fields
    required = {name for name, f in fields.items() if f.required and not f.read_only}
    assert required <= set(data) <= set(fields), (where, sorted(set(data) ^ set(fields)))
    for name, value in data.items():
        assert_declared(fields[name], value, f"{where}.{name}")


def assert_frames_declared(frames: list[dict[str, Any]]) -> set[str]:
    for frame in frames:
        assert set(frame) == {"event", "payload"}
        assert_declared(DECLARED[frame["event"]], frame["payload"], frame["event"])
    return {frame["event"] for frame in frames}


def test_every_swiss_socket_message_has_its_declared_shape() -> None:
    event_id, leader, _, base = running_event(round_interval_seconds=None)
    boards = client_of(leader).get(f"{base}/rounds/1/").json()["pairings"]
    tournament = SwissTournament.objects.get(id=event_id)
    assert_declared(DECLARED["hello"], payloads.hello_payload(tournament), "hello")

    def results_then_flush() -> None:
        for board in boards:
            url = f"{base}/pairings/{board['id']}/result/"
            assert client_of(leader).post(url, {"result": "1-0"}, format="json").status_code == 200
        live_flush(tournament_id=event_id)

    seen = assert_frames_declared(heard(swiss_group(event_id), results_then_flush))
    assert {"game_result", "standings_update"} <= seen

    def round_start_again() -> None:
        live_flush(tournament_id=event_id, round_start=1)

    one_frame = heard(swiss_group(event_id, one_frame=True), round_start_again)
    assert assert_frames_declared(one_frame) == {"standings_update"}
    assert "round_start" in one_frame[-1]["payload"]

    def update_and_end() -> None:
        tournament_update_send(tournament_id=event_id)
        tournament_end_send(tournament_id=event_id)

    seen = assert_frames_declared(heard(swiss_group(event_id), update_and_end))
    assert {"tournament_update", "tournament_end"} <= seen
