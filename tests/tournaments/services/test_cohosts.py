"""Co-hosted events: invitations, joining for a team, the team standings, teammates kept
apart (and the engine's refusal when they cannot be), the team records of the TRF."""

from decimal import Decimal

import pytest
from django.utils import timezone
from gacrux.trf2json import trf2json

from arbiter.common.exceptions import ApplicationError, Conflict, InvalidInput, PermissionDenied
from arbiter.pairing import errors as pairing_errors
from arbiter.pairing.round_pairing import pair_round
from arbiter.teams.models import Membership
from arbiter.tournaments.live import payloads, push
from arbiter.tournaments.models import (
    AuditEntry,
    CoHostStatus,
    SwissRound,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.prizes import prize_table
from arbiter.tournaments.read.selectors import entry_conditions
from arbiter.tournaments.read.teams import team_standings
from arbiter.tournaments.read.trf_export import tournament_trf
from arbiter.tournaments.services.cohosts import (
    cohost_accept,
    cohost_decline,
    cohost_invite,
    cohost_remove,
    entry_team_set,
)
from arbiter.tournaments.services.entries import tournament_join
from arbiter.tournaments.services.lifecycle import tournament_update
from arbiter.tournaments.services.pairing import TeammatesUnpairable, round_start_now
from arbiter.tournaments.services.prizes import prize_table_set
from arbiter.tournaments.services.round_plan import round_plan, round_plan_request
from arbiter.tournaments.services.schedule import round_start_if_due
from arbiter.tournaments.services.teammates import teammates_check
from tests.factories.events import event_with_players, event_with_round, round_next
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


def _cohost(event: SwissTournament, host_leader):
    """A second team, invited and accepted; returns its leader membership."""
    guest = LeaderFactory()
    cohost_invite(tournament=event, user=host_leader, team=guest.team)
    cohost_accept(tournament=event, user=guest.user, team=guest.team)
    return guest


def _team_set(event: SwissTournament, leader, entry, team):
    """`entry_team_set` for a player made a member of the team first: a player goes only to
    a co-host they belong to."""
    if team.id != event.team_id and entry.user is not None:
        Membership.objects.get_or_create(team=team, user=entry.user)
    return entry_team_set(tournament=event, user=leader, participant=entry, team=team)


def test_invite_accept_decline_remove():
    built = event_with_players(2)
    event, leader = built.event, built.leader
    guest, other = LeaderFactory(), LeaderFactory()
    with pytest.raises(PermissionDenied):
        cohost_invite(tournament=event, user=guest.user, team=guest.team)
    with pytest.raises(InvalidInput):
        cohost_invite(tournament=event, user=leader, team=event.team)
    invited = cohost_invite(tournament=event, user=leader, team=guest.team)
    assert invited.status == CoHostStatus.INVITED
    with pytest.raises(Conflict):
        cohost_invite(tournament=event, user=leader, team=guest.team)
    with pytest.raises(PermissionDenied):  # only the invited team's leaders answer
        cohost_accept(tournament=event, user=leader, team=guest.team)
    assert cohost_accept(tournament=event, user=guest.user, team=guest.team).accepted_at

    cohost_invite(tournament=event, user=leader, team=other.team)
    cohost_decline(tournament=event, user=other.user, team=other.team)
    assert list(event.cohosts.values_list("team_id", flat=True)) == [guest.team.id]

    member = UserFactory()
    MembershipFactory(team=guest.team, user=member)
    tournament_join(tournament=event, user=member)
    with pytest.raises(Conflict, match="play for"):
        cohost_remove(tournament=event, user=leader, team=guest.team)
    entry_team_set(
        tournament=event,
        user=leader,
        participant=event.participants.get(user=member),
        team=event.team,
    )
    cohost_remove(tournament=event, user=leader, team=guest.team)
    assert not event.cohosts.exists()
    # Each step is in the audit log, with who took it.
    log = list(AuditEntry.objects.filter(tournament=event).order_by("id"))
    assert [(e.action, e.actor_name) for e in log] == [
        ("cohost.invited", leader.username),
        ("cohost.accepted", guest.user.username),
        ("cohost.invited", leader.username),
        ("cohost.declined", other.user.username),
        ("player.team_set", leader.username),
        ("cohost.removed", leader.username),
    ]
    assert (log[4].before, log[4].after) == ({"team": guest.team.slug}, {"team": event.team.slug})


def test_entry_conditions_name_every_team():
    built = event_with_players(2)
    event, leader = built.event, built.leader
    guest = _cohost(event, leader)
    member = UserFactory()
    MembershipFactory(team=guest.team, user=member)
    event = SwissTournament.objects.select_related("team").get(id=event.id)
    team_line = entry_conditions(tournament=event, user=member)[0]
    assert team_line.text == f"Member of {event.team.name} or {guest.team.name}"
    assert team_line.met is True
    assert entry_conditions(tournament=event, user=UserFactory())[0].met is False


def test_joining_for_a_team():
    built = event_with_players(2)
    event, leader = built.event, built.leader
    guest = LeaderFactory()
    stranger = UserFactory()
    MembershipFactory(team=guest.team, user=stranger)
    cohost_invite(tournament=event, user=leader, team=guest.team)
    with pytest.raises(PermissionDenied, match="hosting team"):  # invited is not accepted
        tournament_join(tournament=event, user=stranger)
    cohost_accept(tournament=event, user=guest.user, team=guest.team)
    assert tournament_join(tournament=event, user=stranger).team_id == guest.team.id

    both = UserFactory()
    MembershipFactory(team=guest.team, user=both)
    MembershipFactory(team=event.team, user=both)
    third = LeaderFactory()  # a team of no event: choosing it is refused field by field
    with pytest.raises(InvalidInput) as refused:
        tournament_join(tournament=event, user=both, team=third.team)
    assert "team" in refused.value.extra["fields"]
    assert tournament_join(tournament=event, user=both).team_id == event.team_id  # the host


def test_a_member_of_two_cohosts_must_choose():
    built = event_with_players(2)
    event, leader = built.event, built.leader
    first, second = _cohost(event, leader), _cohost(event, leader)
    user = UserFactory()
    for team in (first.team, second.team):
        MembershipFactory(team=team, user=user, role=Membership.Role.MEMBER)
    with pytest.raises(InvalidInput, match="choose"):
        tournament_join(tournament=event, user=user)
    assert tournament_join(tournament=event, user=user, team=second.team).team_id == second.team.id


def test_team_standings_add_the_best_k_and_share_equal_totals():
    # Round 1 of 6 players: boards 1-4, 2-5, 3-6 (by rating); white wins on boards 1 and 3,
    # board 2 drawn: 1 1/2 1 0 1/2 0 by rating order.
    built = event_with_round(
        6,
        ratings=[2000, 1900, 1800, 1700, 1600, 1500],
        rounds=1,
        results=[["1-0", "1/2-1/2", "1-0"]],
        team_standings_top=2,
    )
    event, leader, entries = built.event, built.leader, built.entries
    guest, third = _cohost(event, leader), _cohost(event, leader)
    for entry, team in zip(entries, [guest.team, guest.team, third.team, third.team], strict=False):
        _team_set(event, leader, entry, team)
    rows = team_standings(tournament=SwissTournament.objects.get(id=event.id))
    by_team = {r.team: r for r in rows}
    assert by_team[guest.team.slug].points == Decimal("1.5")  # 1 + 1/2
    assert by_team[third.team.slug].points == Decimal("1")  # 1 + 0
    assert by_team[event.team.slug].points == Decimal("0.5")  # 1/2 + 0
    assert [r.team for r in rows] == [guest.team.slug, third.team.slug, event.team.slug]
    assert by_team[guest.team.slug].counted == [entries[0].display_name, entries[1].display_name]

    # The 4th player (0) moves to the host, the 5th (1/2) to the third team: 1 + 1/2 for
    # the first two teams, a shared first place; the host's 0 + 0 third.
    _team_set(event, leader, entries[3], event.team)
    _team_set(event, leader, entries[4], third.team)
    rows = team_standings(tournament=SwissTournament.objects.get(id=event.id))
    assert [(r.points, r.rank, r.rank_last, r.rank_label) for r in rows] == [
        (Decimal("1.5"), 1, 2, "1–2"),
        (Decimal("1.5"), 1, 2, "1–2"),
        (Decimal("0"), 3, 3, "3"),
    ]
    # Listed by name within the tie.
    assert [r.name for r in rows[:2]] == sorted(
        [guest.team.name, third.team.name], key=str.casefold
    )


def test_teammates_are_kept_apart_in_the_rounds_the_option_covers():
    built = event_with_players(4, ratings=[2000, 1900, 1800, 1700])
    event, leader, entries = built.event, built.leader, built.entries
    guest = _cohost(event, leader)
    for entry in entries[2:]:
        _team_set(event, leader, entry, guest.team)
    event = SwissTournament.objects.get(id=event.id)
    plan = round_plan(tournament=event)
    assert round_plan_request(tournament=event, plan=plan).forbidden_pairs == frozenset()
    event.teammates_do_not_meet, event.teammates_rounds = True, 1
    pairs = round_plan_request(tournament=event, plan=plan).forbidden_pairs
    assert pairs == {(1, 2), (3, 4)}  # pairing numbers by rating
    event.teammates_rounds = 0  # no round covered (an edge the API refuses; the rule holds)
    event.teammates_do_not_meet = False
    assert round_plan_request(tournament=event, plan=plan).forbidden_pairs == frozenset()


def test_the_engine_refusal_is_shown_before_anything_is_stored(
    django_capture_on_commit_callbacks,
):
    """Three of four players in one team: no round 1 keeps them apart. The leader sees the
    engine's own answer, from the check, from the edit (refused, nothing stored) and from a
    start (refused, the event goes on)."""
    built = event_with_players(4, ratings=[2000, 1900, 1800, 1700])
    event, leader, entries = built.event, built.leader, built.entries
    guest = _cohost(event, leader)
    _team_set(event, leader, entries[0], guest.team)
    event = SwissTournament.objects.get(id=event.id)

    on = SwissTournament.objects.get(id=event.id)
    on.teammates_do_not_meet = True
    plan = round_plan(tournament=on)
    with pytest.raises(pairing_errors.NoValidPairing) as engine:
        pair_round(round_plan_request(tournament=on, plan=plan))
    answer = str(engine.value)

    check = teammates_check(
        tournament=event, user=leader, teammates_do_not_meet=True, teammates_rounds=None
    )
    assert (check.round, check.applies, check.pairable) == (1, True, False)
    assert check.message.endswith(f"The pairing engine answered: {answer}")
    with pytest.raises(InvalidInput) as refused:
        tournament_update(tournament=event, user=leader, data={"teammates_do_not_meet": True})
    assert refused.value.extra["fields"]["teammates_do_not_meet"] == [check.message]
    assert not SwissTournament.objects.get(id=event.id).teammates_do_not_meet

    SwissTournament.objects.filter(id=event.id).update(teammates_do_not_meet=True)
    with pytest.raises(TeammatesUnpairable) as start:
        round_start_now(tournament=SwissTournament.objects.get(id=event.id), user=leader)
    assert start.value.message == check.message
    stored = SwissTournament.objects.get(id=event.id)
    assert stored.status != TournamentStatus.FINISHED and stored.current_round == 0
    assert not SwissRound.objects.filter(tournament=event).exists()

    # Due by the schedule: the tick stops the clock (a leader must act) and tells the leaders.
    SwissTournament.objects.filter(id=event.id).update(next_round_at=timezone.now())
    with django_capture_on_commit_callbacks() as callbacks:
        assert round_start_if_due(tournament_id=event.id) is None
    stored = SwissTournament.objects.get(id=event.id)
    assert stored.next_round_at is None and stored.status != TournamentStatus.FINISHED
    # The new read version published, the event's update push, the leaders' pairing_failed notice.
    assert len(callbacks) == 3


def test_a_pairable_check_shows_the_engines_boards_and_stores_nothing():
    built = event_with_players(4, ratings=[2000, 1900, 1800, 1700])
    event, leader, entries = built.event, built.leader, built.entries
    guest = _cohost(event, leader)
    for entry in entries[:2]:
        _team_set(event, leader, entry, guest.team)
    check = teammates_check(
        tournament=event, user=leader, teammates_do_not_meet=True, teammates_rounds=2
    )
    assert check.pairable is True
    names = {e.display_name: e.team_id for e in event.participants.all()}
    assert len(check.boards) == 2
    for board in check.boards:
        assert names[board["white"]] != names[board["black"]]
    assert not SwissRound.objects.filter(tournament=event).exists()
    with pytest.raises(ApplicationError):
        teammates_check(
            tournament=event, user=UserFactory(), teammates_do_not_meet=True, teammates_rounds=2
        )


def test_team_standings_are_pushed_with_the_standings(django_capture_on_commit_callbacks):
    """The `standings_update` payload (REST's first page, the socket's push) carries the team
    rows of a co-hosted event and each row's team; the one-frame push keeps them."""
    built = event_with_round(4, rounds=1, results=[["1-0", "0-1"]])
    event, leader = built.event, built.leader
    version = SwissTournament.objects.get(id=event.id).standings_version
    with django_capture_on_commit_callbacks() as callbacks:
        guest = _cohost(event, leader)
        _team_set(event, leader, built.entries[0], guest.team)
    assert callbacks  # the pushes, after commit
    event = SwissTournament.objects.get(id=event.id)
    assert event.standings_version > version  # watchers learn that the rows changed
    update = payloads.standings_page_payload(event)
    assert {row["team"] for row in update["team_standings"]} == {event.team.slug, guest.team.slug}
    rows = {row["username"]: row["team"] for row in update["standings"]}
    assert rows[built.entries[0].display_name] == guest.team.slug
    assert rows[built.entries[1].display_name] == event.team.slug
    frame = push.one_frame([("standings_update", update)])
    assert frame["team_standings"] == update["team_standings"]
    single = event_with_round(2, rounds=1, results=[["1-0"]]).event
    assert "team_standings" not in payloads.standings_page_payload(single)


def test_trf_holds_the_teams_and_the_groups_kept_apart():
    built = event_with_players(4, ratings=[2000, 1900, 1800, 1700])
    event, leader, entries = built.event, built.leader, built.entries
    guest = _cohost(event, leader)
    for entry in entries[2:]:
        _team_set(event, leader, entry, guest.team)
    SwissTournament.objects.filter(id=event.id).update(
        teammates_do_not_meet=True, teammates_rounds=2
    )
    t = tournament_trf(tournament=SwissTournament.objects.get(id=event.id))
    lines = t.splitlines()
    assert f"### team {event.team.name}: 1 2" in lines
    assert f"### team {guest.team.name}: 3 4" in lines
    assert "260   1   2    1    2" in lines and "260   1   2    3    4" in lines
    # FIDE's gacrux reads an individual event (a 013 record would make it a team tournament,
    # whose 260 records name teams), with the teammates kept apart.
    reader = trf2json()
    reader.parse_file(t, True)
    parsed = reader.get_tournament(1)
    assert parsed["teamTournament"] is False and len(parsed["competitors"]) == 4
    assert parsed["prohibited"] == [
        {"firstRound": 1, "lastRound": 2, "competitors": [1, 2]},
        {"firstRound": 1, "lastRound": 2, "competitors": [3, 4]},
    ]


def test_team_prizes_follow_the_team_standings_beside_the_players_prizes():
    """A `team` prize goes by the team standings, and a team's prize leaves its players'
    own prizes alone (one prize per candidate: a team is one)."""
    built = event_with_players(
        6, ratings=[2000, 1900, 1800, 1700, 1600, 1500], num_rounds=1, team_standings_top=2
    )
    event, leader, entries = built.event, built.leader, built.entries
    guest, third = _cohost(event, leader), _cohost(event, leader)
    teams = [guest.team, guest.team, third.team, third.team]
    for entry, team in zip(entries, teams, strict=False):
        _team_set(event, leader, entry, team)
    prize_table_set(
        tournament=event,
        user=leader,
        prizes=[
            {"category": "overall", "place": 1, "amount": Decimal(30)},
            {"category": "team", "place": 1, "amount": Decimal(100)},
            {"category": "team", "place": 2, "amount": Decimal(50)},
        ],
    )
    # Boards 1-4, 2-5, 3-6 by rating: 1 ½ 1 0 ½ 0, so guest 1.5, third 1, the host 0.5.
    round_next(built, results=["1-0", "1/2-1/2", "1-0"])
    event = SwissTournament.objects.get(id=event.id)
    assert event.status == TournamentStatus.FINISHED
    rows = {(r.prize.category, r.prize.place): r for r in prize_table(tournament=event)}
    assert (rows[("team", 1)].winner, rows[("team", 2)].winner) == (
        guest.team.name,
        third.team.name,
    )
    assert rows[("team", 1)].received == Decimal(100)
    assert rows[("overall", 1)].winner == entries[0].display_name  # a guest player, too


def test_setting_the_team_a_player_already_plays_for_records_nothing():
    built = event_with_players(2)
    event, leader = built.event, built.leader
    guest = _cohost(event, leader)
    entry = built.entries[0]  # no team stored: the host's
    kept = _team_set(event, leader, entry, event.team)
    assert kept.team == event.team  # the answer names it (player-team's `team`)
    _team_set(event, leader, entry, guest.team)
    _team_set(event, leader, entry, guest.team)
    log = AuditEntry.objects.filter(tournament=event, action="player.team_set")
    assert [(e.before, e.after) for e in log] == [
        ({"team": event.team.slug}, {"team": guest.team.slug})
    ]


def test_a_team_nobody_played_for_wins_no_team_prize():
    built = event_with_players(2, num_rounds=1)
    event, leader = built.event, built.leader
    _cohost(event, leader)  # accepted, but none of its members entered
    prize_table_set(
        tournament=event,
        user=leader,
        prizes=[
            {"category": "team", "place": 1, "amount": Decimal(100)},
            {"category": "team", "place": 2, "amount": Decimal(50)},
        ],
    )
    round_next(built, results=["0-1"])
    event = SwissTournament.objects.get(id=event.id)
    assert event.status == TournamentStatus.FINISHED
    rows = {r.prize.place: r.winner for r in prize_table(tournament=event)}
    assert rows == {1: event.team.name, 2: None}
