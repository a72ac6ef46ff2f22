"""What a leader is told when a round cannot be paired (issue 39): who is missing (nobody
joined, too few checked in, the others paused), which constraint keeps teammates apart, and
why a hand-made board with two teammates is refused although the event lists no forbidden
pair."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, InvalidInput
from arbiter.teams.models import Membership
from arbiter.tournaments.models import (
    ForbiddenPairing,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.services.checkin import entry_check_in
from arbiter.tournaments.services.cohosts import cohost_accept, cohost_invite, entry_team_set
from arbiter.tournaments.services.entries import bye_request_create, tournament_withdraw
from arbiter.tournaments.services.pairing import (
    TeammatesUnpairable,
    round_pair_manually,
    round_pairing_propose,
    round_start_now,
)
from arbiter.tournaments.services.schedule import round_start_if_due
from arbiter.tournaments.services.teammates import teammates_check
from tests.factories.events import BuiltEvent, event_with_players, event_with_round
from tests.factories.teams import LeaderFactory
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _cohosted(built: BuiltEvent, guests: list[SwissParticipant], **options: object):
    """A second team co-hosts the event and `guests` play for it; the event keeps teammates
    apart with `options`. Returns the guest team."""
    event, leader = built.event, built.leader
    guest = LeaderFactory()
    guest.team.name = "Knights of Riga"
    guest.team.save(update_fields=["name"])
    cohost_invite(tournament=event, user=leader, team=guest.team)
    cohost_accept(tournament=event, user=guest.user, team=guest.team)
    for entry in guests:
        Membership.objects.get_or_create(team=guest.team, user=entry.user)
        entry_team_set(tournament=event, user=leader, participant=entry, team=guest.team)
    SwissTournament.objects.filter(id=event.id).update(**options)
    built.event = SwissTournament.objects.get(id=event.id)
    return guest.team


def _checkin_open(built: BuiltEvent) -> None:
    built.event.next_round_at = timezone.now() + timedelta(minutes=5)
    built.event.save(update_fields=["next_round_at"])


def test_teammates_on_one_board_are_refused_as_teammates_not_as_a_forbidden_pair() -> None:
    built = event_with_players(4, ratings=[2000, 1900, 1800, 1700])
    a, b, c, d = built.entries
    guests = _cohosted(built, [a, b], teammates_do_not_meet=True, teammates_rounds=None)
    event, leader = built.event, built.leader
    with pytest.raises(ApplicationError) as refused:
        round_pair_manually(
            tournament=event, user=leader, boards=[(a.id, b.id), (c.id, d.id)], bye=None
        )
    assert refused.value.message == "This pairing breaks the rules."
    assert refused.value.extra["fields"]["boards"] == [
        f"{a.display_name} and {b.display_name} are teammates ({guests.name}): "
        "this event keeps teammates apart in every round.",
        f"{c.display_name} and {d.display_name} are teammates ({event.team.name}): "
        "this event keeps teammates apart in every round.",
    ]

    # A pair the leader forbade keeps its words, teammates or not; the rounds covered are named.
    ForbiddenPairing.objects.create(tournament=event, player1=a, player2=b)
    SwissTournament.objects.filter(id=event.id).update(teammates_rounds=2)
    event = SwissTournament.objects.get(id=event.id)
    with pytest.raises(ApplicationError) as refused:
        round_pair_manually(
            tournament=event, user=leader, boards=[(a.id, b.id), (c.id, d.id)], bye=None
        )
    assert refused.value.extra["fields"]["boards"] == [
        f"{a.display_name} and {b.display_name} is a forbidden pair",
        f"{c.display_name} and {d.display_name} are teammates ({event.team.name}): "
        "this event keeps teammates apart in rounds 1 to 2.",
    ]
    stored = round_pair_manually(  # one player of each team per board: it keeps every rule
        tournament=event, user=leader, boards=[(a.id, d.id), (c.id, b.id)], bye=None
    )
    assert stored.number == 1


def test_the_manual_pairing_api_answers_400_naming_the_teammates() -> None:
    built = event_with_players(4, ratings=[2000, 1900, 1800, 1700])
    a, b, c, d = built.entries
    _cohosted(built, [a, b], teammates_do_not_meet=True, teammates_rounds=1)
    response = client_of(built.leader).post(
        f"/api/tournaments/swiss/{built.event.id}/manual-pairings/",
        {
            "boards": [
                {"white": a.display_name, "black": b.display_name},
                {"white": c.display_name, "black": d.display_name},
            ]
        },
        format="json",
    )
    assert response.status_code == 400, response.json()
    messages = response.json()["extra"]["fields"]["boards"]
    assert messages[0] == (
        f"{a.display_name} and {b.display_name} are teammates (Knights of Riga): "
        "this event keeps teammates apart in round 1."
    )
    assert all("forbidden" not in message for message in messages)


def test_too_few_checked_in_is_said_as_such_by_the_check_the_proposal_and_the_start() -> None:
    built = event_with_players(5, checkin_minutes=60)
    _checkin_open(built)
    event, leader = built.event, built.leader
    entry_check_in(tournament=event, user=built.users[0])
    expected = "Only 1 of 5 players has checked in for round 1; at least two must check in."

    check = teammates_check(
        tournament=event, user=leader, teammates_do_not_meet=True, teammates_rounds=None
    )
    assert (check.round, check.pairable) == (1, None)
    assert check.message == f"Nothing to check yet. {expected}"
    with pytest.raises(ApplicationError) as proposal:
        round_pairing_propose(tournament=event, user=leader)
    assert proposal.value.message == expected
    with pytest.raises(ApplicationError) as start:
        round_start_now(tournament=event, user=leader)
    assert start.value.message == expected
    with pytest.raises(InvalidInput) as manual:
        round_pair_manually(tournament=event, user=leader, boards=[], bye=None)
    assert manual.value.extra["fields"]["boards"] == [expected]

    # The start time comes: the event ends, saying why.
    SwissTournament.objects.filter(id=event.id).update(next_round_at=timezone.now())
    assert round_start_if_due(tournament_id=event.id) is None
    ended = SwissTournament.objects.get(id=event.id)
    assert ended.status == TournamentStatus.FINISHED
    assert ended.end_reason == "Only 1 of 5 players had checked in for round 1."


def test_nobody_checked_in() -> None:
    built = event_with_players(3, checkin_minutes=60)
    _checkin_open(built)
    with pytest.raises(ApplicationError) as refused:
        round_pairing_propose(tournament=built.event, user=built.leader)
    assert refused.value.message == (
        "None of the 3 players has checked in for round 1; at least two must check in."
    )


@pytest.mark.parametrize(
    ("joined", "said", "ended"),
    [
        (0, "Nobody has joined yet: round 1 needs at least two players.", "Nobody joined."),
        (1, "Only one player has joined: round 1 needs at least two players.", None),
    ],
)
def test_before_anyone_joined_the_leader_is_told_who_joined(
    joined: int, said: str, ended: str | None
) -> None:
    built = event_with_players(joined)
    event, leader = built.event, built.leader
    with pytest.raises(ApplicationError) as proposal:
        round_pairing_propose(tournament=event, user=leader)
    assert proposal.value.message == said
    check = teammates_check(
        tournament=event, user=leader, teammates_do_not_meet=True, teammates_rounds=None
    )
    assert check.message == f"Nothing to check yet. {said}"
    if ended is not None:  # the start time ends an event nobody joined
        SwissTournament.objects.filter(id=event.id).update(next_round_at=timezone.now())
        round_start_if_due(tournament_id=event.id)
        assert SwissTournament.objects.get(id=event.id).end_reason == ended


def test_a_later_round_names_who_sits_out() -> None:
    built = event_with_round(4, rounds=1, results=[["1-0", "0-1"]], bye_request_limit=1)
    event, leader = built.event, built.leader
    first, second, third, _ = built.users
    for user in (first, second):
        tournament_withdraw(tournament=event, user=user)
    bye_request_create(tournament=event, user=third, round_number=2)
    with pytest.raises(ApplicationError) as proposal:
        round_pairing_propose(tournament=event, user=leader)
    assert proposal.value.message == (
        "Only 1 of 4 players can be paired in round 2 (2 paused, 1 with a half-point bye); "
        "at least two are needed."
    )
    SwissTournament.objects.filter(id=event.id).update(next_round_at=timezone.now())
    round_start_if_due(tournament_id=event.id)
    ended = SwissTournament.objects.get(id=event.id)
    assert ended.status == TournamentStatus.FINISHED
    assert ended.end_reason == (
        "Only 1 of 4 players could be paired in round 2 (2 paused, 1 with a half-point bye)."
    )


def test_teammates_that_cannot_be_kept_apart_are_named_with_the_constraint() -> None:
    """Three of four players in one team: the check, the proposal and the start say which
    team holds too many of the players to pair, what the option covers, and what to change;
    the engine's own words come last."""
    built = event_with_players(4, ratings=[2000, 1900, 1800, 1700])
    guests = _cohosted(built, built.entries[:3], teammates_do_not_meet=False)
    event, leader = built.event, built.leader
    check = teammates_check(
        tournament=event, user=leader, teammates_do_not_meet=True, teammates_rounds=3
    )
    assert check.pairable is False
    head = (
        "Round 1 cannot be paired with teammates kept apart (“Teammates do not meet” in rounds "
        f"1 to 3): {guests.name} has 3 of the 4 players to pair, and only 1 of them can play "
        "someone from another team. Untick “Teammates do not meet” or move players to another "
        "team. The pairing engine answered: "
    )
    assert check.message.startswith(head), check.message

    SwissTournament.objects.filter(id=event.id).update(teammates_do_not_meet=True)
    event = SwissTournament.objects.get(id=event.id)
    with pytest.raises(TeammatesUnpairable) as proposal:
        round_pairing_propose(tournament=event, user=leader)
    assert proposal.value.message.startswith(head.replace("rounds 1 to 3", "every round"))
    with pytest.raises(TeammatesUnpairable) as start:
        round_start_now(tournament=event, user=leader)
    assert start.value.message == proposal.value.message


