"""Races on PostgreSQL: real threads, each on its own connection, started together."""

import threading
from collections.abc import Callable

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from arbiter.common.exceptions import ApplicationError
from arbiter.teams.models import JoinRequest, Membership, Team
from arbiter.teams.services import membership_demote, team_create, team_join, team_leave
from tests.factories.teams import LeaderFactory, MembershipFactory, TeamFactory
from tests.factories.users import UserFactory
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)


def run_together(*calls: Callable[[], object]) -> list[object]:
    """Run each call in its own thread, released at the same instant; results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def work(index: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=WAIT_SECONDS)
            results[index] = call()
        except Exception as exc:
            results[index] = exc
        finally:
            connection.close()  # this thread's own connection; the test database is dropped later

    threads = [threading.Thread(target=work, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    return results


def _leaders(team: Team) -> list[int]:
    return list(
        team.memberships.filter(role=Membership.Role.LEADER).values_list("user_id", flat=True)
    )


@pytest.fixture
def two_leaders() -> tuple[Team, Membership, Membership]:
    team = TeamFactory()
    MembershipFactory(team=team)
    return team, LeaderFactory(team=team), LeaderFactory(team=team)


def test_two_leaders_demoting_each_other_at_once_leave_one_leader(two_leaders):
    team, first, second = two_leaders

    results = run_together(
        lambda: membership_demote(membership=second, actor=first.user),
        lambda: membership_demote(membership=first, actor=second.user),
    )

    # The loser is no longer a leader once it gets the lock, so it may not demote anyone.
    assert sum(isinstance(r, Membership) for r in results) == 1
    assert sum(isinstance(r, ApplicationError) for r in results) == 1
    assert len(_leaders(team)) == 1


def test_two_leaders_stepping_down_at_once_leave_one_leader(two_leaders):
    team, first, second = two_leaders

    results = run_together(
        lambda: membership_demote(membership=first, actor=first.user),
        lambda: membership_demote(membership=second, actor=second.user),
    )

    assert sum(isinstance(r, Membership) for r in results) == 1
    refusals = [r for r in results if isinstance(r, ApplicationError)]
    assert len(refusals) == 1
    assert "needs a leader" in refusals[0].message
    assert len(_leaders(team)) == 1


def test_two_leaders_leaving_at_once_leave_one_leader(two_leaders):
    team, first, second = two_leaders

    results = run_together(
        lambda: team_leave(team=team, user=first.user),
        lambda: team_leave(team=team, user=second.user),
    )

    assert sum(isinstance(r, ApplicationError) for r in results) == 1
    assert len(_leaders(team)) == 1
    assert team.memberships.count() == 2


def test_the_same_request_sent_twice_at_once_is_stored_once():
    team = LeaderFactory(team__join_policy=Team.JoinPolicy.REQUEST).team
    user = UserFactory()

    results = run_together(
        lambda: team_join(team=team, user=user), lambda: team_join(team=team, user=user)
    )

    assert sum(isinstance(r, JoinRequest) for r in results) == 1
    assert sum(isinstance(r, ApplicationError) for r in results) == 1
    assert JoinRequest.objects.filter(team=team, user=user).count() == 1


def test_two_teams_created_at_once_with_the_same_name_make_one_team():
    first, second = UserFactory(), UserFactory()

    results = run_together(
        lambda: team_create(user=first, name="Night Owls"),
        lambda: team_create(user=second, name="night owls"),
    )

    # Whichever loses, it gets a validation error on `name`, never an IntegrityError.
    assert sum(isinstance(r, Team) for r in results) == 1
    errors = [r for r in results if isinstance(r, ValidationError)]
    assert len(errors) == 1
    assert "name" in errors[0].message_dict
    assert Team.objects.count() == 1
    assert Membership.objects.count() == 1
