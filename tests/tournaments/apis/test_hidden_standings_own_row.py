"""Hidden standings: a player's own row shows only what is theirs. Tie-breaks are sums of
others' points (Buchholz 1 after round 1 is the opponent's score) and a shared place ("1–3")
says how many others have the same points: neither is theirs to read while the event runs."""

from typing import Any

import pytest
from rest_framework import serializers
from rest_framework.test import APIClient

from arbiter.tournaments.models import TournamentStatus
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.serializers import StandingOutputSerializer
from tests.factories.events import event_with_round, results_set
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _rows(client: APIClient, event_id: int, **query: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/tournaments/swiss/{event_id}/standings/", query)
    assert answer.status_code == 200, answer.json()
    return list(answer.json()["results"])


def test_a_players_own_row_carries_no_tiebreaks_and_no_shared_place() -> None:
    # Round 1 with three wins: the winners share 1–3 and each has a Buchholz (its opponent's 0).
    built = event_with_round(6, rounds=1, results=[["1-0", "1-0", "1-0"]], standings_hidden=True)
    event = built.event
    winner = built.boards[0].white
    assert winner.user is not None

    full = {row["username"]: row for row in _rows(client_of(built.leader), event.id)}
    assert full[winner.display_name]["rank_label"] == "1–3"  # what a leader reads
    assert full[winner.display_name]["tiebreaks"]

    for query in ({}, {"username": winner.user.username}, {"search": winner.user.username}):
        (own,) = _rows(client_of(winner.user), event.id, **query)
        assert own["username"] == winner.display_name
        assert own["points"] == "1.0"
        assert own["tiebreaks"] == {}, own["tiebreaks"]
        assert own["rank_label"] == "1", own["rank_label"]
        assert own["rank"] == 1
        assert [cell["code"] for cell in own["sheet"]] == ["1"]  # their own games stay theirs


def test_the_whole_table_is_back_once_the_event_ends() -> None:
    built = event_with_round(6, rounds=1, num_rounds=1, standings_hidden=True)
    winner = built.boards[0].white
    assert winner.user is not None
    results_set(built, ["1-0", "1-0", "1-0"])
    built.event.refresh_from_db()
    assert built.event.status == TournamentStatus.FINISHED
    rows = {row["username"]: row for row in _rows(client_of(winner.user), built.event.id)}
    assert len(rows) == 6
    assert rows[winner.display_name]["rank_label"] == "1–3"
    assert rows[winner.display_name]["tiebreaks"]


def test_the_own_row_fast_path_matches_the_generic_serializer() -> None:
    built = event_with_round(4, rounds=1, results=[["1-0", "1-0"]], standings_hidden=True)
    winner = built.boards[0].white
    assert winner.user is not None
    (participant,) = selectors.standings_for_viewer(tournament=built.event, viewer=winner.user)
    (row,) = selectors.standings_sheets(tournament=built.event, participants=[participant])
    serializer = StandingOutputSerializer(context={})
    fast = serializer.to_representation(row)
    assert fast == serializers.Serializer.to_representation(serializer, row)
    assert (fast["tiebreaks"], fast["rank_label"]) == ({}, "1")