def test_teams_of_equal_size_blocked_by_past_games_and_a_forbidden_pair() -> None:
    """Round 2 of four players, two teams of two: round 1's games and one forbidden pair
    leave no pairing with teammates apart. No team is too large, so the words say it is the
    games played and the forbidden pairs; from round 2 on, covering fewer rounds helps."""
    built = event_with_round(
        4, rounds=1, results=[["1-0", "1-0"]], ratings=[2000, 1900, 1800, 1700]
    )
    first, second, _, fourth = built.entries  # round 1: first-third, second-fourth
    _cohosted(built, [first, second], teammates_do_not_meet=True, teammates_rounds=None)
    ForbiddenPairing.objects.create(tournament=built.event, player1=first, player2=fourth)
    with pytest.raises(TeammatesUnpairable) as refused:
        round_pairing_propose(tournament=built.event, user=built.leader)
    message = refused.value.message
    assert message.startswith(
        "Round 2 cannot be paired with teammates kept apart (“Teammates do not meet” in every "
        "round): no team has more than half of the players to pair, but with the games already "
        "played (no rematch, the colour rules) and the forbidden pairs no pairing keeps every "
        "two teammates apart. Untick “Teammates do not meet”, limit it to the first round or "
        "move players to another team. The pairing engine answered: "
    ), message


def test_in_round_one_only_the_forbidden_pairs_can_add_to_it() -> None:
    built = event_with_players(4, ratings=[2000, 1900, 1800, 1700])
    a, b, c, d = built.entries
    _cohosted(built, [a, b], teammates_do_not_meet=False)
    for other in (c, d):  # a may meet neither player of the other team
        ForbiddenPairing.objects.create(tournament=built.event, player1=a, player2=other)
    check = teammates_check(
        tournament=built.event, user=built.leader, teammates_do_not_meet=True, teammates_rounds=1
    )
    assert check.pairable is False
    assert check.message.startswith(
        "Round 1 cannot be paired with teammates kept apart (“Teammates do not meet” in round "
        "1): no team has more than half of the players to pair, but with the forbidden pairs no "
        "pairing keeps every two teammates apart. Untick “Teammates do not meet” or move "
        "players to another team. The pairing engine answered: "
    ), check.message
