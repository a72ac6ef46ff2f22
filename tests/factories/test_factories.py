"""The factories build what the services would have built: tests that use them instead of the
API stand on the same state. Round 1 is the engine's round 1; the engine pairs on from what
the helper built; the stored standings are the oracle's; a game's clocks are the round
start's."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from arbiter.games.models import Game, TimeControl
from arbiter.games.services.creation import Seat, games_create
from arbiter.tournaments.models import (
    EntryKind,
    EventMode,
    RoundStatus,
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissRoundEntry,
    TournamentStatus,
)
from arbiter.tournaments.read.state import event_state
from arbiter.tournaments.services.pairing import round_pair_next
from tests.factories.events import event_with_players, event_with_round, round_next
from tests.factories.games import GameFactory
from tests.factories.tournaments import (
    RegisteredEntryFactory,
    SwissPairingFactory,
    SwissRoundEntryFactory,
)
from tests.tournaments.standings_oracle import standings_afresh

pytestmark = pytest.mark.django_db


def _round_shape(number: int, tournament_id: int) -> tuple[object, ...]:
    """A stored round in pairing numbers (the two events' players are different users)."""
    rnd = SwissRound.objects.get(tournament_id=tournament_id, number=number)
    boards = [
        (p.board, p.white.pairing_number, p.black.pairing_number)
        for p in rnd.pairings.select_related("white", "black").order_by("board")
    ]
    entries = sorted(
        (e.participant.pairing_number, e.kind) for e in rnd.entries.select_related("participant")
    )
    return rnd.status, boards, entries


@pytest.mark.parametrize("players", [7, 8])
def test_round_one_is_the_engines_round_one(players: int) -> None:
    ratings = [2100 - 50 * i for i in range(players)]
    by_engine = event_with_players(players, ratings=ratings)
    round_pair_next(tournament=by_engine.event)
    by_factory = event_with_round(players, ratings=ratings)

    assert _round_shape(1, by_factory.event.id) == _round_shape(1, by_engine.event.id)
    by_engine.event.refresh_from_db()
    for built in (by_engine, by_factory):
        event = built.event
        event.refresh_from_db()
        assert (event.status, event.current_round) == (TournamentStatus.RUNNING, 1)
        assert event.standings_version == by_engine.event.standings_version
    assert [b.board for b in by_factory.boards] == list(range(1, players // 2 + 1))
    assert [e.kind for e in by_factory.byes] == (["U"] if players % 2 else [])


def test_the_engine_pairs_the_round_after_the_helpers_and_standings_are_the_oracles() -> None:
    results = [["1-0", "1/2-1/2", "0-1"], ["+-", "1-0", "1/2-1/2"]]
    built = event_with_round(7, rounds=2, results=results, num_rounds=3)
    state = event_state(tournament=built.event)
    stored = {p.id: (p.points, p.rank) for p in state.participants.values()}
    assert stored == {int(s.player_id): (s.points, s.rank) for s in standings_afresh(state)}
    # Three boards and a bye a round: 4 points each.
    assert sum(points for points, _ in stored.values()) == Decimal(8)
    assert built.event.tiebreaks_after_round == 2
    complete = SwissRound.objects.filter(tournament=built.event, status=RoundStatus.COMPLETE)
    assert complete.count() == 2
    # No rematch, and a second bye to nobody: the engine takes it from here.
    rnd = round_pair_next(tournament=built.event)
    assert rnd is not None and rnd.number == 3
    bye_takers = SwissRoundEntry.objects.filter(
        round__tournament=built.event, kind=EntryKind.PAIRING_BYE
    ).values_list("participant_id", flat=True)
    assert len(bye_takers) == len(set(bye_takers)) == 3


def test_the_last_result_of_the_last_round_finishes_the_event() -> None:
    built = event_with_round(4, rounds=2, results=[["1-0", "0-1"], ["1-0", "0-1"]], num_rounds=2)
    built.event.refresh_from_db()
    assert built.event.status == TournamentStatus.FINISHED
    assert built.round is not None and built.round.status == RoundStatus.COMPLETE


def test_a_round_with_every_pairing_played_is_refused() -> None:
    built = event_with_round(4, rounds=3, results=[["1-0", "1-0"]] * 3, num_rounds=4)
    with pytest.raises(ValueError, match="no pairing without a rematch"):
        round_next(built)


def test_a_round_is_paired_only_after_every_result_of_the_last() -> None:
    from arbiter.common.exceptions import ApplicationError

    built = event_with_round(4, results=[["1-0"]])
    with pytest.raises(ApplicationError, match="not complete"):
        round_next(built)


def test_an_online_round_has_the_round_starts_games_and_registered_players_play_otb() -> None:
    online = event_with_round(4, mode=EventMode.ONLINE)
    games = Game.objects.filter(pairing__round=online.round).select_related("pairing__white")
    assert [g.pairing.board for g in games.order_by("pairing__board")] == [1, 2]
    assert all(g.white_id == g.pairing.white.user_id for g in games)
    with pytest.raises(ValueError, match="over-the-board"):
        event_with_players(4, registered=1, mode=EventMode.ONLINE)
    otb = event_with_round(4, registered=2)
    assert [e.user is None for e in otb.entries] == [False, False, True, True]
    assert len(otb.users) == 2


def test_a_game_starts_with_the_clocks_the_round_start_gives() -> None:
    clock = TimeControl.objects.create(limit_seconds=0, increment_seconds=1)
    made: Game = GameFactory(pairing__round__tournament__time_control=clock)
    pairing = SwissPairingFactory(round=made.pairing.round)
    (started,) = games_create(
        seats=[Seat(pairing.id, pairing.white.user_id, pairing.black.user_id)], time_control=clock
    )
    fields = ("initial_ms", "increment_ms", "white_ms", "black_ms", "status", "ply")
    assert [getattr(made, f) for f in fields] == [getattr(started, f) for f in fields]
    assert made.flag_at is not None and started.flag_at is not None
    assert abs(made.flag_at - started.flag_at) < timedelta(seconds=1)
    assert (made.white, made.black) == (made.pairing.white.user, made.pairing.black.user)


def test_model_factories_keep_the_round_and_the_event_consistent() -> None:
    board = SwissPairingFactory()
    event = board.round.tournament
    event.refresh_from_db()
    assert (event.status, event.current_round, board.round.number, board.board) == (
        TournamentStatus.RUNNING,
        1,
        1,
        1,
    )
    assert SwissPairingFactory(round=board.round).board == 2
    entries = SwissRoundEntry.objects.filter(pairing=board).values_list("participant_id", "kind")
    assert sorted(entries) == sorted([(board.white_id, "game"), (board.black_id, "game")])
    bye = SwissRoundEntryFactory(round=board.round)
    assert (bye.kind, bye.pairing, bye.participant.tournament) == ("U", None, event)
    # The database keeps a player to one entry a round, whichever factory wrote it.
    with pytest.raises(IntegrityError), transaction.atomic():
        SwissRoundEntryFactory(round=board.round, participant=board.white)


def test_a_registered_entry_is_a_valid_entry_without_a_user() -> None:
    entry = RegisteredEntryFactory()
    entry.full_clean()
    assert entry.user is None and entry.display_name == entry.name
    assert SwissParticipant.objects.filter(user__isnull=True).count() == 1
    assert not SwissPairing.objects.exists()
