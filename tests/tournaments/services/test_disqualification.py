"""Disqualifying a player: the board results rewritten by the event's rule, the player out of
the pairings for good, ratings, standings and the TRF following."""

from decimal import Decimal

import pytest
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.games.models import GameStatus
from arbiter.ratings.models import RatingChange
from arbiter.tournaments.models import (
    AuditEntry,
    EntryKind,
    GameResult,
    ParticipantStatus,
    SwissPairing,
    SwissParticipant,
    SwissRoundEntry,
)
from arbiter.tournaments.read.trf_export import tournament_trf
from arbiter.tournaments.services.disqualification import entry_disqualify, forfeit_result
from arbiter.tournaments.services.entries import tournament_rejoin, tournament_withdraw
from arbiter.tournaments.services.registered import player_status_set
from tests.factories.events import (
    BuiltEvent,
    event_with_players,
    event_with_round,
    results_set,
    round_next,
)
from tests.games.helpers import online_game

pytestmark = pytest.mark.django_db

# Round 1 of six players: boards 1-3 played; round 2 paired, no result yet.
ROUND_1 = ["1-0", "1/2-1/2", "0-1"]


def _event(games: str) -> tuple[BuiltEvent, SwissPairing]:
    built = event_with_round(
        6, rounds=1, results=[ROUND_1], ratings=[2000, 1900, 1800, 1700, 1600, 1500], rated=True
    )
    built.event.disqualification_games = games
    built.event.save(update_fields=["disqualification_games"])
    first = built.boards[0]  # white won it
    round_next(built)
    return built, first


def _points(entry: SwissParticipant) -> Decimal:
    entry.refresh_from_db(fields=["points"])
    return entry.points


def _pending_board_of(built: BuiltEvent, entry: SwissParticipant) -> SwissPairing:
    return next(b for b in built.boards if entry.id in (b.white_id, b.black_id))


def test_forfeit_rule_turns_past_games_into_forfeits_and_moves_the_standings() -> None:
    built, first = _event("forfeit")
    cheat, victim = first.white, first.black
    assert (_points(cheat), _points(victim)) == (1, 0)
    assert RatingChange.objects.filter(pairing=first).count() == 2
    current = _pending_board_of(built, cheat)
    current_opponent_id = current.black_id if current.white_id == cheat.id else current.white_id

    entry = entry_disqualify(
        tournament=built.event, user=built.leader, entry_id=cheat.id, reason="engine use"
    )

    assert entry.status == ParticipantStatus.DISQUALIFIED
    assert entry.disqualification_reason == "engine use"
    first.refresh_from_db()
    assert first.result == GameResult.BLACK_WINS_FORFEIT  # the victim gets the point
    current.refresh_from_db()
    assert current.result in (GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS_FORFEIT)
    assert (current.white_id == cheat.id) == (current.result == GameResult.BLACK_WINS_FORFEIT)
    assert (_points(cheat), _points(victim)) == (0, 1)
    assert _points(SwissParticipant.objects.get(id=current_opponent_id)) >= 1
    # A forfeit is no rated game: the victim's rating change for it is withdrawn.
    assert not RatingChange.objects.filter(pairing=first).exists()
    # The TRF writes the forfeit codes: "-" for the disqualified white, "+" for black.
    lines = tournament_trf(tournament=built.event, fmt="trf16").splitlines()
    cheat_line = next(line for line in lines if line.startswith("001") and cheat.name in line)
    assert " w -" in cheat_line
    built.event.refresh_from_db()
    assert built.event.standings_version > 0
    # The audit log holds the decision, its reason and each board's result before and after.
    record = AuditEntry.objects.get(tournament=built.event, action="player.disqualified")
    assert record.actor == built.leader and record.before and record.after
    assert record.after["reason"] == "engine use"
    where = f"round 1 board {first.board}"
    assert (record.before["boards"][where], record.after["boards"][where]) == ("1-0", "-+")


def test_stand_rule_keeps_past_games_and_forfeits_only_the_unfinished_board() -> None:
    built, first = _event("stand")
    cheat = first.white
    current = _pending_board_of(built, cheat)

    entry_disqualify(tournament=built.event, user=built.leader, entry_id=cheat.id, reason="x")

    first.refresh_from_db()
    assert first.result == GameResult.WHITE_WINS
    assert RatingChange.objects.filter(pairing=first).count() == 2
    current.refresh_from_db()
    assert current.result in (GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS_FORFEIT)
    assert _points(cheat) == 1


