"""Registering teams, their squads, withdrawing."""

import pytest

from arbiter.common.exceptions import Conflict, InvalidInput, PermissionDenied
from arbiter.teamswiss.models import TeamSwissTeam
from arbiter.teamswiss.services.teams import SquadEntry, team_register, team_update, team_withdraw
from tests.factories.users import UserFactory
from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db


def test_a_user_registers_a_team_they_captain_but_not_for_another():
    built = event_with_teams(teams=0)
    captain, other = UserFactory(), UserFactory()
    squad = [SquadEntry(user=captain), SquadEntry(name="Reserve Rita", rating=1500)]
    team = team_register(event=built.event, user=captain, name="Own", captain=captain, squad=squad)
    assert (team.tpn, team.captain) == (1, captain)
    assert [p.name for p in team.players.order_by("order")] == [captain.username, "Reserve Rita"]
    with pytest.raises(PermissionDenied):
        team_register(
            event=built.event,
            user=other,
            name="Theirs",
            captain=captain,
            squad=[SquadEntry(name="X"), SquadEntry(name="Y")],
        )


def test_a_squad_is_long_enough_and_a_player_plays_for_one_team():
    built = event_with_teams(teams=1)
    someone = built.players[0][0]
    with pytest.raises(InvalidInput) as short:
        team_register(
            event=built.event,
            user=built.leader,
            name="Short",
            captain=UserFactory(),
            squad=[SquadEntry(name="Only")],
        )
    assert short.value.extra["fields"]["players"] == [
        "A squad has at least 2 players (one per board)."
    ]
    with pytest.raises(InvalidInput) as taken:
        team_register(
            event=built.event,
            user=built.leader,
            name="Poachers",
            captain=UserFactory(),
            squad=[SquadEntry(user=someone), SquadEntry(name="Y")],
        )
    assert taken.value.extra["fields"]["players"] == [
        f"{someone.username} already plays for Club A."
    ]
    with pytest.raises(InvalidInput):
        team_register(
            event=built.event,
            user=built.leader,
            name="Club A",
            captain=UserFactory(),
            squad=[SquadEntry(name="X"), SquadEntry(name="Y")],
        )


def test_once_a_round_is_paired_only_arbiters_register_and_squads_keep_their_order():
    built = event_with_teams(teams=4)
    round_stored(built, pairs=[(0, 1), (2, 3)])
    late = UserFactory()
    with pytest.raises(PermissionDenied):
        team_register(
            event=built.event,
            user=late,
            name="Late",
            captain=late,
            squad=[SquadEntry(user=late), SquadEntry(name="Y")],
        )
    team = built.teams[0]
    ids = list(team.players.order_by("order").values_list("id", flat=True))
    with pytest.raises(InvalidInput):  # reordered
        team_update(
            team=team,
            user=built.captains[0],
            name=team.name,
            squad=[SquadEntry(id=ids[1]), SquadEntry(id=ids[0])],
        )
    with pytest.raises(InvalidInput):  # dropped
        team_update(
            team=team,
            user=built.captains[0],
            name=team.name,
            squad=[SquadEntry(id=ids[0]), SquadEntry(name="New")],
        )
    with pytest.raises(InvalidInput):  # an account's rating is its own
        team_update(
            team=team,
            user=built.captains[0],
            name=team.name,
            squad=[SquadEntry(id=ids[0]), SquadEntry(id=ids[1], rating=1234, rating_given=True)],
        )
    team_update(
        team=team,
        user=built.captains[0],
        name="Club A renamed",
        squad=[SquadEntry(id=ids[0]), SquadEntry(id=ids[1]), SquadEntry(name="Res")],
    )
    reserve = team.players.get(order=3)
    # A player without an account: the captain corrects the name and the rating.
    team_update(
        team=team,
        user=built.captains[0],
        name="Club A renamed",
        squad=[
            SquadEntry(id=ids[0]),
            SquadEntry(id=ids[1]),
            SquadEntry(id=reserve.id, name="Reserve Rex", rating=1234, rating_given=True),
        ],
    )
    rows = list(team.players.order_by("order").values_list("id", "order", "name", "rating"))
    assert [row[1:] for row in rows] == [
        (1, built.players[0][0].username, 2000),
        (2, built.players[0][1].username, 1999),
        (3, "Reserve Rex", 1234),
    ]
    with pytest.raises(PermissionDenied):
        team_update(team=team, user=built.captains[1], name="X", squad=[])


def test_before_round_one_a_squad_is_replaced_as_given():
    built = event_with_teams(teams=2)
    team = built.teams[1]
    ids = list(team.players.order_by("order").values_list("id", flat=True))
    team_update(
        team=team,
        user=built.leader,
        name=team.name,
        squad=[SquadEntry(name="Top"), SquadEntry(id=ids[1]), SquadEntry(id=ids[0])],
    )
    assert list(team.players.order_by("order").values_list("name", flat=True)) == [
        "Top",
        built.players[1][1].username,
        built.players[1][0].username,
    ]


def test_a_team_withdraws_once():
    built = event_with_teams(teams=2)
    team = team_withdraw(team=built.teams[0], user=built.captains[0])
    assert team.status == TeamSwissTeam.Status.WITHDRAWN
    with pytest.raises(Conflict):
        team_withdraw(team=built.teams[0], user=built.leader)
    with pytest.raises(PermissionDenied):
        team_withdraw(team=built.teams[1], user=built.captains[0])
