"""Which board of a round a game of an uploaded PGN file is: plain values in, a `Match` out.

A player of the round is found by what the file says of them, most certain first: the FIDE
ID (WhiteFideId / BlackFideId, when the file has it and the entry too), then the same name
(`names.same_name`), then a name that fits one player alone (`names.name_fits`). A game is
its board when its White is that board's white player and its Black its black player. The
board number the file gives (Round "3.5", or Round "3" with Board "5") is a cross-check,
and decides alone only for a game that names neither player. Everything else is reported,
never guessed: a name matching nobody, names of two boards, colours the other way round."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from arbiter.otb.rules.names import name_fits, name_known, same_name
from arbiter.trf.i18n import gettext as _


@dataclass(frozen=True)
class Person:
    """A player as the file may name them: their names (a registered name, a username) and
    their FIDE ID ("" if none)."""

    names: tuple[str, ...]
    fide_id: str = ""

    @property
    def shown(self) -> str:
        return self.names[0] if self.names else "?"


@dataclass(frozen=True)
class BoardPlayers:
    board: int
    white: Person
    black: Person


@dataclass(frozen=True)
class GameNames:
    """What a game of the file says of where it was played."""

    white: str
    black: str
    white_fide_id: str = ""
    black_fide_id: str = ""
    round_tag: str = ""
    board_tag: str = ""


class MatchStatus(StrEnum):
    MATCHED = "matched"
    NO_BOARD = "no_board"  # neither name is a player of the round's boards
    NAME_MISMATCH = "name_mismatch"  # one name is a board's player, the other is not
    DIFFERENT_BOARDS = "different_boards"
    COLOURS_SWAPPED = "colours_swapped"
    OTHER_ROUND = "other_round"


@dataclass(frozen=True)
class Match:
    status: MatchStatus
    board: int | None  # the board matched, or the one the game most likely is
    message: str


_ROUND = re.compile(r"^\s*(\d+)(?:\.(\d+))?\s*$")


def round_and_board(tags: GameNames) -> tuple[int | None, int | None]:
    """The round and board numbers the tags give: Round "3.5", or Round "3" with Board "5";
    None for what they do not give (a Round "?" or "-", a Board "A")."""
    found = _ROUND.match(tags.round_tag)
    number = int(found.group(1)) if found else None
    board = int(found.group(2)) if found and found.group(2) else None
    if board is None and tags.board_tag.strip().isdigit():
        board = int(tags.board_tag.strip())
    return number, board


def _seat(boards: Sequence[BoardPlayers], name: str, fide_id: str) -> tuple[int, str] | str | None:
    """Where the player named sits: (board, "white" | "black"); None if nobody; a message if
    the name fits several players and none better."""
    seats = [(b.board, colour, getattr(b, colour)) for b in boards for colour in ("white", "black")]
    fide_id = fide_id.strip()
    if fide_id and fide_id not in ("0", "?"):
        by_id = [(board, colour) for board, colour, p in seats if p.fide_id == fide_id]
        if len(by_id) == 1:
            return by_id[0]
    if not name_known(name):
        return None
    same = [
        (board, colour) for board, colour, p in seats if any(same_name(name, n) for n in p.names)
    ]
    if len(same) == 1:
        return same[0]
    if len(same) > 1:
        return _("%(name)s is the name of several players of the round.") % {"name": repr(name)}
    fitting = [
        (board, colour) for board, colour, p in seats if any(name_fits(name, n) for n in p.names)
    ]
    if len(fitting) == 1:
        return fitting[0]
    if len(fitting) > 1:
        return _("%(name)s could be several players of the round.") % {"name": repr(name)}
    return None


def board_match(round_number: int, boards: Sequence[BoardPlayers], tags: GameNames) -> Match:
    """The board of `round_number` the game is, or why none is."""
    by_number = {b.board: b for b in boards}
    tag_round, tag_board = round_and_board(tags)
    if tag_round is not None and tag_round != round_number:
        return Match(
            MatchStatus.OTHER_ROUND,
            None,
            _("The game's Round tag says round %(tag_round)s, not round %(round)s.")
            % {"tag_round": tag_round, "round": round_number},
        )
    white = _seat(boards, tags.white, tags.white_fide_id)
    black = _seat(boards, tags.black, tags.black_fide_id)
    for seat in (white, black):
        if isinstance(seat, str):
            return Match(MatchStatus.NO_BOARD, None, seat)
    if white is None and black is None:
        if name_known(tags.white) or name_known(tags.black):
            return Match(
                MatchStatus.NO_BOARD,
                None,
                _("No board of round %(round)s has %(white)s or %(black)s.")
                % {"round": round_number, "white": repr(tags.white), "black": repr(tags.black)},
            )
        # A game that names neither player: its board number alone places it.
        if tag_board in by_number:
            return Match(
                MatchStatus.MATCHED,
                tag_board,
                _("Board %(board)s, by its number.") % {"board": tag_board},
            )
        return Match(MatchStatus.NO_BOARD, None, _("The game names no player and no board."))
    if isinstance(white, tuple) and isinstance(black, tuple):
        return _both_found(by_number, tags, white, black, tag_board)
    # One of the two is a player of the round: the game is most likely that player's board.
    if isinstance(white, tuple):
        seat, found, colour, other, other_colour = white, tags.white, "white", tags.black, "black"
    else:
        assert isinstance(black, tuple)
        seat, found, colour, other, other_colour = black, tags.black, "black", tags.white, "white"
    board = by_number[seat[0]]
    opposite = "black" if seat[1] == "white" else "white"
    words = {
        "board": board.board,
        "colour": _colour(other_colour, capital=True),
        "other": repr(other),
        "round": round_number,
        "opposite": _colour(opposite),
        "shown": repr(getattr(board, opposite).shown),
        "found": repr(found),
        "seat": _colour(seat[1]),
        "found_colour": _colour(colour),
    }
    if seat[1] != colour:
        message = _(
            "Board %(board)s: %(colour)s %(other)s is no player of round %(round)s (the "
            "board's %(opposite)s player is %(shown)s); %(found)s plays %(seat)s there, not "
            "%(found_colour)s."
        )
    else:
        message = _(
            "Board %(board)s: %(colour)s %(other)s is no player of round %(round)s (the "
            "board's %(opposite)s player is %(shown)s)."
        )
    return Match(MatchStatus.NAME_MISMATCH, board.board, message % words)


def _colour(colour: str, *, capital: bool = False) -> str:
    """A side's colour ("white" or "black") in words."""
    if colour == "white":
        return _("White") if capital else _("white")
    return _("Black") if capital else _("black")