def test_a_disqualified_player_is_never_paired_again_and_cannot_come_back() -> None:
    built, first = _event("stand")
    cheat = first.white
    entry_disqualify(tournament=built.event, user=built.leader, entry_id=cheat.id, reason="x")
    results_set(built, ["1-0"] * len(built.boards))  # the boards still open

    built = round_next(built)
    third = SwissRoundEntry.objects.get(round=built.round, participant=cheat)
    assert third.kind == EntryKind.ZERO_BYE
    assert cheat.user is not None
    with pytest.raises(ApplicationError, match="disqualified"):
        tournament_rejoin(tournament=built.event, user=cheat.user)
    with pytest.raises(ApplicationError, match="disqualified"):
        tournament_withdraw(tournament=built.event, user=cheat.user)
    with pytest.raises(ApplicationError, match="already disqualified"):
        entry_disqualify(tournament=built.event, user=built.leader, entry_id=cheat.id, reason="x")


def test_refusals() -> None:
    built = event_with_round(4, rounds=1)
    member = built.users[0]
    with pytest.raises(PermissionDenied):
        entry_disqualify(
            tournament=built.event, user=member, entry_id=built.entries[1].id, reason="x"
        )
    with pytest.raises(ApplicationError, match="reason"):
        entry_disqualify(
            tournament=built.event, user=built.leader, entry_id=built.entries[1].id, reason=" "
        )
    with pytest.raises(ApplicationError, match="No such entry"):
        entry_disqualify(tournament=built.event, user=built.leader, entry_id=0, reason="x")
    waiting = event_with_players(2, start_time=timezone.now())
    with pytest.raises(ApplicationError, match="withdraw the entry"):
        entry_disqualify(
            tournament=waiting.event,
            user=waiting.leader,
            entry_id=waiting.entries[0].id,
            reason="x",
        )


@pytest.mark.parametrize(
    ("result", "white", "past", "expected"),
    [
        ("", True, False, "-+"),  # the unfinished board, whatever the rule
        ("", False, False, "+-"),
        ("1-0", True, False, "1-0"),  # the rule "stand"
        ("1-0", True, True, "-+"),
        ("1/2-1/2", False, True, "+-"),
        ("0-1", True, True, "-+"),  # a loss over the board is now a forfeit loss
        ("+-", True, True, "--"),  # the opponent did not come: no point for them now either
        ("-+", True, True, "-+"),  # a forfeit loss stays one
        ("--", False, True, "--"),
    ],
)
def test_forfeit_result(result: str, white: bool, past: bool, expected: str) -> None:
    assert forfeit_result(result=result, disqualified_is_white=white, past_forfeit=past) == expected


def test_an_online_game_in_play_is_decided_and_ended(django_capture_on_commit_callbacks) -> None:
    playing = online_game(players=2)
    board = playing.game.pairing
    with django_capture_on_commit_callbacks(execute=True):
        entry_disqualify(
            tournament=playing.event, user=playing.leader, entry_id=board.white_id, reason="x"
        )
    board.refresh_from_db()
    playing.game.refresh_from_db()
    assert board.result == GameResult.BLACK_WINS_FORFEIT
    assert playing.game.status == GameStatus.ABORTED  # its clock stops: the board is decided


def test_a_registered_player_is_disqualified_and_stays_so() -> None:
    built = event_with_round(4, rounds=1, registered=1)
    entry = built.entries[-1]
    assert entry.user is None
    entry_disqualify(tournament=built.event, user=built.leader, entry_id=entry.id, reason="x")
    for playing in (True, False):
        with pytest.raises(ApplicationError, match="disqualified"):
            player_status_set(
                tournament=built.event, leader=built.leader, name=entry.name, playing=playing
            )
    entry.refresh_from_db()
    assert entry.status == ParticipantStatus.DISQUALIFIED


def test_the_audit_log_records_the_status_before_a_withdrawn_player_s_disqualification() -> None:
    built = event_with_round(4, rounds=1, results=[["1-0", "1-0"]], num_rounds=3)
    entry = built.entries[0]
    assert entry.user is not None
    tournament_withdraw(tournament=built.event, user=entry.user)
    entry_disqualify(tournament=built.event, user=built.leader, entry_id=entry.id, reason="x")
    record = AuditEntry.objects.get(tournament=built.event, action="player.disqualified")
    assert record.before and record.after
    assert (record.before["status"], record.after["status"]) == ("paused", "disqualified")
