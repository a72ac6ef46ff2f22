"""Reading an over-the-board game: a SAN move list, or PGN text (one game, or a round's file
of many), replayed with python-chess from the standard starting position. Plain values in, a
`ReadGame` or a `NotationError` out; no Django.

A move that cannot be read or played is named by its move number as a scoresheet writes it
("12. Nf3" for White's twelfth move, "12... Nf6" for Black's), so the person typing it in
finds it. Only the main line counts: side lines, comments and NAGs of a PGN are skipped.

The movetext is split here rather than by `chess.pgn`, whose tokenizer passes over what it
does not recognise ("Nf9", a stray word) without a word: such a token must be reported, not
dropped, or the moves after it would be read as the other side's."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import chess

from arbiter.trf.i18n import gettext as _

# Longer than any game a club plays by far (the 75-move and fivefold rules end a game long
# before), short enough that a hostile list costs little to replay.
MAX_PLIES = 1000
RESULTS = ("1-0", "0-1", "1/2-1/2")
ONGOING = "*"
TERMINATORS = (*RESULTS, ONGOING)


class NotationError(ValueError):
    """The text is no game we can keep: `message` says why, for the person who typed it."""

    def __init__(self, message: str, *, ply: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.ply = ply  # the move that fails (0: White's first), for a move's problem


@dataclass(frozen=True)
class ReadGame:
    """A game as read: its main line (UCI and SAN), the PGN tags it carried (none for a move
    list), the result it states ("*" if none) and the result its last position forces
    (checkmate, stalemate, a dead position, the 75-move or fivefold rule; None when the game
    could go on)."""

    ucis: tuple[str, ...]
    sans: tuple[str, ...]
    tags: dict[str, str] = field(default_factory=dict)
    stated_result: str = ONGOING
    forced_result: str | None = None


def move_label(ply: int, san: str) -> str:
    """The scoresheet's name of the move at `ply` (0: White's first): "12. Nf3", "12... Nf6"."""
    number = ply // 2 + 1
    return f"{number}. {san}" if ply % 2 == 0 else f"{number}... {san}"


def forced_result(board: chess.Board) -> str | None:
    """The result the position itself decides under FIDE's Laws (checkmate; stalemate, a dead
    position, the 75-move and fivefold repetition rules draw at once), else None."""
    outcome = board.outcome(claim_draw=False)
    return None if outcome is None else outcome.result()


def _move_problem(board: chess.Board, token: str) -> str:
    """Why `token` is not a move in `board`'s position, as a person would say it."""
    label = move_label(len(board.move_stack), token or _("(empty)"))
    if board.is_game_over():
        return _("Move %(label)s: the game was already over, no move can follow.") % {
            "label": label
        }
    try:
        move = board.parse_san(token)
    except chess.IllegalMoveError:
        return _("Move %(label)s is illegal in this position.") % {"label": label}
    except chess.AmbiguousMoveError:
        return _("Move %(label)s is ambiguous: name the piece's file or rank (e.g. Nbd2).") % {
            "label": label
        }
    except ValueError:
        return _("Move %(label)s is not a move in standard algebraic notation.") % {"label": label}
    if not move:
        return _("Move %(label)s is a null move, which no game played over the board has.") % {
            "label": label
        }
    return _("Move %(label)s cannot be played.") % {"label": label}


class _Replay:
    """The main line being replayed from the starting position."""

    def __init__(self) -> None:
        self.board = chess.Board()
        self.ucis: list[str] = []
        self.sans: list[str] = []

    def play(self, token: str) -> None:
        if len(self.ucis) >= MAX_PLIES:
            raise NotationError(
                _("A game has at most %(plies)s moves of both sides.") % {"plies": MAX_PLIES}
            )
        ply = len(self.ucis)
        try:
            move = self.board.parse_san(token)
        except ValueError:
            raise NotationError(_move_problem(self.board, token), ply=ply) from None
        if not move:  # "--", "Z0", "0000": python-chess reads them as a null move
            raise NotationError(_move_problem(self.board, token), ply=ply)
        self.sans.append(self.board.san(move))
        self.ucis.append(move.uci())
        self.board.push(move)

    def game(self, *, tags: dict[str, str] | None = None, stated: str = ONGOING) -> ReadGame:
        return ReadGame(
            tuple(self.ucis),
            tuple(self.sans),
            tags=tags or {},
            stated_result=stated,
            forced_result=forced_result(self.board),
        )


def sans_read(sans: list[str]) -> ReadGame:
    """A SAN move list: one move per item, without move numbers or a result."""
    if len(sans) > MAX_PLIES:
        raise NotationError(
            _("A game has at most %(plies)s moves of both sides.") % {"plies": MAX_PLIES}
        )
    replay = _Replay()
    for raw in sans:
        replay.play(raw.strip())
    return replay.game()


# --- PGN ---------------------------------------------------------------------------------

