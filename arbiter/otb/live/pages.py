"""The broadcast feeds and a board's game as pages, rendered once per read version of the
event and kept (`arbiter.common.page_cache`, docs/live.md "Reads"; docs/otb-games.md).

Everything an over-the-board feed shows moves the event's version when it changes: a game
saved (its service takes the event's lock), a result, a round paired, an entry edited. An
online event's moves do not (a move writes the game alone, the way a move must stay cheap),
so while any game of a feed runs, its page is kept per version *and* per the plies played in
those games (`selectors.online_moves_stamp`): each move makes a new page, one render however
many poll it. That page is not shared with the web process's shortcut, which only knows the
version; a feed whose games have all ended is again the version's alone, shared."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from django.utils.translation import gettext as _

from arbiter.common import page_cache
from arbiter.common.exceptions import NotFound
from arbiter.common.page_cache import Page
from arbiter.otb.live import payloads
from arbiter.otb.read import selectors
from arbiter.tournaments.live.pages import SCOPE, version_load
from arbiter.tournaments.models import EventMode
from arbiter.tournaments.read import selectors as swiss_selectors

PGN = "application/x-chess-pgn; charset=utf-8"


def _cached(tournament_id: int, variant: str, render: Callable[[int], Page]) -> Page:
    page = page_cache.versioned_page(
        scope=SCOPE,
        object_id=tournament_id,
        variant=variant,
        version_load=version_load(tournament_id),
        render=render,
    )
    if page is None:
        raise NotFound(_("No such tournament."))
    return page


def game_page(*, tournament_id: int, pairing_id: int) -> Page:
    """A board's over-the-board game (`payloads.game_payload`) as JSON."""

    def render(version: int) -> Page:
        board = selectors.board_get(tournament_id=tournament_id, pairing_id=pairing_id)
        if board is None:
            if swiss_selectors.tournament_row_get(tournament_id=tournament_id) is None:
                raise NotFound(_("No such tournament."))
            raise NotFound(_("No such pairing."))
        online = selectors.online_game_of(board)
        if online is not None:
            raise NotFound(
                _("This board is played online: its game is /game/%(game)s.") % {"game": online.id}
            )
        return page_cache.json_page(payloads.game_payload(board), version=version)

    return _cached(tournament_id, f"otb-game:{pairing_id}", render)


def feed_page(*, tournament_id: int, number: int | None, origin: str) -> tuple[Page, bool]:
    """The PGN feed of round `number` (None: every round) and whether it is the version's
    alone (shareable); NotFound for no such event or a round number the event does not have.
    A round of the event not paired yet is an empty feed: a broadcast polling it before the
    round is paired gets no game, not an error (docs/otb-games.md)."""
    variant = f"pgn:{number or 'all'}:{origin}"

    def body(version: int) -> Page:
        tournament = swiss_selectors.tournament_row_get(tournament_id=tournament_id)
        if tournament is None:
            raise NotFound(_("No such tournament."))
        boards = selectors.boards_of(tournament=tournament, number=number)
        text = payloads.feed_pgn(boards=list(boards), origin=origin)
        return page_cache.page_of(body=text.encode(), version=version, content_type=PGN)

    def kept(version: int) -> Page:
        tournament = swiss_selectors.tournament_row_get(tournament_id=tournament_id)
        if tournament is None:
            raise NotFound(_("No such tournament."))
        if number is not None and not 1 <= number <= tournament.num_rounds:
            raise NotFound(
                _("Round %(number)s does not exist: the event has rounds 1 to %(rounds)s.")
                % {"number": number, "rounds": tournament.num_rounds}
            )
        if tournament.mode == EventMode.ONLINE:
            _plies, running = selectors.online_moves_stamp(
                tournament_id=tournament_id, number=number
            )
            if running:  # this version's page would go stale with the next move
                return page_cache.page_data({"running": True}, version=version)
        return body(version)

    page = _cached(tournament_id, variant, kept)
    if not (isinstance(page.data, dict) and page.data.get("running")):
        return page, True
    plies, _running = selectors.online_moves_stamp(tournament_id=tournament_id, number=number)
    return replace(_cached(tournament_id, f"{variant}:p{plies}", body), origin=""), False
