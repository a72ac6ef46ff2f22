import pytest
from django.core.exceptions import ValidationError

from arbiter.teams.models import Membership, Team
from arbiter.teams.services import team_create
from tests.factories.teams import TeamFactory
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


def test_team_create_makes_the_creator_its_leader():
    user = UserFactory()

    team = team_create(
        user=user, name="Rook Lifters", description="Club", join_policy=Team.JoinPolicy.REQUEST
    )

    assert team.slug == "rook-lifters"
    assert team.join_policy == Team.JoinPolicy.REQUEST
    assert list(team.memberships.values_list("user_id", "role")) == [
        (user.id, Membership.Role.LEADER)
    ]


def test_team_create_suffixes_a_slug_already_taken():
    user = UserFactory()
    first = team_create(user=user, name="Les Fous")
    second = team_create(user=user, name="les-fous")
    third = team_create(user=user, name="LES  FOUS!")

    assert [first.slug, second.slug, third.slug] == ["les-fous", "les-fous-2", "les-fous-3"]


def test_team_create_transliterates_a_name_in_another_script():
    assert team_create(user=UserFactory(), name="Шахматы").slug == "shakhmaty"
    assert team_create(user=UserFactory(), name="Шахматный клуб Москва").slug == (
        "shakhmatnyi-klub-moskva"
    )
    assert team_create(user=UserFactory(), name="象棋").slug == "xiang-qi"
    assert team_create(user=UserFactory(), name="Ελλάδα").slug == "ellada"
    # Two names that transliterate alike still get distinct slugs.
    assert team_create(user=UserFactory(), name="шахматы!").slug == "shakhmaty-2"


def test_team_create_falls_back_to_a_plain_slug_when_nothing_transliterates():
    assert team_create(user=UserFactory(), name="🎉").slug == "team"
    assert team_create(user=UserFactory(), name="🎉🎉").slug == "team-2"


def test_team_create_refuses_a_name_taken_in_another_case():
    TeamFactory(name="Knights")
    user = UserFactory()

    with pytest.raises(ValidationError) as exc:
        team_create(user=user, name="kNIGHTS")

    assert "name" in exc.value.message_dict
    assert Team.objects.count() == 1
    assert not Membership.objects.filter(user=user).exists()


@pytest.mark.parametrize(
    ("fields", "bad_field"),
    [
        ({"name": "Bishops", "join_policy": "maybe"}, "join_policy"),
        ({"name": "Bishops", "description": "x" * 2001}, "description"),
        ({"name": "x" * 101}, "name"),
        ({"name": ""}, "name"),
    ],
)
def test_team_create_validates_fields_and_stores_nothing(fields, bad_field):
    with pytest.raises(ValidationError) as exc:
        team_create(user=UserFactory(), **fields)

    assert bad_field in exc.value.message_dict
    assert Team.objects.count() == 0
    assert Membership.objects.count() == 0
