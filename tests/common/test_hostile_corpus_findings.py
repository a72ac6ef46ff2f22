"""What the hostile corpus (test_hostile_corpus.py) found on the native API, each pinned on
its own: a DELETE that ignored its body and deleted, a NUL in a TRF import's team that
reached the database (a 500), a bidi override stored in a one-line name."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from arbiter.teams.models import Team
from arbiter.tournaments.models import CoHostStatus, EntryClaim, ForbiddenPairing, SwissCoHost
from arbiter.users.models import ApiToken
from tests.factories.events import event_with_players
from tests.factories.teams import LeaderFactory, MembershipFactory, TeamFactory
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("body", [DEEP, '{"corpus": 1}', "{not json"])
def test_a_delete_refuses_a_body_and_deletes_nothing(body: str) -> None:
    built = event_with_players(3, registered=1)
    first, second, registered = built.entries
    pair = ForbiddenPairing.objects.create(tournament=built.event, player1=first, player2=second)
    claimer = UserFactory()
    MembershipFactory(team=built.event.team, user=claimer)
    claim = EntryClaim.objects.create(participant=registered, user=claimer)
    cohost = SwissCoHost.objects.create(
        tournament=built.event, team=TeamFactory(), status=CoHostStatus.INVITED
    )
    base = f"/api/tournaments/swiss/{built.event.id}"
    leader = client_of(built.leader)
    for url in (
        f"{base}/forbidden-pairings/{pair.id}/",
        f"{base}/registered/claims/{claim.id}/",
        f"{base}/cohosts/{cohost.team.slug}/",
    ):
        reply = leader.generic("DELETE", url, body, "application/json")
        assert reply.status_code == 400, (url, reply.status_code)
        assert set(reply.json()) == {"message", "extra"}
    assert ForbiddenPairing.objects.filter(id=pair.id).exists()
    assert EntryClaim.objects.filter(id=claim.id).exists()
    assert SwissCoHost.objects.filter(id=cohost.id).exists()


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ('{"team": "a\\u0000b", "trf": "012 x"}', "application/json"),
        (
            '--b\r\nContent-Disposition: form-data; name="team"\r\n\r\na\x00b\r\n--b--\r\n',
            "multipart/form-data; boundary=b",
        ),
    ],
)
def test_a_trf_import_for_a_team_named_with_nul_is_a_400(body: str, content_type: str) -> None:
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(LeaderFactory().user)
    reply = client.generic("POST", "/api/tournaments/swiss/import-trf/", body, content_type)
    assert reply.status_code == 400, reply.content[:200]
    assert "team" in reply.json()["extra"]["fields"]


@pytest.mark.parametrize("override", ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u202a"])
def test_a_bidi_override_is_refused_in_one_line_text(override: str) -> None:
    user = UserFactory()
    client = APIClient()
    client.force_authenticate(user)
    name = f"Knights{override}sthgink"  # shows as "Knightsknights" reversed: a forged name
    reply: Any = client.post("/api/teams/", {"name": name}, format="json")
    assert reply.status_code == 400, reply.json()
    assert "name" in reply.json()["extra"]["fields"]
    assert not Team.objects.filter(name=name).exists()

    session = APIClient()
    session.force_login(user)
    reply = session.post("/api/auth/tokens/", {"name": f"ci{override}"}, format="json")
    assert reply.status_code == 400, reply.json()
    assert not ApiToken.objects.filter(user=user).exists()


def test_right_to_left_text_and_marks_stay_allowed() -> None:
    client = APIClient()
    client.force_authenticate(UserFactory())
    reply = client.post("/api/teams/", {"name": "מועדון השחמט\u200f"}, format="json")
    assert reply.status_code == 201, reply.json()
