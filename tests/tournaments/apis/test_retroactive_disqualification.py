"""Retroactive disqualification (issue 43): a leader disqualifies a player of a finished event
(a fair-play ruling); standings, tie-breaks, prizes and ratings follow, audited and pushed."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from arbiter.ratings.models import Rating, RatingChange
from arbiter.tournaments.live.push import swiss_group
from arbiter.tournaments.models import AuditEntry, DisqualificationGames, TournamentStatus
from tests.factories.events import event_with_round
from tests.tournaments.helpers import client_of
from tests.tournaments.live.test_prizes_push import heard
from tests.tournaments.live.test_socket_schema import assert_frames_declared

pytestmark = pytest.mark.django_db

PRIZES = {"sharing": "hort", "prizes": [{"category": "overall", "place": 1, "amount": "100"}]}


def test_a_finished_event_s_winner_is_disqualified_and_everything_is_recomputed(
    django_capture_on_commit_callbacks,
) -> None:
    built = event_with_round(
        2,
        1,
        results=[["1-0"]],
        num_rounds=1,
        disqualification_games=DisqualificationGames.FORFEIT,
    )
    event = built.event
    event.refresh_from_db()
    assert event.status == TournamentStatus.FINISHED
    base = f"/api/tournaments/swiss/{event.id}"
    assert client_of(built.leader).put(f"{base}/prizes/", PRIZES, format="json").status_code == 200
    board = built.boards[0]
    cheat, opponent = board.white, board.black
    assert RatingChange.objects.filter(pairing=board).count() == 2  # the game was rated
    winner = client_of(built.leader).get(f"{base}/prizes/").json()["prizes"][0]["winner"]
    assert winner == cheat.display_name
    version = event.standings_version

    refused = client_of(cheat.user).post(
        f"{base}/entries/{opponent.id}/disqualify/", {"reason": "x"}, format="json"
    )
    assert refused.status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        done = client_of(built.leader).post(
            f"{base}/entries/{cheat.id}/disqualify/",
            {"reason": "Engine use, fair-play review"},
            format="json",
        )
    assert done.status_code == 200, done.json()

    event.refresh_from_db()
    assert event.status == TournamentStatus.FINISHED  # still over: only its results changed
    assert event.standings_version > version  # the pages' version: pushed and refetched
    rows = APIClient().get(f"{base}/standings/").json()["results"]
    scores = {row["username"]: (row["status"], row["points"]) for row in rows}
    assert scores[cheat.display_name][0] == "disqualified"
    assert float(scores[cheat.display_name][1]) == 0
    assert float(scores[opponent.display_name][1]) == 1  # the forfeit win
    assert rows[0]["username"] == opponent.display_name
    prize = client_of(built.leader).get(f"{base}/prizes/").json()["prizes"][0]
    assert prize["winner"] == opponent.display_name
    # The game, now a forfeit, is rated no more: both ratings are back where they were.
    assert not RatingChange.objects.filter(pairing=board).exists()
    assert not Rating.objects.filter(user__in=[cheat.user, opponent.user], games__gt=0).exists()
    audit = AuditEntry.objects.get(tournament=event, action="player.disqualified")
    assert (audit.actor, audit.subject) == (built.leader, cheat.display_name)
    after = audit.after or {}
    assert after["reason"] == "Engine use, fair-play review"
    assert after["boards"] == {"round 1 board 1": "-+"}


def test_with_past_games_standing_a_finished_event_keeps_its_ratings() -> None:
    built = event_with_round(2, 1, results=[["1-0"]], num_rounds=1)
    base = f"/api/tournaments/swiss/{built.event.id}"
    cheat = built.boards[0].white
    done = client_of(built.leader).post(
        f"{base}/entries/{cheat.id}/disqualify/", {"reason": "Fair play"}, format="json"
    )
    assert done.status_code == 200, done.json()
    assert RatingChange.objects.filter(pairing=built.boards[0]).count() == 2
    rows = APIClient().get(f"{base}/standings/").json()["results"]
    assert {row["username"]: row["status"] for row in rows}[cheat.display_name] == "disqualified"


def test_the_recomputed_standings_and_prize_winners_are_pushed(
    django_capture_on_commit_callbacks,
) -> None:
    built = event_with_round(2, 1, results=[["1-0"]], num_rounds=1)
    base = f"/api/tournaments/swiss/{built.event.id}"
    assert client_of(built.leader).put(f"{base}/prizes/", PRIZES, format="json").status_code == 200
    cheat, opponent = built.boards[0].white, built.boards[0].black

    def disqualify() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            answer = client_of(built.leader).post(
                f"{base}/entries/{cheat.id}/disqualify/", {"reason": "Fair play"}, format="json"
            )
            assert answer.status_code == 200, answer.json()

    frames = heard(swiss_group(built.event.id), disqualify, quiet=0.3, until="prizes_update")
    assert_frames_declared(frames)
    # (The standings go by the coalesced live push, a task: its new version is checked above.)
    assert frames[-1]["event"] == "prizes_update"
    prizes = frames[-1]["payload"]
    assert prizes["final"] is True
    assert prizes["prizes"][0]["winner"] == opponent.display_name  # the ruling took it away