def _both_found(
    by_number: dict[int, BoardPlayers],
    tags: GameNames,
    white: tuple[int, str],
    black: tuple[int, str],
    tag_board: int | None,
) -> Match:
    (white_board, white_colour), (black_board, black_colour) = white, black
    if white_board != black_board:
        return Match(
            MatchStatus.DIFFERENT_BOARDS,
            None,
            _("%(white)s plays on board %(white_board)s and %(black)s on board %(black_board)s.")
            % {
                "white": repr(tags.white),
                "white_board": white_board,
                "black": repr(tags.black),
                "black_board": black_board,
            },
        )
    if (white_colour, black_colour) != ("white", "black"):
        return Match(
            MatchStatus.COLOURS_SWAPPED,
            white_board,
            _("Board %(board)s is %(pair)s: the game has the colours the other way round.")
            % {"board": white_board, "pair": _pair(by_number[white_board])},
        )
    if tag_board is not None and tag_board != white_board:
        message = _("Board %(board)s (the file says board %(tag_board)s; the players decide).")
    else:
        message = _("Board %(board)s.")
    return Match(
        MatchStatus.MATCHED, white_board, message % {"board": white_board, "tag_board": tag_board}
    )


def _pair(board: BoardPlayers) -> str:
    return _("%(white)s (White) - %(black)s (Black)") % {
        "white": board.white.shown,
        "black": board.black.shown,
    }
