"""Login throttling is keyed on the address Django sees (issue 13, defect 7): a client that
sends its own X-Forwarded-For does not get a fresh allowance, unless a configured number of
trusted proxies says that header is theirs."""

import pytest
from django.test import override_settings
from rest_framework.settings import api_settings
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

pytestmark = pytest.mark.django_db


def _logins(forwarded: list[str]) -> list[int]:
    client = APIClient()
    return [
        client.post(
            "/api/auth/login/",
            {"username": "x", "password": "y"},
            format="json",
            HTTP_X_FORWARDED_FOR=address,
        ).status_code
        for address in forwarded
    ]


def test_a_forged_forwarded_for_does_not_reset_the_throttle(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "3/min"})
    codes = _logins([f"10.0.0.{n}" for n in range(1, 6)])
    assert codes == [400, 400, 400, 429, 429]


def test_behind_one_trusted_proxy_the_proxys_last_address_counts(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "2/min"})
    settings = {**api_settings.user_settings, "NUM_PROXIES": 1}
    with override_settings(REST_FRAMEWORK=settings):
        # The proxy appends the real client; what the client wrote before it is ignored.
        codes = _logins([f"6.6.6.{n}, 192.0.2.7" for n in range(1, 4)])
        other = _logins(["6.6.6.9, 192.0.2.8"])
    assert codes == [400, 400, 429]
    assert other == [400]
