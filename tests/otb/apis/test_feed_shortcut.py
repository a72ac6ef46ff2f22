"""The feeds as a served process answers them, through the page shortcut (docs/live.md): an
over-the-board feed is answered below Django until a saved game moves the event's version,
then at once with the game; an online feed with running games always reaches Django, which
keys it by the plies played, so that no poll gets a position a move has left behind."""

from __future__ import annotations

import io
from collections.abc import Iterator

import chess.pgn
import pytest
from django.test import override_settings

from arbiter.common import page_cache, page_shortcut
from arbiter.games.models import Game
from arbiter.games.services.play import game_move
from arbiter.tournaments.models import EventMode
from tests.common.test_page_shortcut import Answer, Served
from tests.factories.events import event_with_round
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def served() -> Iterator[Served]:
    page_shortcut.shortcuts.clear()
    page_cache.local_pages.clear()
    with override_settings(READ_VERSION_SECONDS=10):  # as served processes trust versions
        yield Served()
    page_shortcut.shortcuts.clear()


def moves_of(answer: Answer, board: int) -> list[str]:
    handle = io.StringIO(answer.body.decode())
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        games.append(game)
    return [move.uci() for move in games[board - 1].mainline_moves()]


def test_an_otb_feed_is_answered_below_django_until_a_game_is_saved(served: Served) -> None:
    built = event_with_round(4)
    board = built.boards[0]
    path = f"/swiss/{built.event.id}/round/1.pgn"
    first = served.get(path)
    assert (
        first.status == 200
        and first.header("content-type") == "application/x-chess-pgn; charset=utf-8"
    )
    again, django = served.get_counted(path)
    assert (again.body, django) == (first.body, False)

    saved = client_of(built.leader).put(
        f"/api/tournaments/swiss/{built.event.id}/pairings/{board.id}/game/",
        {"moves": ["e4", "c5"]},
        format="json",
    )
    assert saved.status_code == 200, saved.json()
    etag = first.header("etag")
    assert etag
    after, django = served.get_counted(path, [(b"if-none-match", etag.encode())])
    assert (after.status, django) == (200, True)
    assert moves_of(after, 1) == ["e2e4", "c7c5"]
    new_etag = after.header("etag")
    assert new_etag and new_etag != etag
    held, django = served.get_counted(path, [(b"if-none-match", new_etag.encode())])
    assert (held.status, django) == (304, False)


def test_an_online_feed_with_running_games_always_reaches_django(served: Served) -> None:
    built = event_with_round(4, mode=EventMode.ONLINE)
    game = Game.objects.select_related("white").get(pairing=built.boards[0])
    path = f"/swiss/{built.event.id}/round/1.pgn"
    assert served.get(path).status == 200
    again, django = served.get_counted(path)
    assert django  # never kept below Django while its games run
    game_move(game_id=game.id, user=game.white, uci="d2d4")
    moved, django = served.get_counted(path)
    assert django and moves_of(moved, 1) == ["d2d4"]
    assert moved.body != again.body
