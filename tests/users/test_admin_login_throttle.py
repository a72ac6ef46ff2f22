"""The Django admin's login is throttled per client address (issue 13, defect 7), in the same
allowance as the API's login, and keyed the same way: a client's own X-Forwarded-For does not
buy a fresh allowance. Before the fix every attempt was answered (200, the form's error)."""

import pytest
from django.test import Client, override_settings
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from arbiter.users.admin_site import AdminLoginThrottle
from tests.factories.users import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _three_a_minute(monkeypatch):
    for throttle in (AdminLoginThrottle, ScopedRateThrottle):
        monkeypatch.setattr(throttle, "THROTTLE_RATES", {"auth": "3/min"})


def _admin_logins(forwarded: list[str], password: str = "wrong") -> list[int]:
    client = Client()
    return [
        client.post(
            "/admin/login/",
            {"username": "boss", "password": password},
            HTTP_X_FORWARDED_FOR=address,
        ).status_code
        for address in forwarded
    ]


def test_admin_login_attempts_beyond_the_rate_get_429():
    UserFactory(username="boss", is_staff=True)
    assert _admin_logins([f"10.0.0.{n}" for n in range(1, 6)]) == [200, 200, 200, 429, 429]
    # Even the right password waits: the throttle comes before the check.
    assert _admin_logins(["10.0.0.9"], password=PASSWORD) == [429]


def test_the_admin_and_the_api_share_one_allowance():
    client = Client()
    for _ in range(3):
        client.post(
            "/api/auth/login/", {"username": "x", "password": "y"}, content_type="application/json"
        )
    assert _admin_logins(["10.0.0.1"]) == [429]


def test_behind_one_trusted_proxy_each_client_address_has_its_own_allowance():
    UserFactory(username="boss", is_staff=True)
    rest = {**api_settings.user_settings, "NUM_PROXIES": 1}
    with override_settings(REST_FRAMEWORK=rest):
        assert _admin_logins([f"6.6.6.{n}, 192.0.2.7" for n in range(1, 5)]) == [
            200,
            200,
            200,
            429,
        ]
        # What the client wrote before the proxy's entry is ignored; the proxy's entry counts.
        assert _admin_logins(["6.6.6.9, 192.0.2.8"]) == [200]
