"""Names outside ASCII, longer than the TRF field, and an event name with a line break
(issue 13, defect 3): every round pairs, and the TRF export reads back to the same players."""

import pytest

from arbiter.teams.models import Membership
from arbiter.tournaments.models import SwissTournament
from arbiter.trf.reader import read_trf
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of, create_event

pytestmark = pytest.mark.django_db

NAMES = ["Łukasz_Żółć", "张伟", "محمد_علي", "Ζωή", "Иван", "Jürgen", "स्मिता", "x" * 150]


def test_names_in_several_scripts_pair_every_round_and_export():
    leader = LeaderFactory()
    team = leader.team
    members = []
    for name in NAMES:
        user = UserFactory(username=name)
        MembershipFactory(team=team, user=user, role=Membership.Role.MEMBER)
        members.append(user)
    arbiter = client_of(leader.user)
    refused = arbiter.post(
        "/api/tournaments/swiss/",
        {"team": team.slug, "name": 'The "Open"\r\nCup', "num_rounds": 3},
        format="json",
    )
    assert refused.status_code == 400
    assert "Control characters" in refused.json()["extra"]["fields"]["name"][0]
    event = create_event(leader.user, team, num_rounds=3, name='The "Open" Cup')
    # An event stored before names were checked still exports (its line break is a space).
    SwissTournament.objects.filter(id=event["id"]).update(name='The "Open"\r\nCup')
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    by_name = {u.username: u for u in members}
    for number in (1, 2, 3):
        started = arbiter.post(f"{base}/start-next-round/")
        assert started.status_code == 201, started.json()
        assert started.json()["number"] == number
        for board in started.json()["pairings"]:
            white = client_of(by_name[board["white"]])
            url = f"{base}/pairings/{board['id']}/result/"
            assert white.post(url, {"result": "1-0"}, format="json").status_code == 200

    exported = arbiter.get(f"{base}/export/trf/")
    assert exported.status_code == 200
    text = exported.content.decode("utf-8")
    parsed = read_trf(text)
    assert parsed.header["012"] == 'The "Open" Cup'
    assert {p.name for p in parsed.players} == {name[:33] for name in NAMES}
    standings = arbiter.get(f"{base}/standings/?page_size=100").json()["results"]
    assert {row["username"] for row in standings} == set(NAMES)  # display names are whole
