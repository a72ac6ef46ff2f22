"""With the throttles' cache unreachable (Redis down), signing up, logging in and joining an
event still work: the throttle lets the request through and logs it, instead of a 500."""

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of, create_event

pytestmark = pytest.mark.django_db

# A Redis address nothing listens on: every cache call fails to connect.
DEAD_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
    }
}


def test_register_login_and_join_work_while_the_cache_is_down(caplog):
    leader = LeaderFactory()
    member = MembershipFactory(team=leader.team).user
    event = create_event(leader.user, leader.team, password="sesame")
    with override_settings(CACHES=DEAD_REDIS):
        anonymous = APIClient()
        body = {"username": "newcomer", "password": "a long enough password 1"}
        assert anonymous.post("/api/auth/register/", body, format="json").status_code == 201
        UserFactory(username="known", password="right password 12")
        wrong = {"username": "known", "password": "wrong"}
        assert anonymous.post("/api/auth/login/", wrong, format="json").status_code == 400
        right = {"username": "known", "password": "right password 12"}
        assert APIClient().post("/api/auth/login/", right, format="json").status_code == 200
        joined = client_of(member).post(
            f"/api/tournaments/swiss/{event['id']}/join/", {"password": "sesame"}, format="json"
        )
        assert joined.status_code == 201, joined.json()
    assert "cache unreachable, request let through" in caplog.text