# A tag pair on a line of its own: [Name "value"], the value's quotes and backslashes escaped.
_TAG = re.compile(r'^\[\s*([A-Za-z0-9_][A-Za-z0-9_+#=:-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
# Movetext tokens: a comment (to its brace or the text's end), a rest-of-line comment, a
# variation's parenthesis, a NAG, or anything else up to white space or one of those.
_TOKEN = re.compile(r"\{[^}]*\}?|;[^\n]*|[()]|\$\d+|[^\s{}();$]+")
_MOVE_NUMBER = re.compile(r"^\d+\.+")
_GLYPHS = re.compile(r"[!?]+$")


@dataclass(frozen=True)
class PgnGame:
    """One game of PGN text, split but not yet replayed: its tags and its movetext."""

    index: int  # 1 for the text's first game
    tags: dict[str, str]
    movetext: str


def pgn_split(text: str) -> list[PgnGame]:
    """The games of PGN text: a game starts at a tag section (or at movetext after a finished
    game's result) and runs to the next one. Lines starting with "%" are escaped (ignored);
    a tag line that does not parse is kept with the movetext, where it is reported."""
    games: list[PgnGame] = []
    tags: dict[str, str] = {}
    moves: list[str] = []
    finished = False  # the current game's movetext ended with a result

    def close() -> None:
        nonlocal tags, moves, finished
        if tags or any(line.strip() for line in moves):
            games.append(PgnGame(len(games) + 1, tags, "\n".join(moves)))
        tags, moves, finished = {}, [], False

    for line in text.splitlines():
        stripped = line.strip()
        if line.startswith("%"):
            continue
        tag = _TAG.match(stripped)
        if tag is not None:
            if any(item.strip() for item in moves):
                close()  # tags after movetext: the next game
            tags[tag.group(1)] = re.sub(r"\\(.)", r"\1", tag.group(2))
            continue
        if finished and stripped:
            close()  # movetext after a result, without tags: another game
        moves.append(line)
        tokens = stripped.split()
        if tokens and tokens[-1] in TERMINATORS and not stripped.endswith("}"):
            finished = _depth_zero_end(moves)
    close()
    return games


def _depth_zero_end(lines: list[str]) -> bool:
    """The movetext so far ends with a result outside any comment or variation."""
    depth, last = 0, ""
    for token in _TOKEN.findall("\n".join(lines)):
        if token == "(":
            depth += 1
        elif token == ")":
            depth = max(0, depth - 1)
        elif not token.startswith(("{", ";", "$")) and depth == 0:
            last = token
    return last in TERMINATORS


def pgn_game_read(game: PgnGame) -> ReadGame:
    """Replay one game's main line; NotationError names the first move that fails."""
    variant = game.tags.get("Variant", "Standard")
    if variant.lower() not in ("standard", "chess", ""):
        raise NotationError(
            _("Only standard chess is kept here, not %(variant)s.") % {"variant": repr(variant)}
        )
    if game.tags.get("FEN", chess.STARTING_FEN) != chess.STARTING_FEN:
        raise NotationError(_("Only games from the standard starting position are kept here."))
    replay = _Replay()
    depth, terminator = 0, None
    for token in _TOKEN.findall(game.movetext):
        if token.startswith(("{", ";", "$")):
            continue  # a comment or a NAG: not part of the moves
        if token == "(":
            depth += 1
            continue
        if token == ")":
            if depth == 0:
                raise NotationError(_("A variation closes that never opened."))
            depth -= 1
            continue
        if depth:
            continue  # a side line: analysis, not the game
        if terminator is not None:
            raise NotationError(
                _("Text follows the result %(terminator)s: %(token)s.")
                % {"terminator": terminator, "token": repr(token)}
            )
        if token in TERMINATORS:
            terminator = token
            continue
        move = _GLYPHS.sub("", _MOVE_NUMBER.sub("", token))
        if move:
            replay.play(move)
    if depth:
        raise NotationError(_("A variation opens and never closes."))
    tag = game.tags.get("Result", ONGOING)
    if tag in RESULTS and terminator in RESULTS and tag != terminator:
        raise NotationError(
            _("The Result tag says %(tag)s but the moves end with %(terminator)s.")
            % {"tag": tag, "terminator": terminator}
        )
    stated = tag if tag in RESULTS else (terminator or ONGOING)
    return replay.game(tags=dict(game.tags), stated=stated)


def pgn_read(text: str) -> ReadGame:
    """Exactly one game of PGN text."""
    games = pgn_split(text)
    if not games:
        raise NotationError(_("No game found in the PGN text."))
    if len(games) > 1:
        raise NotationError(_("The PGN text holds more than one game: send one here."))
    return pgn_game_read(games[0])


def result_settled(*, stated: str | None, game: ReadGame) -> str:
    """The game's result: the one stated by the request, else by the PGN, else "*"; a
    position that decides the result decides it, and a stated result that contradicts it is
    refused."""
    result = stated if stated and stated != ONGOING else game.stated_result
    forced = game.forced_result
    if forced is None:
        return result
    if result not in (ONGOING, forced):
        raise NotationError(
            _("The last position decides the game: the result is %(result)s.") % {"result": forced}
        )
    return forced
