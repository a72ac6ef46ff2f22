import pytest
from django.core.exceptions import ValidationError

from arbiter.common.exceptions import PermissionDenied
from arbiter.teams.models import Team
from arbiter.teams.services import team_update

pytestmark = pytest.mark.django_db


def test_team_update_lets_a_leader_change_description_and_policy(team, leader):
    team_update(team=team, user=leader, description="Tuesdays", join_policy="request")

    team.refresh_from_db()
    assert (team.description, team.join_policy) == ("Tuesdays", Team.JoinPolicy.REQUEST)


def test_team_update_leaves_unspecified_fields_alone(team, leader):
    team_update(team=team, user=leader, description="Tuesdays")
    team_update(team=team, user=leader, join_policy="request")

    team.refresh_from_db()
    assert (team.description, team.join_policy) == ("Tuesdays", Team.JoinPolicy.REQUEST)


@pytest.mark.parametrize("who", ["member", "outsider"])
def test_team_update_refuses_non_leaders(request, team, member, who, stored):
    before = stored()

    with pytest.raises(PermissionDenied):
        team_update(team=team, user=request.getfixturevalue(who), description="Mine now")

    assert stored() == before


def test_team_update_validates_the_policy(team, leader, stored):
    before = stored()

    with pytest.raises(ValidationError) as exc:
        team_update(team=team, user=leader, join_policy="maybe")

    assert "join_policy" in exc.value.message_dict
    assert stored() == before
