"""Playing an online Swiss game through the services: moves, endings, the Swiss result."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, Conflict, InvalidInput, PermissionDenied
from arbiter.games.models import Game
from arbiter.games.services.play import game_draw, game_move, game_resign
from arbiter.games.tasks import flag_tick
from arbiter.tournaments.models import (
    NoShowRecord,
    ParticipantStatus,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
)
from tests.games.helpers import (
    FOOLS_MATE,
    LOYD_STALEMATE,
    online_game,
    online_round,
    quiet_moves,
)
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def play(game: Game, moves: list[str]) -> Game:
    for uci in moves:
        game = Game.objects.get(id=game.id)
        mover = game.white if game.ply % 2 == 0 else game.black
        game = game_move(game_id=game.id, user=mover, uci=uci, ply=game.ply)
    return Game.objects.get(id=game.id)


def preset(game: Game, moves: list[str]) -> Game:
    """A game already at `moves` (set up directly: the rule under test comes after them)."""
    Game.objects.filter(id=game.id).update(moves=" ".join(moves), ply=len(moves))
    return Game.objects.get(id=game.id)


def test_an_online_round_makes_one_game_per_board_with_the_event_clock() -> None:
    started = online_round(players=4)
    games = Game.objects.filter(pairing__round__tournament_id=started.event["id"])
    assert games.count() == 2
    game = started.game
    assert (game.initial_ms, game.increment_ms, game.white_ms, game.ply) == (
        180_000,
        2000,
        180_000,
        0,
    )
    assert game.status == "started" and game.flag_at is not None
    assert game.pairing.white.user_id == game.white_id


def test_an_over_the_board_event_makes_no_games() -> None:
    team, leader, members = team_with_members(2)
    event = create_event(leader, team, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        client_of(user).post(f"{base}/join/", {}, format="json")
    assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201
    assert SwissPairing.objects.filter(round__tournament_id=event["id"]).count() == 1
    assert not Game.objects.filter(pairing__round__tournament_id=event["id"]).exists()


def test_checkmate_ends_the_game_and_scores_the_board_in_the_swiss() -> None:
    started = online_game()
    game = play(started.game, FOOLS_MATE)
    assert (game.status, game.winner, game.ply) == ("mate", "black", 4)
    pairing = SwissPairing.objects.get(id=game.pairing_id)
    assert pairing.result == "0-1"
    black = SwissParticipant.objects.get(id=pairing.black_id)
    assert black.points == 1
    assert SwissTournament.objects.get(id=started.event.id).standings_version >= 2


def test_clocks_take_the_time_spent_and_add_the_increment() -> None:
    started = online_game()
    game = play(started.game, ["e2e4", "e7e5"])  # first moves: no clock yet
    assert (game.white_ms, game.black_ms) == (180_000, 180_000)
    Game.objects.filter(id=game.id).update(turn_started_at=timezone.now() - timedelta(seconds=5))
    game = play(game, ["g1f3"])
    assert 176_900 <= game.white_ms <= 177_000  # 180 s - 5 s + 2 s
    assert game.flag_at is not None
    assert abs((game.flag_at - game.turn_started_at).total_seconds() - 180) < 0.01


def test_stale_plies_duplicates_wrong_turns_and_illegal_moves_are_refused() -> None:
    started = online_game()
    game = started.game
    game_move(game_id=game.id, user=started.white, uci="e2e4", ply=0)
    with pytest.raises(Conflict, match="Stale"):  # the same move again from a second tab
        game_move(game_id=game.id, user=started.white, uci="e2e4", ply=0)
    with pytest.raises(Conflict, match="not your turn"):
        game_move(game_id=game.id, user=started.white, uci="d2d4")
    with pytest.raises(InvalidInput, match="Illegal"):
        game_move(game_id=game.id, user=started.black, uci="e7e4", ply=1)
    with pytest.raises(InvalidInput, match="UCI"):
        game_move(game_id=game.id, user=started.black, uci="zz", ply=1)
    outsider = started.leader
    with pytest.raises(PermissionDenied):
        game_move(game_id=game.id, user=outsider, uci="e7e5", ply=1)
    assert Game.objects.get(id=game.id).moves == "e2e4"


def test_no_draw_offer_at_move_29_an_offer_at_move_30_is_accepted() -> None:
    started = online_game()
    game = preset(started.game, quiet_moves(56))  # white to play move 29
    with pytest.raises(ApplicationError, match="before move 30"):
        game_draw(game_id=game.id, user=started.white, accept=True)
    game = play(game, quiet_moves(58)[56:])  # move 29 played: white to play move 30
    game = game_draw(game_id=game.id, user=started.white, accept=True)
    assert game.draw_offer == "white" and game.status == "started"
    game = game_draw(game_id=game.id, user=started.black, accept=True)
    assert (game.status, game.winner) == ("draw", "")
    assert SwissPairing.objects.get(id=game.pairing_id).result == "1/2-1/2"


def test_a_declined_offer_is_withdrawn_and_the_game_goes_on() -> None:
    started = online_game()
    game = preset(started.game, quiet_moves(58))
    game_draw(game_id=game.id, user=started.white, accept=True)
    game = game_draw(game_id=game.id, user=started.black, accept=False)
    assert game.draw_offer == "" and game.status == "started"


def test_a_threefold_claim_before_move_30_is_refused() -> None:
    started = online_game()
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2 + ["g1f3", "g8f6"]
    game = play(started.game, shuffle)  # the position after 1.Nf3 Nf6 seen three times
    with pytest.raises(ApplicationError, match="before move 30"):
        game_draw(game_id=game.id, user=started.white, accept=True)
    assert Game.objects.get(id=game.id).status == "started"


def test_stalemate_before_move_30_still_ends_in_a_draw() -> None:
    started = online_game()
    game = play(started.game, LOYD_STALEMATE)
    assert (game.status, game.winner) == ("stalemate", "")
    assert SwissPairing.objects.get(id=game.pairing_id).result == "1/2-1/2"


def test_resignation_scores_the_opponent() -> None:
    started = online_game()
    game = play(started.game, ["e2e4"])
    game = game_resign(game_id=game.id, user=started.white)
    assert (game.status, game.winner) == ("resign", "black")
    with pytest.raises(Conflict, match="over"):
        game_move(game_id=game.id, user=started.black, uci="e7e5", ply=1)


def test_the_tick_flags_the_side_to_move_out_of_time() -> None:
    started = online_game()
    game = play(started.game, ["e2e4", "e7e5"])
    Game.objects.filter(id=game.id).update(flag_at=timezone.now() - timedelta(milliseconds=1))
    assert flag_tick() == 1
    game = Game.objects.get(id=game.id)
    assert (game.status, game.winner) == ("outoftime", "black")
    assert SwissPairing.objects.get(id=game.pairing_id).result == "0-1"
    assert flag_tick() == 0


def test_a_move_after_the_flag_is_refused_and_the_game_is_lost_on_time() -> None:
    started = online_game()
    game = play(started.game, ["e2e4", "e7e5"])
    Game.objects.filter(id=game.id).update(flag_at=timezone.now() - timedelta(milliseconds=1))
    with pytest.raises(Conflict, match="outoftime"):
        game_move(game_id=game.id, user=started.white, uci="g1f3", ply=2)
    assert Game.objects.get(id=game.id).status == "outoftime"


def test_a_missed_first_move_is_a_no_show_paused_and_banned() -> None:
    started = online_game()
    game = play(started.game, ["e2e4"])  # black never moves
    Game.objects.filter(id=game.id).update(flag_at=timezone.now() - timedelta(milliseconds=1))
    assert flag_tick() == 1
    game = Game.objects.get(id=game.id)
    assert (game.status, game.winner) == ("noStart", "white")
    pairing = SwissPairing.objects.get(id=game.pairing_id)
    assert pairing.result == "+-" and pairing.no_show_id == pairing.black_id
    assert SwissParticipant.objects.get(id=pairing.black_id).status == ParticipantStatus.PAUSED
    record = NoShowRecord.objects.get(user=started.black)
    assert record.ban_seconds == 24 * 3600
    assert record.banned_until is not None and record.banned_until > timezone.now()


def test_an_arbiters_decision_during_the_game_stands_when_the_game_ends() -> None:
    started = online_game()
    game = play(started.game, ["e2e4"])
    base = f"/api/tournaments/swiss/{started.event.id}"
    decided = client_of(started.leader).post(
        f"{base}/pairings/{game.pairing_id}/result/", {"result": "1/2-1/2"}, format="json"
    )
    assert decided.status_code == 200, decided.content
    game = game_resign(game_id=game.id, user=started.white)
    assert (game.status, game.winner) == ("resign", "black")
    assert SwissPairing.objects.get(id=game.pairing_id).result == "1/2-1/2"


@pytest.mark.parametrize(("increment", "start_ms"), [(1, 3000), (5, 5000)])
def test_a_zero_minute_clock_starts_at_the_increment_at_least_three_seconds(
    increment: int, start_ms: int
) -> None:
    """Issue 25, item 4: `0+1` started both clocks at 0 ms, and white had lost on time the
    moment black made the first move."""
    started = online_round(clock_limit_seconds=0, clock_increment_seconds=increment)
    game = started.game
    assert (game.initial_ms, game.white_ms, game.black_ms) == (0, start_ms, start_ms)
    game = play(game, ["e2e4", "e7e5"])  # both first moves: white's clock now runs
    assert game.status == "started"
    assert flag_tick() == 0  # before the fix: white out of time at once
    game = play(game, ["g1f3"])
    assert game.status == "started" and game.white_ms > start_ms  # the increment added
