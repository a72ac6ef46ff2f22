"""Manual-only pairing, hidden standings, disqualification and late joiners over the API (the
events built by the factories: the requests are the subject)."""

import asyncio
import json
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.utils import timezone
from rest_framework.test import APIClient

from arbiter.realtime.push import channel_layer, user_group
from arbiter.teams.models import Membership
from arbiter.tournaments.live import payloads
from arbiter.tournaments.models import SwissRound, TournamentStatus
from arbiter.tournaments.services import lifecycle
from arbiter.tournaments.services.entries import tournament_join
from arbiter.tournaments.services.schedule import round_start_if_due
from tests.factories.events import event_with_round, results_set
from tests.factories.teams import MembershipFactory
from tests.factories.users import UserFactory
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _base(event_id: int) -> str:
    return f"/api/tournaments/swiss/{event_id}"


def test_settings_are_read_and_written_and_bad_values_are_400() -> None:
    built = event_with_round(4, rounds=1)
    leader = client_of(built.leader)
    base = _base(built.event.id)
    changed = leader.patch(
        f"{base}/",
        {"pairing_mode": "manual", "standings_hidden": True, "disqualification_games": "forfeit"},
        format="json",
    )
    assert changed.status_code == 200, changed.json()
    body = changed.json()
    assert body["standings_version"] > built.event.standings_version  # clients read again
    assert (body["pairing_mode"], body["standings_hidden"], body["disqualification_games"]) == (
        "manual",
        True,
        "forfeit",
    )
    bad = leader.patch(
        f"{base}/", {"pairing_mode": "robot", "disqualification_games": "maybe"}, format="json"
    )
    assert bad.status_code == 400
    assert set(bad.json()["extra"]["fields"]) == {"pairing_mode", "disqualification_games"}


def test_manual_mode_the_tick_never_pairs_and_the_editor_submits_the_proposal(
    django_capture_on_commit_callbacks: Any,
) -> None:
    built = event_with_round(4, rounds=1, results=[["1-0", "0-1"]], pairing_mode="manual")
    event = built.event
    event.next_round_at = timezone.now() - timedelta(seconds=1)
    event.save(update_fields=["next_round_at"])

    def tick() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            assert round_start_if_due(tournament_id=event.id) is None

    async def leader_hears() -> dict[str, Any]:
        layer = channel_layer()  # the real Redis layer, as a leader's /ws/me/ socket has it
        inbox = await layer.new_channel()
        await layer.group_add(user_group(built.leader.id), inbox)
        await sync_to_async(tick)()  # in this thread: the test's database transaction
        return json.loads(
            (await asyncio.wait_for(layer.receive(inbox), timeout=WAIT_SECONDS))["text"]
        )

    notice = async_to_sync(leader_hears)()
    assert notice == {
        "event": "pairing_due",
        "payload": {"tournament": event.id, "name": event.name, "round": 2},
    }
    event.refresh_from_db()
    assert (event.current_round, event.next_round_at) == (1, None)  # told once, then nothing due
    assert round_start_if_due(tournament_id=event.id) is None

    leader = client_of(built.leader)
    base = _base(event.id)
    refused = leader.post(f"{base}/start-next-round/")
    assert refused.status_code == 400
    assert "by hand" in refused.json()["message"]
    proposal = leader.get(f"{base}/pairing-proposal/")
    assert proposal.status_code == 200, proposal.json()
    assert proposal.json()["round"] == 2
    assert not SwissRound.objects.filter(tournament=event, number=2).exists()  # only offered
    submitted = leader.post(
        f"{base}/manual-pairings/",
        {"boards": proposal.json()["boards"], "bye": proposal.json()["bye"]},
        format="json",
    )
    assert submitted.status_code == 201, submitted.json()
    assert submitted.json()["manual"] is True


