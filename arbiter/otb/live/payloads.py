"""What readers get of boards' games: an over-the-board game's JSON (what a board on the page
replays), a board as PGN for the broadcast feeds, and the event's games as PGN for the games
exports (Arbiter's and lichess's), online and over-the-board games alike."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import chess

from arbiter.games.live.payloads import game_pgn
from arbiter.games.models import Game
from arbiter.otb.models import OtbGame
from arbiter.otb.read import selectors
from arbiter.otb.rules.pgn import PgnRecord, pgn_join, pgn_write
from arbiter.tournaments.models import (
    EventMode,
    GameResult,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
)
from arbiter.tournaments.read import selectors as swiss_selectors

# A board's result as PGN writes it. A forfeit is written as the win it scores; a double
# forfeit has no PGN result at all, and no game: the feeds leave it out like a bye.
PGN_RESULTS = {
    GameResult.PENDING: "*",
    GameResult.WHITE_WINS: "1-0",
    GameResult.BLACK_WINS: "0-1",
    GameResult.DRAW: "1/2-1/2",
    GameResult.WHITE_WINS_FORFEIT: "1-0",
    GameResult.BLACK_WINS_FORFEIT: "0-1",
}
FORFEITS = (GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS_FORFEIT)


def player_name(entry: SwissParticipant) -> str:
    """The name a PGN gives the player: the registered name ("Lastname, Firstname", which
    lichess broadcasts and FIDE's lists use) where the entry has one, else the username."""
    if entry.name:
        return entry.name
    return entry.user.username if entry.user is not None else "?"


def _player_json(entry: SwissParticipant) -> dict[str, Any]:
    return {
        "name": player_name(entry),
        "username": entry.user.username if entry.user is not None else None,
        "rating": entry.rating,
        "title": entry.title,
        "fide_id": entry.fide_id,
    }


def _replay(ucis: Sequence[str]) -> tuple[list[str], list[str]]:
    """The moves in SAN and the position (FEN) before the first and after each move."""
    board = chess.Board()
    sans, fens = [], [board.fen()]
    for uci in ucis:
        move = chess.Move.from_uci(uci)
        sans.append(board.san(move))
        board.push(move)
        fens.append(board.fen())
    return sans, fens


def _utc(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def game_payload(board: SwissPairing) -> dict[str, Any]:
    """An over-the-board board's game (`OtbGameOutputSerializer`): its moves in UCI and SAN,
    the FEN before the first move and after each (a page's board steps through them without a
    chess library), the game's own result beside the board's, the tags kept and who entered
    it when. A board without a game yet is an empty game ("*", no moves)."""
    game = selectors.otb_game_of(board)
    ucis = game.move_list if game is not None else []
    sans, fens = _replay(ucis)
    rnd = board.round
    return {
        "pairing_id": board.id,
        "tournament_id": rnd.tournament_id,
        "round": rnd.number,
        "board": board.board,
        "white": _player_json(board.white),
        "black": _player_json(board.black),
        "moves": " ".join(ucis),
        "uci": ucis,
        "san": sans,
        "fens": fens,
        "ply": len(ucis),
        "result": game.result if game is not None else "*",
        "board_result": board.result,
        "disputed": board.disputed,
        "tags": dict(game.tags) if game is not None else {},
        "started_at": _utc(game.started_at) if game is not None else None,
        "entered_by": (game.entered_by.username if game is not None and game.entered_by else None),
        "by_leader": bool(game and game.by_leader),
        "entered_at": _utc(game.entered_at) if game is not None else None,
        "pgn": board_pgn(board, origin="") or "",
    }


# --- PGN ---------------------------------------------------------------------------------


def _date(moment: datetime | None) -> str:
    return moment.strftime("%Y.%m.%d") if moment is not None else ""


def _site(board: SwissPairing, online: Game | None, origin: str) -> str:
    """Where the game was played: the event's venue over the board, the game's page online
    (absolute when the request's origin is known)."""
    tournament = board.round.tournament
    if online is not None:
        return f"{origin}/game/{online.id}"
    if tournament.venue:
        return tournament.venue
    return f"{origin}/swiss/{tournament.id}" if origin else ""


def _players_tags(board: SwissPairing) -> list[tuple[str, str]]:
    tags = [("White", player_name(board.white)), ("Black", player_name(board.black))]
    for colour, entry in (("White", board.white), ("Black", board.black)):
        if entry.title:
            tags.append((f"{colour}Title", entry.title))
        if entry.rating:
            tags.append((f"{colour}Elo", str(entry.rating)))
        if entry.fide_id:
            tags.append((f"{colour}FideId", entry.fide_id))
    return tags


def board_record(board: SwissPairing, *, origin: str) -> PgnRecord | None:
    """A board as the feeds write it: the standard tags, its moves so far (the server's game
    online, the game entered over the board), its result, `*` until it has one (a disputed
    board has none). None for a double forfeit: no game, and no PGN result says it."""
    if board.result == GameResult.DOUBLE_FORFEIT:
        return None
    rnd = board.round
    tournament = rnd.tournament
    online = selectors.online_game_of(board)
    otb = selectors.otb_game_of(board)
    ucis = online.move_list if online is not None else (otb.move_list if otb else [])
    started = (
        online.created_at
        if online is not None
        else (otb.started_at if otb and otb.started_at else rnd.started_at)
    )
    clock = tournament.time_control
    tags = [
        ("Event", tournament.name),
        ("Site", _site(board, online, origin)),
        ("Date", _date(started)),
        ("Round", f"{rnd.number}.{board.board}"),
        *_players_tags(board),
        ("TimeControl", f"{clock.limit_seconds}+{clock.increment_seconds}"),
    ]
    if started is not None:
        tags += [("UTCDate", _date(started)), ("UTCTime", started.strftime("%H:%M:%S"))]
    if board.result in FORFEITS:
        tags.append(("Termination", "abandoned"))  # PGN's word for a game not played out
    if otb is not None:
        tags += [(name, value) for name, value in otb.tags.items() if name != "Termination"]
        if "Termination" in otb.tags and board.result not in FORFEITS:
            tags.append(("Termination", otb.tags["Termination"]))
    sans, _ = _replay(ucis)
    return PgnRecord(tags, sans, PGN_RESULTS[GameResult(board.result)])


def board_pgn(board: SwissPairing, *, origin: str) -> str | None:
    record = board_record(board, origin=origin)
    return pgn_write(record) if record is not None else None


def feed_pgn(*, boards: Sequence[SwissPairing], origin: str) -> str:
    """The broadcast feed: every board in round and board order (byes have none), each with
    its moves so far; boards not started yet are there with `*`."""
    return pgn_join(text for board in boards if (text := board_pgn(board, origin=origin)))


# --- The event's games export ------------------------------------------------------------


@dataclass(frozen=True)
class ExportedGame:
    """A game of the event's export: the board and its game of either kind, and its PGN."""

    board: SwissPairing
    online: Game | None
    otb: OtbGame | None
    pgn: str


def event_games_export(
    *, tournament: SwissTournament, player: str | None = None
) -> list[ExportedGame]:
    """Every game of the event in round and board order, for `GET /api/tournaments/swiss/
    {id}/games/` and lichess's `GET /api/swiss/{id}/games`: an online event's games as the
    server kept them (`games.live.payloads.game_pgn`), an over-the-board event's games as
    entered (the feeds' tags, without the request's origin). `player`: only that user's
    games (case-insensitive username)."""
    if tournament.mode == EventMode.ONLINE:
        # The event's games are read through its pairings: each has one.
        return [
            ExportedGame(pairing, game, None, game_pgn(game))
            for game in swiss_selectors.event_games(tournament=tournament, player=player)
            if (pairing := game.pairing) is not None
        ]
    exported = []
    for board in selectors.otb_boards_with_games(tournament=tournament, player=player):
        text = board_pgn(board, origin="")
        if text is not None:
            exported.append(ExportedGame(board, None, selectors.otb_game_of(board), text))
    return exported
