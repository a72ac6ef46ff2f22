"""Group commit of results: whoever takes the event lock applies every waiting submission in
arrival order, refusals undo only their own writes, and the standings are recomputed once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.tournaments.models import (
    NoShowRecord,
    ParticipantStatus,
    ResultSubmission,
    SubmissionStatus,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
)
from arbiter.tournaments.read.state import event_state
from arbiter.tournaments.services.results.group_commit import result_submissions_prune
from arbiter.tournaments.services.results.submit import result_submit, results_submit
from tests.factories.events import event_with_round
from tests.tournaments.standings_oracle import standings_afresh

pytestmark = pytest.mark.django_db


def started_event(players: int) -> tuple[SwissTournament, Any, dict[str, Any], list[Any]]:
    """An over-the-board event in round 1, built by the factories: the subject is what
    happens to results, not how the round was started."""
    built = event_with_round(players, num_rounds=3)
    by_name = {u.username: u for u in built.users}
    return built.event, built.leader, by_name, built.boards


def waiting(
    board: SwissPairing, user: Any, result: str, *, as_leader: bool = False, no_show: str = ""
) -> int:
    """A submission as a request leaves it before it waits for the lock."""
    return ResultSubmission.objects.create(
        tournament=board.round.tournament,
        pairing=board,
        user=user,
        as_leader=as_leader,
        result=result,
        no_show=no_show,
    ).id


def test_the_lock_holder_applies_every_waiting_submission_in_one_commit():
    event, leader, by_name, boards = started_event(8)
    version = event.standings_version
    white = [by_name[b.white.user.username] for b in boards]
    black = [by_name[b.black.user.username] for b in boards]
    first = waiting(boards[0], white[0], "1-0")
    refused = waiting(boards[1], black[0], "0-1")  # not a player of board 2
    disputed = waiting(boards[0], black[0], "0-1")  # contradicts the first, which came before
    corrected = waiting(boards[2], leader, "+-", as_leader=True)

    result_submit(pairing=boards[3], user=white[3], result="1/2-1/2")

    statuses = dict(ResultSubmission.objects.values_list("id", "status"))
    assert statuses == {
        first: SubmissionStatus.APPLIED,
        refused: SubmissionStatus.REFUSED,
        disputed: SubmissionStatus.APPLIED,
        corrected: SubmissionStatus.APPLIED,
    }
    refusal = ResultSubmission.objects.get(id=refused).refusal
    assert refusal is not None and refusal["kind"] == "PermissionDenied"  # a 403 when raised
    stored = dict(SwissPairing.objects.values_list("board", "result"))
    assert stored == {1: "", 2: "", 3: "+-", 4: "1/2-1/2"}
    assert SwissPairing.objects.get(board=1).disputed
    event.refresh_from_db()
    assert event.standings_version == version + 1  # one recomputation for all of them
    assert set(SwissPairing.objects.exclude(board=2).values_list("result_version", flat=True)) == {
        event.standings_version
    }
    state = event_state(tournament=event)
    fresh = {int(s.player_id): s for s in standings_afresh(state)}
    for p in state.participants.values():
        assert (p.points, p.rank) == (fresh[p.id].points, fresh[p.id].rank)


def test_a_refused_submission_raises_to_its_own_request_and_is_removed():
    _, _, by_name, boards = started_event(4)
    outsider = by_name[boards[1].white.user.username]
    with pytest.raises(PermissionDenied, match="Only the players of this board"):
        result_submit(pairing=boards[0], user=outsider, result="1-0")
    white = by_name[boards[0].white.user.username]
    with pytest.raises(ApplicationError, match="forfeits are set by an arbiter"):
        result_submit(pairing=boards[0], user=white, result="+-")
    assert not ResultSubmission.objects.exists()
    assert SwissPairing.objects.get(id=boards[0].id).result == ""


def test_an_applied_submission_is_not_applied_again():
    _, _, by_name, boards = started_event(4)
    white = by_name[boards[0].white.user.username]
    done = waiting(boards[0], white, "1-0")
    ResultSubmission.objects.filter(id=done).update(status=SubmissionStatus.APPLIED)
    result_submit(pairing=boards[1], user=by_name[boards[1].white.user.username], result="0-1")
    assert SwissPairing.objects.get(id=boards[0].id).result == ""


def test_submissions_left_by_dead_requests_are_pruned_after_an_hour():
    from datetime import timedelta

    from django.utils import timezone

    _, _, by_name, boards = started_event(4)
    old = waiting(boards[0], by_name[boards[0].white.user.username], "1-0")
    assert result_submissions_prune() == 0
    assert result_submissions_prune(now=timezone.now() + timedelta(hours=2)) == 1
    assert not ResultSubmission.objects.filter(id=old).exists()


def test_no_shows_in_a_group_keep_the_order_of_writes_and_a_refused_one_changes_nothing():
    event, leader, by_name, boards = started_event(8)
    absent = by_name[boards[0].white.user.username]
    # The absent player had a no-show before: a played game first resets the ladder, then the
    # new no-show starts it again at 24 h (applied in the other order it would double it).
    NoShowRecord.objects.create(team_id=event.team_id, user=absent, ban_seconds=7 * 24 * 3600)
    played = waiting(boards[0], leader, "1-0", as_leader=True)
    no_show = waiting(boards[0], leader, "-+", as_leader=True, no_show="white")
    wrong = waiting(boards[1], leader, "1-0", as_leader=True, no_show="white")  # not a forfeit
    after = waiting(boards[2], leader, "0-1", as_leader=True)

    result_submit(pairing=boards[3], user=leader, result="1/2-1/2")

    statuses = dict(ResultSubmission.objects.values_list("id", "status"))
    assert statuses == {
        played: SubmissionStatus.APPLIED,
        no_show: SubmissionStatus.APPLIED,
        wrong: SubmissionStatus.REFUSED,
        after: SubmissionStatus.APPLIED,
    }
    refusal = ResultSubmission.objects.get(id=wrong).refusal
    assert refusal is not None and refusal["extra"]["fields"]["result"]
    stored = {b.board: (b.result, b.no_show_id) for b in SwissPairing.objects.all()}
    assert stored == {1: ("-+", boards[0].white_id), 2: ("", None), 3: ("0-1", None),
                      4: ("1/2-1/2", None)}  # fmt: skip
    assert SwissParticipant.objects.get(id=boards[0].white_id).status == ParticipantStatus.PAUSED
    assert SwissParticipant.objects.get(id=boards[1].white_id).status != ParticipantStatus.PAUSED
    record = NoShowRecord.objects.get(team_id=event.team_id, user=absent)
    assert record.ban_seconds == 24 * 3600
    assert not NoShowRecord.objects.filter(user=boards[1].white.user).exists()


def test_a_saved_result_stands_when_its_submission_cannot_be_deleted():
    """The submission is deleted after the commit: if that fails (here a real trigger refuses
    the DELETE), the result is still saved and answered, and the tick prunes the row later."""
    _, _, by_name, boards = started_event(4)
    white = by_name[boards[0].white.user.username]
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'refused'; END $$"
        )
        cursor.execute(
            "CREATE TRIGGER refuse_delete BEFORE DELETE ON tournaments_resultsubmission "
            "FOR EACH ROW EXECUTE FUNCTION refuse_delete()"
        )
    assert result_submit(pairing=boards[0], user=white, result="1-0") == boards[0]
    assert SwissPairing.objects.get(id=boards[0].id).result == "1-0"
    assert ResultSubmission.objects.get().status == SubmissionStatus.APPLIED
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER refuse_delete ON tournaments_resultsubmission")
    assert result_submissions_prune(now=timezone.now() + timedelta(hours=2)) == 1
    assert not ResultSubmission.objects.exists()


def test_a_sheet_of_results_is_applied_in_one_commit_and_its_refusal_raised():
    """`results_submit`: a round's results typed in at once; one standings recomputation, the
    valid boards applied, the first refusal raised, nothing left queued."""
    event, leader, by_name, boards = started_event(8)
    version = event.standings_version
    results_submit(decisions=[(boards[0], "1-0"), (boards[1], "1/2-1/2")], user=leader)
    decided = SwissPairing.objects.filter(id__in=[boards[0].id, boards[1].id]).order_by("board")
    assert [b.result for b in decided] == ["1-0", "1/2-1/2"]
    assert SwissTournament.objects.get(id=event.id).standings_version == version + 1
    assert not ResultSubmission.objects.exists()

    player = by_name[boards[2].white.user.username]
    with pytest.raises(PermissionDenied):  # not a player of board 4
        results_submit(decisions=[(boards[2], "1-0"), (boards[3], "0-1")], user=player)
    assert SwissPairing.objects.get(id=boards[2].id).white_report == "1-0"
    assert SwissPairing.objects.get(id=boards[3].id).result == ""
    assert not ResultSubmission.objects.exists()
