"""Join-with-password (issue 13, defect 7): guesses are throttled per user, and the password is
checked before the event's row lock is taken, so a wrong guess holds up no one."""

import pytest
from rest_framework.throttling import SimpleRateThrottle

from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def test_password_guesses_are_throttled(monkeypatch):
    # The join's service counts (`user_throttle`), with the rates every throttle reads.
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "join": "3/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    team, leader, members = team_with_members(2)
    event = create_event(leader, team, password="sesame")
    url = f"/api/tournaments/swiss/{event['id']}/join/"
    guesser = client_of(members[0])
    codes = [
        guesser.post(url, {"password": f"guess{n}"}, format="json").status_code for n in range(4)
    ]
    assert codes == [400, 400, 400, 429]
    # Another player has an allowance of their own.
    assert client_of(members[1]).post(url, {"password": "sesame"}, format="json").status_code == 201
