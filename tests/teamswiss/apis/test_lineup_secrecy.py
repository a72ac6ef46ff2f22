"""Line-ups are secret from the other side until they close, even for a host leader who
captains a team or plays for one; a host leader with no side in the event is the arbiter and
reads and sets any."""

import pytest

from arbiter.teamswiss.models import TeamSwissTeam
from tests.factories.teams import LeaderFactory
from tests.teamswiss.helpers import event_with_teams

pytestmark = pytest.mark.django_db


def test_a_leader_with_a_side_sees_and_sets_only_their_own_line_up(client_for):
    built = event_with_teams(teams=2, boards=2)
    ours, theirs = built.teams
    TeamSwissTeam.objects.filter(id=ours.id).update(captain=built.leader)
    playing_leader = built.players[0][1]  # a host leader who plays for the first team
    LeaderFactory(team=built.event.host, user=playing_leader)
    arbiter = client_for(LeaderFactory(team=built.event.host).user)
    base = f"/api/team-swiss/{built.event.id}"
    assert arbiter.post(f"{base}/start-next-round/").status_code == 201
    tpn = {team["name"]: team["tpn"] for team in arbiter.get(f"{base}/").json()["teams"]}
    mine, other = (f"{base}/rounds/1/lineups/{tpn[t.name]}/" for t in (ours, theirs))
    squad = [p.id for p in theirs.players.order_by("order")]

    for user in (built.leader, playing_leader):
        client = client_for(user)
        assert client.get(mine).status_code == 200
        read = client.get(other)
        assert read.status_code == 403, read.json()
        assert "until the line-ups close" in read.json()["message"]
        assert client.put(other, {"players": squad}, format="json").status_code == 403
    own = [p.id for p in ours.players.order_by("order")]
    assert client_for(built.leader).put(mine, {"players": own}, format="json").status_code == 200

    # The arbiter (a host leader on no team) reads and sets either; once closed, all may read.
    assert arbiter.put(other, {"players": squad}, format="json").status_code == 200
    assert arbiter.get(mine).status_code == 200
    assert arbiter.post(f"{base}/rounds/1/close-lineups/").status_code == 200
    assert client_for(built.leader).get(other).json()["submitted"] is True
