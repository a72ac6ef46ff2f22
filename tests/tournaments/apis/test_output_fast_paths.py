"""The standing rows and boards a live push sends many of are built by fast `to_representation`
overrides; they must return, key order included, what DRF's field machinery returns."""

import json
from typing import Any

import pytest
from django.utils import timezone
from rest_framework import serializers

from arbiter.games.models import Game
from arbiter.ratings.models import RatingChange
from arbiter.ratings.read import tournament_rating_diffs
from arbiter.tournaments.live import payloads
from arbiter.tournaments.models import (
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
)
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.serializers import (
    PairingOutputSerializer,
    SheetCellSerializer,
    StandingOutputSerializer,
)
from tests.factories.tournaments import SwissParticipantFactory, SwissTournamentFactory

pytestmark = pytest.mark.django_db


def _generic(serializer: serializers.Serializer, instance: Any) -> str:
    return json.dumps(serializers.Serializer.to_representation(serializer, instance))


def _board(rnd: SwissRound, number: int, white: Any, black: Any, result: str) -> SwissPairing:
    board = SwissPairing.objects.create(
        round=rnd, board=number, white=white, black=black, result=result
    )
    for p in (white, black):
        SwissRoundEntry.objects.create(round=rnd, participant=p, kind="game", pairing=board)
    return board


def _change(board: SwissPairing, user: Any, opponent: Any, before: float, after: float) -> None:
    RatingChange.objects.create(
        user=user,
        speed="blitz",
        pairing=board,
        opponent=opponent,
        score=1,
        rating_before=before,
        deviation_before=60,
        volatility_before=0.06,
        rating_after=after,
        deviation_after=59,
        volatility_after=0.06,
        rated_at=timezone.now(),
    )


@pytest.fixture
def event() -> SwissTournament:
    """Two rounds: a registered player without an account (byes U then H), a forfeit, a draw,
    a pending board with a no-show, an online game, rating changes, a shared rank, a pause."""
    t = SwissTournamentFactory(status="running", current_round=2)
    a, b, c, d = (
        SwissParticipantFactory(tournament=t, rating=1500 + i, pairing_number=i + 1)
        for i in range(4)
    )
    reg = SwissParticipant.objects.create(
        tournament=t, name="Doe, Jane", rating=1400, pairing_number=5
    )
    r1 = SwissRound.objects.create(tournament=t, number=1, status="complete")
    r2 = SwissRound.objects.create(tournament=t, number=2)
    won = _board(r1, 1, a, b, "1-0")
    _board(r1, 2, c, d, "+-")
    SwissRoundEntry.objects.create(round=r1, participant=reg, kind="U")
    _board(r2, 1, d, a, "1/2-1/2")
    pending = _board(r2, 2, b, c, "")
    pending.no_show, pending.disputed, pending.white_report = c, True, "1-0"
    pending.save()
    SwissRoundEntry.objects.create(round=r2, participant=reg, kind="H")
    Game.objects.create(
        pairing=pending,
        white=b.user,
        black=c.user,
        initial_ms=1,
        increment_ms=0,
        white_ms=1,
        black_ms=1,
        turn_started_at=timezone.now(),
    )
    _change(won, a.user, b.user, 1500.4, 1512.6)
    _change(won, b.user, a.user, 1501.5, 1489.5)
    SwissParticipant.objects.filter(id=a.id).update(rank=1, points="1.5", tiebreaks={"BH": "2"})
    SwissParticipant.objects.filter(id__in=[c.id, reg.id]).update(
        rank=2, rank_last=3, points="1.5", tiebreaks={"BH": "1.5", "SB": None}
    )
    SwissParticipant.objects.filter(id=d.id).update(status="paused", points="0.5")
    return t


def test_standing_rows_match_the_generic_serializer(event: SwissTournament) -> None:
    participants = list(selectors.standings_queryset(tournament=event))
    rows = selectors.standings_sheets(tournament=event, participants=participants)
    diffs = tournament_rating_diffs(
        tournament_id=event.id, user_ids=[p.user_id for p in participants if p.user_id]
    )
    serializer = StandingOutputSerializer(context={"rating_diffs": diffs})
    cell = SheetCellSerializer()
    for row in rows:
        assert json.dumps(serializer.to_representation(row)) == _generic(serializer, row)
        for c in row.sheet:
            assert json.dumps(cell.to_representation(c)) == _generic(cell, c)
    by_name = {
        r["username"]: r
        for r in payloads.standings_rows(tournament=event, participants=participants)
    }
    assert by_name["Doe, Jane"]["rank_label"] == "2–3"
    assert by_name["Doe, Jane"]["sheet"] == [
        {"round": 1, "opponent": None, "colour": None, "code": "U", "not_yet_joined": False},
        {"round": 2, "opponent": None, "colour": None, "code": "H", "not_yet_joined": False},
    ]
    first = participants[0]
    assert by_name[first.display_name]["rating_diff"] == 13  # round(1512.6) - round(1500.4)
    assert [cell["code"] for cell in by_name[first.display_name]["sheet"]] == ["1", "="]


def test_boards_match_the_generic_serializer(event: SwissTournament) -> None:
    written = list(
        selectors.boards_written_between(tournament_id=event.id, after_version=-1, version=10)
    )
    bare = list(SwissPairing.objects.filter(round__tournament=event))
    assert len(written) == len(bare) == 4
    serializer = PairingOutputSerializer()
    for board in written + bare:
        assert json.dumps(serializer.to_representation(board)) == _generic(serializer, board)
    results = payloads.game_results_payload(tournament_id=event.id, after_version=-1, version=0)
    assert results is not None
    shown = {(r["round"], r["board"]): r for r in results["results"]}
    # Each rating is rounded half to even: round(1489.5) - round(1501.5) = 1490 - 1502.
    assert (shown[(1, 1)]["white_rating_diff"], shown[(1, 1)]["black_rating_diff"]) == (13, -12)
    assert shown[(2, 2)]["no_show"] is not None and shown[(2, 2)]["game_id"] is not None


def test_a_standings_page_is_three_queries(
    event: SwissTournament, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(3):  # the page, the sheets, the rating diffs
        payload = payloads.standings_page_payload(event)
    assert len(payload["standings"]) == 5
