"""`manage.py seed_demo`: a team, 40 rated players and an event halfway through, seeded once."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from arbiter.demo.services import EVENT_NAME, PASSWORD, TEAM_NAME, demo_usernames
from arbiter.teams.models import Team
from arbiter.tournaments.models import (
    RoundStatus,
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissTournament,
    TournamentStatus,
)
from arbiter.users.models import User

pytestmark = pytest.mark.django_db(transaction=True)


def seed() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_a_seed_that_fails_leaves_nothing_and_the_next_builds_the_club_once(
    monkeypatch, api_client
):
    """All or nothing: a failure halfway (here the second event's pairing) removes what the
    seed created, so the next run seeds afresh instead of saying the data exists: a team, an
    event halfway through and two more, once (seeding again creates nothing)."""
    from arbiter.demo import services

    played = services._play_rounds

    def fail_on_the_main_event(event, *args, **kwargs):
        if event.name == EVENT_NAME:
            raise RuntimeError("the engine fell over")
        played(event, *args, **kwargs)

    monkeypatch.setattr(services, "_play_rounds", fail_on_the_main_event)
    with pytest.raises(RuntimeError):
        seed()
    assert not Team.objects.filter(name=TEAM_NAME).exists()
    assert not SwissTournament.objects.exists()
    assert not User.objects.filter(username__in=demo_usernames()).exists()

    # The next run seeds afresh (`--reset` over existing data: test_seed_demo_served.py).
    monkeypatch.undo()
    output = seed()
    assert "Created team" in output
    event = SwissTournament.objects.get(name=EVENT_NAME)
    assert f"/swiss/{event.id}" in output and PASSWORD in output
    assert event.team.name == TEAM_NAME and event.team.memberships.count() == 41
    assert event.status == TournamentStatus.RUNNING
    assert (event.current_round, event.num_rounds) == (4, 7)

    players = SwissParticipant.objects.filter(tournament=event).select_related("user")
    assert sorted(p.user.username for p in players) == sorted(demo_usernames())
    assert len({p.rating for p in players}) > 20  # rated players, not one default rating

    rounds = {r.number: r for r in SwissRound.objects.filter(tournament=event)}
    assert [rounds[n].status for n in (1, 2, 3)] == [RoundStatus.COMPLETE] * 3
    assert rounds[4].status == RoundStatus.PLAYING
    current = list(rounds[4].pairings.values_list("result", flat=True))
    assert len(current) == 20 and current.count("") == 10
    assert all(p.result for n in (1, 2, 3) for p in rounds[n].pairings.all())

    # The public API shows the event with standings after three rounds.
    standings = api_client.get(f"/api/tournaments/swiss/{event.id}/standings/").json()
    assert standings["count"] == 40
    leader_points = float(standings["results"][0]["points"])
    assert 2.5 <= leader_points <= 4  # three rounds played, the fourth half reported
    assert User.objects.get(username=demo_usernames()[0]).check_password(PASSWORD)

    # The lobby also gets a finished event and an upcoming one.
    events = {e.name: e for e in SwissTournament.objects.exclude(name=EVENT_NAME)}
    warm_up, friday = events["Demo Warm-up Swiss"], events["Demo Friday Blitz"]
    assert warm_up.status == TournamentStatus.FINISHED and warm_up.participants.count() == 8
    assert all(p.result for p in SwissPairing.objects.filter(round__tournament=warm_up))
    assert friday.status == TournamentStatus.SCHEDULED and friday.participants.count() == 12
    assert friday.start_time > timezone.now() and friday.start_time.weekday() == 4

    # Seeding again says the data exists and creates nothing.
    assert "already exists" in seed()
    assert Team.objects.filter(name=TEAM_NAME).count() == 1
    assert SwissTournament.objects.count() == 3