def test_hidden_standings_show_a_player_their_own_row_until_the_end() -> None:
    built = event_with_round(4, rounds=1, num_rounds=1, standings_hidden=True)
    event, player, other = built.event, built.users[0], built.users[1]
    base = _base(event.id)

    def names(client: APIClient) -> list[str]:
        answer = client.get(f"{base}/standings/")
        assert answer.status_code == 200
        return [row["username"] for row in answer.json()["results"]]

    assert names(client_of(player)) == [player.username]
    assert names(APIClient()) == []
    assert len(names(client_of(built.leader))) == 4
    assert client_of(player).get(f"{base}/export/trf/").status_code == 403
    assert client_of(built.leader).get(f"{base}/export/trf/").status_code == 200
    pushed = payloads.standings_page_payload(event)
    assert (pushed["standings"], pushed["hidden"]) == ([], True)
    lichess = client_of(other).get(f"/api/swiss/{event.id}/results")
    assert lichess.status_code == 200
    assert lichess.content.decode().count("\n") == 1  # the viewer's own row
    # Pairings and board results stay public.
    assert len(APIClient().get(f"{base}/rounds/1/").json()["pairings"]) == 2

    results_set(built, ["1-0", "1-0"])  # the last round: the event ends
    event.refresh_from_db()
    assert event.status == TournamentStatus.FINISHED
    assert len(names(APIClient())) == 4
    assert client_of(player).get(f"{base}/export/trf/").status_code == 200


def test_disqualify_over_the_api() -> None:
    built = event_with_round(4, rounds=1, results=[["1-0", "1-0"]], num_rounds=3)
    base = _base(built.event.id)
    target = built.boards[0].white
    url = f"{base}/entries/{target.id}/disqualify/"

    assert client_of(built.users[1]).post(url, {"reason": "x"}, format="json").status_code == 403
    missing = client_of(built.leader).post(url, {}, format="json")
    assert missing.status_code == 400
    assert "reason" in missing.json()["extra"]["fields"]
    done = client_of(built.leader).post(url, {"reason": "Fair play"}, format="json")
    assert done.status_code == 200, done.json()
    assert (done.json()["status"], done.json()["disqualification_reason"]) == (
        "disqualified",
        "Fair play",
    )
    rows = APIClient().get(f"{base}/standings/").json()["results"]
    assert {r["username"]: r["status"] for r in rows}[target.display_name] == "disqualified"
    assert {r["id"] for r in rows} == {e.id for e in built.entries}
    again = client_of(built.leader).post(url, {"reason": "x"}, format="json")
    assert again.status_code == 400
    unknown = client_of(built.leader).post(
        f"{base}/entries/0/disqualify/", {"reason": "x"}, format="json"
    )
    assert unknown.status_code == 404


def test_a_late_joiner_s_earlier_rounds_read_not_yet_joined() -> None:
    built = event_with_round(4, rounds=2, results=[["1-0", "1-0"], ["1-0", "1-0"]])
    late = UserFactory()
    MembershipFactory(team=built.event.team, user=late, role=Membership.Role.MEMBER)
    tournament_join(tournament=built.event, user=late)
    base = _base(built.event.id)

    row = APIClient().get(f"{base}/standings/", {"username": late.username}).json()["results"][0]
    assert [(c["code"], c["not_yet_joined"]) for c in row["sheet"]] == [("H", True), ("Z", True)]
    early = APIClient().get(f"{base}/standings/", {"username": built.users[0].username}).json()
    assert not any(c["not_yet_joined"] for c in early["results"][0]["sheet"])
    byes = APIClient().get(f"{base}/rounds/2/").json()["byes"]
    assert byes == [{"username": late.username, "kind": "Z", "not_yet_joined": True}]


def test_cancelling_an_event_with_hidden_standings_pushes_every_row(monkeypatch) -> None:
    built = event_with_round(4, rounds=1, num_rounds=3, standings_hidden=True)
    pushed: list[int] = []
    monkeypatch.setattr(lifecycle.effects, "live_push", lambda *, tournament_id: pushed.append(1))
    version = built.event.standings_version
    answer = client_of(built.leader).post(f"{_base(built.event.id)}/cancel/")
    assert answer.status_code == 200, answer.json()
    built.event.refresh_from_db()
    assert built.event.standings_version > version and pushed == [1]
    payload = payloads.standings_page_payload(built.event)
    assert (len(payload["standings"]), payload["hidden"]) == (4, False)
