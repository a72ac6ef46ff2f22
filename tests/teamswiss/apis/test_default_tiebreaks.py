"""The default tie-break order (issue 39, finding 11): an event created without tie-breaks,
through the browser's form or the API, ranks by the default order, and standings with no
tie-break at all still list teams equal on match points by game points."""

from __future__ import annotations

import pytest

from arbiter.teamswiss.models import DEFAULT_TIEBREAKS, TeamSwissEvent, TeamSwissRound
from tests.factories.teams import LeaderFactory
from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db


def _create(client_for, **settings) -> dict:
    membership = LeaderFactory()
    body = {"team": membership.team.slug, "name": "Club Cup", "boards": 2, "num_rounds": 3}
    answer = client_for(membership.user).post("/api/team-swiss/", body | settings, format="json")
    assert answer.status_code == 201, answer.json()
    return answer.json()


@pytest.mark.parametrize("given", [{}, {"tiebreaks": []}])
def test_an_event_created_without_tiebreaks_gets_the_default_order(client_for, given) -> None:
    assert _create(client_for, **given)["tiebreaks"] == list(DEFAULT_TIEBREAKS)


def test_the_default_order_fits_game_points_first_too(client_for) -> None:
    event = _create(client_for, primary_score="gp")
    assert event["tiebreaks"] == list(DEFAULT_TIEBREAKS)


def test_a_chosen_order_is_kept_and_emptying_it_restores_the_default(client_for) -> None:
    event = _create(client_for, tiebreaks=["ede", "BH:GP/C1"])
    assert event["tiebreaks"] == ["EDE", "BH:GP/C1"]
    stored = TeamSwissEvent.objects.get(id=event["id"])
    leader = client_for(stored.created_by)
    edited = leader.patch(f"/api/team-swiss/{event['id']}/", {"tiebreaks": []}, format="json")
    assert edited.status_code == 200, edited.json()
    assert edited.json()["tiebreaks"] == list(DEFAULT_TIEBREAKS)


def test_the_browser_form_shows_the_servers_default(api_client) -> None:
    """The form shows the default order the catalogue serves and sends none when it is
    unchanged: the served order must be the one an event gets without one."""
    body = api_client.get("/api/team-swiss/tiebreaks/").json()
    assert body["default_order"] == list(DEFAULT_TIEBREAKS)


def _finished_round(tiebreaks: list[str]) -> int:
    """Four teams of two boards, one round: A beats B 2-0, C beats D 1½-½. A and C are equal
    on match points, A has more game points; B and D too, D more. Team A is TPN 1."""
    built = event_with_teams(teams=4, boards=2, num_rounds=1)
    rnd = round_stored(built, pairs=[(0, 1), (3, 2)])
    first, second = rnd.matches.order_by("table")
    for board, result in zip(first.boards.order_by("board"), ("1-0", "0-1"), strict=True):
        board.result = result  # White on board 1 is A; on board 2, A has Black
        board.save()
    for board, result in zip(second.boards.order_by("board"), ("0-1", "1/2"), strict=True):
        board.result = result  # D is white on board 1: C wins it, board 2 drawn
        board.save()
    for match, points in ((first, (2, 0, 2, 0)), (second, (0, 2, "0.5", "1.5"))):
        match.white_match_points, match.black_match_points = points[0], points[1]
        match.white_game_points, match.black_game_points = points[2], points[3]
        match.save()
    TeamSwissRound.objects.filter(id=rnd.id).update(status=TeamSwissRound.Status.COMPLETE)
    TeamSwissEvent.objects.filter(id=built.event.id).update(
        tiebreaks=tiebreaks, status=TeamSwissEvent.Status.FINISHED, version=99
    )
    return built.event.id


def test_with_no_tiebreak_teams_share_a_rank_listed_by_game_points(client) -> None:
    """An event stored with no tie-break (before the default existed): A and C share rank 1,
    A (2 game points) above C (1½); B and D share rank 3, D (½) above B (0) although B's
    pairing number is lower."""
    event_id = _finished_round([])
    rows = client.get(f"/api/team-swiss/{event_id}/standings/").json()["standings"]
    listed = [(row["rank"], row["name"], row["game_points"]) for row in rows]
    assert listed == [
        (1, "Club A", "2.0"),
        (1, "Club C", "1.5"),
        (3, "Club D", "0.5"),
        (3, "Club B", "0.0"),
    ]


def test_the_default_order_separates_them_by_game_points(client) -> None:
    event_id = _finished_round(list(DEFAULT_TIEBREAKS))
    rows = client.get(f"/api/team-swiss/{event_id}/standings/").json()["standings"]
    assert [(row["rank"], row["name"]) for row in rows] == [
        (1, "Club A"),
        (2, "Club C"),
        (3, "Club D"),
        (4, "Club B"),
    ]
    assert [t["code"] for t in rows[0]["tiebreaks"]] == list(DEFAULT_TIEBREAKS)
