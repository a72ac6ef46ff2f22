"""The Board API's lean move POST (arbiter/lichess/board/lean.py): a move with a token and no
body is served without DRF, and answers what the DRF view answers (the same request with a
body still goes to DRF: each answer is compared with it), spends the `game` allowance every
game action spends, and keeps a token it read for at most `TOKEN_CACHE_SECONDS`."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.settings import api_settings

from arbiter.common.throttling import user_throttle
from arbiter.games.models import Game
from arbiter.lichess.board import lean
from arbiter.users.models import ApiToken
from arbiter.users.services import api_token_create, api_token_revoke
from tests.factories.users import UserFactory
from tests.games.helpers import Playing
from tests.lichess.board.helpers import rapid_game

pytestmark = pytest.mark.django_db

# What the two paths must agree on, besides the status and the body.
HEADERS = ("Content-Type", "WWW-Authenticate", "X-OAuth-Scopes", "Retry-After", "Allow")


@pytest.fixture(autouse=True)
def _tokens_forgotten() -> Iterator[None]:
    """Each test starts as a fresh process would: no token known."""
    lean.tokens.clear()
    yield
    lean.tokens.clear()


def _post(path: str, authorization: str | None, *, body: bool = False) -> HttpResponse:
    """A move POST as Board clients send it (no body: the lean path), or with `{}` as a JSON
    body (which the DRF view serves)."""
    headers = {} if authorization is None else {"HTTP_AUTHORIZATION": authorization}
    if body:
        return Client().generic("POST", path, b"{}", "application/json", **headers)
    return Client().generic("POST", path, **headers)


def _move(game: Game | int | str, uci: str, token: str | None, **kwargs: Any) -> HttpResponse:
    game_id = game.id if isinstance(game, Game) else game
    bearer = None if token is None else f"Bearer {token}"
    return _post(f"/api/board/game/{game_id}/move/{uci}", bearer, **kwargs)


def _answer(response: HttpResponse) -> tuple[int, bytes, dict[str, str | None]]:
    return (
        response.status_code,
        response.content,
        {name: response.headers.get(name) for name in HEADERS},
    )


def _token(user: Any) -> str:
    return api_token_create(user=user, name="board")[1]


def _game_rate() -> int:
    return int(api_settings.DEFAULT_THROTTLE_RATES["game"].split("/")[0])


@pytest.fixture
def playing() -> Playing:
    return rapid_game()


def test_a_move_is_played_and_answered_ok(playing: Playing) -> None:
    answer = _move(playing.game, "e2e4", _token(playing.white))
    assert (answer.status_code, answer.content) == (200, b'{"ok":true}')
    assert answer["Content-Type"] == "application/json"
    assert answer["X-OAuth-Scopes"].startswith("tournament:write,")
    assert Game.objects.get(id=playing.game.id).moves == "e2e4"
    # The DRF view (a body) answers the next move the same.
    reply = _move(playing.game, "e7e5", _token(playing.black), body=True)
    assert _answer(reply)[:2] == (200, b'{"ok":true}')
    assert _answer(reply)[2] == _answer(answer)[2]
    assert Game.objects.get(id=playing.game.id).moves == "e2e4 e7e5"


def test_an_offered_draw_comes_with_the_move(playing: Playing) -> None:
    """`offeringDraw` is read from the query as by the DRF view; before move 30 the offer
    is answered ok and ignored (docs/lichess-api.md)."""
    answer = _move(playing.game, "e2e4?offeringDraw=true", _token(playing.white))
    assert (answer.status_code, answer.content) == (200, b'{"ok":true}')
    game = Game.objects.get(id=playing.game.id)
    assert (game.moves, game.draw_offer) == ("e2e4", "")


def test_refusals_answer_as_the_drf_view(playing: Playing) -> None:
    white, black, stranger = _token(playing.white), _token(playing.black), _token(UserFactory())
    cases = {
        "illegal": (playing.game, "e2e5", white, 400, {"error": "Piece on e2 cannot move to e5"}),
        "not my piece": (playing.game, "e7e5", white, 400, {"error": "Not my piece on e7"}),
        "not your turn": (playing.game, "d7d5", black, 400, None),
        "invalid uci": (playing.game, "e2e9", white, 400, {"error": "Invalid UCI: e2e9"}),
        "hostile uci": (playing.game, "x" * 300, white, 400, None),
        "not your game": (playing.game, "e2e4", stranger, 404, {"error": "Not your game"}),
        "no such game": (99999999, "e2e4", white, 404, {"error": "No such game"}),
        "not a game id": ("abc", "e2e4", white, 404, {"error": "No such game"}),
        "unknown token": (playing.game, "e2e4", "arb_0000_nope", 401, None),
        "not a token": (playing.game, "e2e4", "xyz", 401, {"error": "No such token"}),
        "malformed header": (playing.game, "e2e4", "a b", 401, {"error": "No such token"}),
        "no header": (playing.game, "e2e4", None, 401, {"error": "Missing authorization header"}),
    }
    for name, (game, uci, token, status, body) in cases.items():
        lean_answer = _move(game, uci, token)
        drf_answer = _move(game, uci, token, body=True)
        assert _answer(lean_answer) == _answer(drf_answer), name
        assert lean_answer.status_code == status, name
        if body is not None:
            assert lean_answer.json() == body, name
        if status == 401:
            assert lean_answer["WWW-Authenticate"] == 'Bearer realm="lichess"', name
    assert Game.objects.get(id=playing.game.id).moves == ""


def test_a_token_is_read_once_then_kept(playing: Playing) -> None:
    """The lean path reads the token with its first move and not with the next ones (the
    DRF view read it with every request)."""
    token = _token(playing.white)
    with CaptureQueriesContext(connection) as first:
        assert _move(playing.game, "e2e5", token).status_code == 400
    with CaptureQueriesContext(connection) as second:
        assert _move(playing.game, "e2e4", token).status_code == 200
    table = ApiToken._meta.db_table

    def token_reads(queries: list[dict[str, Any]]) -> int:
        return sum(q["sql"].startswith("SELECT") and table in q["sql"] for q in queries)

    assert token_reads(first.captured_queries) == 1  # (and its first use recorded)
    assert not any(table in query["sql"] for query in second.captured_queries)


def test_a_revoked_token_stops_within_the_bound(playing: Playing) -> None:
    row, token = api_token_create(user=playing.white, name="bot")
    assert _move(playing.game, "e2e5", token).status_code == 400  # served: the token is kept
    api_token_revoke(user=playing.white, token_id=row.id)
    revoked = time.monotonic()
    while (answer := _move(playing.game, "e2e5", token)).status_code != 401:
        assert answer.status_code == 400
        assert time.monotonic() - revoked <= lean.TOKEN_CACHE_SECONDS + 1.0
        time.sleep(0.2)
    assert time.monotonic() - revoked <= lean.TOKEN_CACHE_SECONDS + 1.0
    assert answer.json() == {"error": "No such token"}
    assert Game.objects.get(id=playing.game.id).moves == ""


def test_a_revoked_token_is_refused_at_once_where_it_was_not_kept(playing: Playing) -> None:
    row, token = api_token_create(user=playing.white, name="bot")
    api_token_revoke(user=playing.white, token_id=row.id)
    answer = _move(playing.game, "e2e4", token)
    assert (answer.status_code, answer.json()) == (401, {"error": "No such token"})
    assert Game.objects.get(id=playing.game.id).moves == ""


def test_a_kept_token_stops_at_its_own_expiry(playing: Playing) -> None:
    row, token = api_token_create(user=playing.white, name="bot")
    ApiToken.objects.filter(id=row.id).update(expires_at=timezone.now() + timedelta(seconds=1))
    assert _move(playing.game, "e2e5", token).status_code == 400
    time.sleep(1.1)  # expired, well within the cache's bound
    answer = _move(playing.game, "e2e4", token)
    assert (answer.status_code, answer.json()) == (401, {"error": "No such token"})


def test_a_move_spends_the_game_allowance_all_game_actions_share(playing: Playing) -> None:
    token = _token(playing.white)
    for _ in range(_game_rate() - 1):  # the allowance, but one, spent elsewhere
        user_throttle(scope="game", user_id=playing.white.id)
    assert _move(playing.game, "e2e4", token).status_code == 200  # the last one
    refused = _move(playing.game, "d7d5", token)
    assert (refused.status_code, refused.json()) == (
        429,
        {"error": "Too many requests. Try again later."},
    )
    by_drf = _move(playing.game, "d7d5", token, body=True)
    assert int(refused["Retry-After"]) > 0 and int(by_drf["Retry-After"]) > 0
    # The same answer (the wait may have ticked over a second between the two).
    assert _answer(refused)[:2] == _answer(by_drf)[:2]
    assert {**_answer(refused)[2], "Retry-After": ""} == {**_answer(by_drf)[2], "Retry-After": ""}
    # The DRF game actions, of both dialects, find the same allowance spent.
    draw = _post(f"/api/board/game/{playing.game.id}/draw/no", f"Bearer {token}")
    assert draw.status_code == 429
    assert Game.objects.get(id=playing.game.id).moves == "e2e4"
