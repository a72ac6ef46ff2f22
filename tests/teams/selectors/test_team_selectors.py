import pytest
from django.contrib.auth.models import AnonymousUser

from arbiter.teams.models import JoinRequest, Membership
from arbiter.teams.read import (
    join_request_get,
    join_request_list,
    membership_get,
    membership_list,
    team_get_by_slug,
    team_is_leader,
    team_is_member,
    team_list,
    team_role,
)
from tests.factories.teams import (
    JoinRequestFactory,
    LeaderFactory,
    MembershipFactory,
    TeamFactory,
)
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


def test_team_list_orders_by_name_and_counts_members():
    bishops = TeamFactory(name="bishops")
    TeamFactory(name="Archers")
    MembershipFactory.create_batch(3, team=bishops)

    teams = list(team_list())

    assert [(t.name, t.member_count) for t in teams] == [("Archers", 0), ("bishops", 3)]


def test_team_list_searches_names_in_any_case():
    TeamFactory(name="Knights of Oslo")
    TeamFactory(name="Bergen Rooks")

    assert [t.name for t in team_list(search="OSLO")] == ["Knights of Oslo"]
    assert [t.name for t in team_list(search="zzz")] == []


@pytest.mark.parametrize(
    ("name", "searches"),
    [
        ("Шахматный клуб Москва", ["шахмат", "ШАХМАТ", "МОСКВА", "Клуб"]),  # noqa: RUF001 (Cyrillic on purpose)
        ("Ελληνικός Όμιλος", ["ελληνικός", "ΕΛΛΗΝΙΚΌΣ", "όμιλος"]),
        ("Straße Springer", ["STRASSE", "straße", "SPRINGER"]),
        ("Échecs de Montréal", ["ÉCHECS", "montréal"]),
    ],
)
def test_team_list_searches_any_script_in_any_case(name, searches):
    TeamFactory(name=name)
    TeamFactory(name="Bergen Rooks")

    for search in searches:
        assert [t.name for t in team_list(search=search)] == [name], search


def test_team_list_search_compares_folded_text_in_python_not_in_the_database():
    # SQLite's LIKE and lower() fold ASCII only: the database compares text Python folded.
    sql, params = team_list(search="ШАХМАТ").query.sql_with_params()
    assert "name_folded" in sql
    assert "UPPER" not in sql.upper().replace("NAME_FOLDED", "")
    assert "%шахмат%" in params


def test_team_name_folded_follows_a_renamed_team():
    team = TeamFactory(name="Ладья")
    assert team.name_folded == "ладья"
    team.name = "ФЕРЗЬ"
    team.save(update_fields=["name"])
    team.refresh_from_db()
    assert team.name_folded == "ферзь"
    assert [t.name for t in team_list(search="ферзь")] == ["ФЕРЗЬ"]


def test_team_list_mine_keeps_the_users_teams_with_their_full_member_count():
    user = UserFactory()
    mine = MembershipFactory(user=user, team__name="Mine").team
    MembershipFactory.create_batch(2, team=mine)
    MembershipFactory(team__name="Theirs")

    teams = list(team_list(mine=True, user=user))

    assert [(t.name, t.member_count) for t in teams] == [("Mine", 3)]


def test_team_list_mine_is_empty_for_anonymous_users():
    MembershipFactory()

    assert list(team_list(mine=True, user=AnonymousUser())) == []
    assert list(team_list(mine=True, user=None)) == []


def test_team_get_by_slug_counts_members_or_returns_none():
    team = MembershipFactory(team__name="Pawn Storm").team

    found = team_get_by_slug(slug="pawn-storm")

    assert found == team
    assert found is not None
    assert found.member_count == 1
    assert team_get_by_slug(slug="nope") is None


def test_team_is_leader_and_team_is_member(team, leader, member, outsider):
    assert team_is_leader(team=team, user=leader)
    assert team_is_member(team=team, user=leader)
    assert not team_is_leader(team=team, user=member)
    assert team_is_member(team=team, user=member)
    for nobody in (outsider, AnonymousUser()):
        assert not team_is_leader(team=team, user=nobody)
        assert not team_is_member(team=team, user=nobody)


def test_team_is_leader_is_per_team(leader, outsider):
    other = LeaderFactory(user=outsider).team

    assert team_is_leader(team=other, user=outsider)
    assert not team_is_leader(team=other, user=leader)
    assert not team_is_member(team=other, user=leader)


def test_team_role(team, leader, member, outsider):
    assert team_role(team=team, user=leader) == "leader"
    assert team_role(team=team, user=member) == "member"
    assert team_role(team=team, user=outsider) is None
    assert team_role(team=team, user=AnonymousUser()) is None


def test_membership_list_puts_leaders_first(team, leader, member):
    late_leader = LeaderFactory(team=team)

    roles = [(m.user.username, m.role) for m in membership_list(team=team)]

    assert roles == [
        ("lead", Membership.Role.LEADER),
        (late_leader.user.username, Membership.Role.LEADER),
        ("pawn", Membership.Role.MEMBER),
    ]


def test_membership_get_ignores_username_case(team, member):
    found = membership_get(team=team, username="PAWN")

    assert found is not None
    assert found.user == member
    assert membership_get(team=team, username="nobody") is None
    assert membership_get(team=TeamFactory(), username="pawn") is None


def test_join_request_list_returns_pending_requests_only():
    pending = JoinRequestFactory()
    JoinRequestFactory(team=pending.team, status=JoinRequest.Status.REFUSED)
    JoinRequestFactory(team=pending.team, status=JoinRequest.Status.APPROVED)
    JoinRequestFactory()  # another team

    assert list(join_request_list(team=pending.team)) == [pending]


def test_join_request_get_stays_within_the_team():
    join_request = JoinRequestFactory()

    assert join_request_get(team=join_request.team, request_id=join_request.id) == join_request
    assert join_request_get(team=TeamFactory(), request_id=join_request.id) is None
    assert join_request_get(team=join_request.team, request_id=10**12) is None
