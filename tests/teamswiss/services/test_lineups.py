"""Line-ups: the squad's order, who submits, closing them with defaults and forfeits."""

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.common.exceptions import Conflict, InvalidInput, PermissionDenied
from arbiter.teamswiss.models import TeamSwissMatch, TeamSwissRound
from arbiter.teamswiss.services.lineups import lineup_problems, lineup_submit, lineups_close
from arbiter.teamswiss.tasks import tick
from tests.factories.users import UserFactory
from tests.teamswiss.helpers import Built, event_with_teams


def test_a_lineup_keeps_the_squads_order_and_names_each_player_once():
    squad = [11, 12, 13, 14]
    assert lineup_problems(boards=3, squad=squad, players=[11, 13, 14]) == []
    assert lineup_problems(boards=3, squad=squad, players=[12, 13, None]) == []
    assert "exactly 3" in lineup_problems(boards=3, squad=squad, players=[11, 12])[0]
    (order,) = lineup_problems(boards=3, squad=squad, players=[11, 14, 13])
    assert order.startswith("Board 3: the line-up keeps the squad's order")
    (twice,) = lineup_problems(boards=3, squad=squad, players=[11, 11, 13])
    assert twice == "Board 2: this player is on another board already."
    (stranger,) = lineup_problems(boards=3, squad=squad, players=[11, 99, 13])
    assert stranger == "Board 2: player 99 is not in the squad."
    (gap,) = lineup_problems(boards=3, squad=squad, players=[11, None, 13])
    assert gap.startswith("Board 3: empty boards must be the last ones")


def _lineups_round(built: Built) -> TeamSwissRound:
    """Round 1 taking line-ups: A-B and C-D (state as the pairing service stores it)."""
    rnd = TeamSwissRound.objects.create(
        event=built.event,
        number=1,
        paired_at=timezone.now(),
        lineups_close_at=timezone.now() + timedelta(minutes=10),
    )
    for table, (w, b) in enumerate([(0, 1), (2, 3)], 1):
        TeamSwissMatch.objects.create(
            round=rnd, table=table, white=built.teams[w], black=built.teams[b]
        )
    return rnd


@pytest.mark.django_db
def test_captains_and_arbiters_submit_line_ups_others_do_not():
    built = event_with_teams(squad=3)
    _lineups_round(built)
    team = built.teams[0]
    ids = list(team.players.order_by("order").values_list("id", flat=True))
    lineup = lineup_submit(team=team, number=1, user=built.captains[0], players=[ids[1], ids[2]])
    assert lineup.players == [ids[1], ids[2]]
    lineup_submit(team=team, number=1, user=built.leader, players=[ids[0], ids[2]])
    with pytest.raises(PermissionDenied):
        lineup_submit(team=team, number=1, user=built.captains[1], players=ids[:2])
    with pytest.raises(PermissionDenied):
        lineup_submit(team=team, number=1, user=UserFactory(), players=ids[:2])
    with pytest.raises(InvalidInput) as refused:
        lineup_submit(team=team, number=1, user=built.captains[0], players=[ids[2], ids[0]])
    assert refused.value.extra["fields"]["players"][0].startswith("Board 2: the line-up keeps")


@pytest.mark.django_db
def test_closing_defaults_the_missing_line_ups_and_forfeits_empty_boards():
    built = event_with_teams(squad=3)
    rnd = _lineups_round(built)
    a, b, c, d = built.teams
    a_ids = list(a.players.order_by("order").values_list("id", flat=True))
    c_ids = list(c.players.order_by("order").values_list("id", flat=True))
    lineup_submit(team=a, number=1, user=built.captains[0], players=[a_ids[0], a_ids[2]])
    lineup_submit(team=c, number=1, user=built.captains[2], players=[c_ids[1], None])
    with pytest.raises(PermissionDenied):
        lineups_close(event=built.event, number=1, user=built.captains[0])
    lineups_close(event=built.event, number=1, user=built.leader)
    rnd.refresh_from_db()
    assert rnd.status == TeamSwissRound.Status.PLAYING
    first, second = rnd.matches.order_by("table")
    b_ids = list(b.players.order_by("order").values_list("id", flat=True))
    # Board 1: A (the match's white team) has White; board 2 it has Black.
    boards = list(
        first.boards.order_by("board").values_list("white_player", "black_player", "result")
    )
    assert boards == [(a_ids[0], b_ids[0], ""), (b_ids[1], a_ids[2], "")]
    d_first = d.players.order_by("order").first()
    boards = list(
        second.boards.order_by("board").values_list("white_player", "black_player", "result")
    )
    assert boards == [(c_ids[1], d_first.id, ""), (d.players.order_by("order")[1].id, None, "+-")]
    with pytest.raises(Conflict):
        lineup_submit(team=a, number=1, user=built.captains[0], players=a_ids[:2])
    with pytest.raises(Conflict):
        lineups_close(event=built.event, number=1, user=built.leader)


@pytest.mark.django_db
def test_the_tick_closes_the_line_ups_that_are_due_and_only_those():
    built = event_with_teams()
    rnd = _lineups_round(built)
    assert tick() == 0
    TeamSwissRound.objects.filter(id=rnd.id).update(lineups_close_at=timezone.now())
    assert tick() == 1
    rnd.refresh_from_db()
    assert rnd.status == TeamSwissRound.Status.PLAYING
    assert tick() == 0
