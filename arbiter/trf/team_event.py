"""A team Swiss event as plain data (FIDE C.04.6): teams of boards, matches, board games.

The one contract shared by the team pairing (`arbiter.pairing.team`), the team standings
(`arbiter.tiebreaks.team`), the TRF-2026 team records (`arbiter.trf.team_trf`) and the
Django app that stores events (`arbiter.teamswiss`). Data only: no parsing, no Django.

Numbers: a team's `tpn` is its team pairing number (C.04.6 art. 1.1, 1..number of teams);
a player's `number` is their start number in the event's player list (1..number of players,
the TRF 001 numbering). A match names the team that has White on board 1 as `white`
(C.04.6 art. 1.6: a team's colour in a match is its board-1 colour); the other boards
alternate (`board_colour`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final, Literal

ColourModel = Literal["typea", "typeb", "nocolor"]  # C.04.6 art. 1.7
PrimaryScore = Literal["mp", "gp"]  # C.04.6 art. 1.2: match points or game points first

# A board's result, from White's side. "+-"/"-+": forfeit (the named side did not play),
# "--": both absent. "" = not played yet.
BOARD_RESULTS: Final = ("1-0", "0-1", "1/2", "+-", "-+", "--")
PLAYED_RESULTS: Final = ("1-0", "0-1", "1/2")


@dataclass(frozen=True, slots=True)
class Points:
    """What a win, a draw and a loss are worth (a match, or a game)."""

    win: Decimal
    draw: Decimal
    loss: Decimal


# The default regulation (C.04.6 art. 1.2): 2/1/0 a match, 1/½/0 a game.
MATCH_POINTS_DEFAULT: Final = Points(Decimal(2), Decimal(1), Decimal(0))
GAME_POINTS_DEFAULT: Final = Points(Decimal(1), Decimal("0.5"), Decimal(0))


def pab_match_points_default(*, match: Points) -> Decimal:
    """The pairing-allocated bye's match points where the regulation is silent: a drawn
    match's (gacrux's score system, `P` = `D`; FIDE's tool is the reference)."""
    return match.draw


# The bye's match points of the default regulation: the model field's default and ScoreSystem's.
PAB_MATCH_POINTS_DEFAULT: Final = pab_match_points_default(match=MATCH_POINTS_DEFAULT)


@dataclass(frozen=True, slots=True)
class ScoreSystem:
    """The event's regulation: match points, game points, the pairing-allocated bye, and
    which score pairs (C.04.6 art. 1.2). `secondary_used`: the other score is used for the
    colour allocation (art. 1.2.1; the default of art. 1.2.2 is match points first, game
    points for colours). The pairing-allocated bye's points are `bye_score`'s."""

    match: Points = MATCH_POINTS_DEFAULT
    game: Points = GAME_POINTS_DEFAULT
    pab_match: Decimal = PAB_MATCH_POINTS_DEFAULT
    pab_game: Decimal | None = None  # None: the game points of winning every board
    primary: PrimaryScore = "mp"
    secondary_used: bool = True


def bye_score(*, scores: ScoreSystem, boards: int) -> tuple[Decimal, Decimal]:
    """The pairing-allocated bye's (match points, game points): `pab_match`, and `pab_game`
    or, where the regulation sets none, a win on each of the `boards` (gacrux's game `PG` =
    `W*`). The one rule for the match record, the TRF 320 record and the tie-breaks."""
    game = scores.pab_game if scores.pab_game is not None else scores.game.win * boards
    return scores.pab_match, game


@dataclass(frozen=True, slots=True)
class TeamPlayer:
    number: int
    name: str
    rating: int | None = None
    fide_id: str = ""
    sex: str = ""  # "m", "w" or ""
    federation: str = ""


@dataclass(frozen=True, slots=True)
class Team:
    """`players`: the squad in board order; the first `boards` are the default line-up,
    the rest reserves."""

    tpn: int
    name: str
    players: tuple[int, ...]
    nickname: str = ""


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match. `white`/`black`: player numbers, None where the team fielded
    nobody on that board (the board is then lost by forfeit)."""

    board: int
    white: int | None
    black: int | None
    result: str = ""  # one of BOARD_RESULTS, or "" while unplayed


@dataclass(frozen=True, slots=True)
class Match:
    """`black` None: `white` received the pairing-allocated bye (no games)."""

    round: int
    white: int
    black: int | None
    games: tuple[BoardGame, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamBye:
    """A team not paired in a round by its own request or absence: "H" half-point bye
    (the match points of a draw), "F" full-point bye, "Z" zero (absent)."""

    round: int
    tpn: int
    kind: Literal["H", "F", "Z"]


@dataclass(frozen=True, slots=True)
class TeamEvent:
    name: str
    boards: int
    total_rounds: int
    teams: tuple[Team, ...]
    players: tuple[TeamPlayer, ...]
    matches: tuple[Match, ...] = ()
    byes: tuple[TeamBye, ...] = ()
    scores: ScoreSystem = ScoreSystem()
    colour_model: ColourModel = "typea"
    initial_colour: Literal["white", "black"] = "white"  # TPN 1's board-1 colour, round 1
    tiebreaks: tuple[str, ...] = ()  # C.07 team codes, in order (after the primary score)
    forbidden: tuple[tuple[int, int], ...] = ()  # pairs of TPNs that must not meet
    start_date: str = ""  # YYYY/MM/DD
    end_date: str = ""
    round_dates: tuple[str, ...] = field(default=())


def board_colour(board: int) -> Literal["w", "b"]:
    """The colour on `board` (1-based) of the match's `white` team: White on the odd boards,
    Black on the even ones (the TRF-2026 352 record "WB")."""
    return "w" if board % 2 == 1 else "b"
