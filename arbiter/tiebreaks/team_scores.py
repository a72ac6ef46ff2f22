"""A team event's rounds as the team tie-breaks see them: per team, per round, one entry.

Built once per `team_standings` call from `arbiter.trf.team_event.TeamEvent`. A match's
result follows from its boards as in gacrux (FIDE's checker, `games2matches`): the team
with more game points wins; equal game points are a draw when both teams scored, and
otherwise a loss for both. A match is *played* when a board was played over the board, or
when both teams scored (by forfeits on different boards); an unplayed match is a forfeit:
the winner's is a forfeit win, the loser's (and both sides of a 0-0) a forfeit loss, worth
0 match points whatever a loss is worth.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal

from arbiter.trf.team_event import PLAYED_RESULTS, Match, TeamEvent, board_colour, bye_score

# Entry kinds, from the team's side (the individual tie-breaks' kinds, arbiter.tiebreaks.scores).
PLAYED: Final = 0  # a match played: a board over the board, or both teams scored
FORFEIT_WIN: Final = 1
FORFEIT_LOSS: Final = 2  # also both sides of a 0-0 forfeit
PAB: Final = 3  # pairing-allocated bye
FULL_BYE: Final = 4  # "F"
HALF_BYE: Final = 5  # "H"
ZERO_BYE: Final = 6  # "Z", or absent (no match and no bye in the round)

# Voluntary unplayed rounds (C.07 16.1.2): requested byes, absences and forfeit losses.
VUR_KINDS: Final = frozenset({FORFEIT_LOSS, HALF_BYE, ZERO_BYE})

ZERO: Final = Decimal(0)
Key = Literal["m", "g"]  # match points or game points


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round. `opponent`: index of the team met (forfeits included), else None.
    `boards`: the team's points per board (board 1 first) where boards were set."""

    kind: int
    opponent: int | None
    mp: Decimal
    gp: Decimal
    boards: tuple[Decimal, ...] = ()

    def score(self, key: Key) -> Decimal:
        return self.mp if key == "m" else self.gp


class TeamTable:
    """Every team's rounds 1..`rounds` (teams in TPN order) and the sums the codes share."""

    def __init__(self, event: TeamEvent, rounds: int) -> None:
        self.event = event
        self.rounds = rounds
        self.teams = sorted(event.teams, key=lambda team: team.tpn)
        self.index = {team.tpn: i for i, team in enumerate(self.teams)}
        scores = event.scores
        boards = event.boards
        self.win: dict[Key, Decimal] = {"m": scores.match.win, "g": scores.game.win * boards}
        self.draw: dict[Key, Decimal] = {"m": scores.match.draw, "g": scores.game.draw * boards}
        self.primary: Key = "m" if scores.primary == "mp" else "g"
        self.secondary: Key = "g" if self.primary == "m" else "m"
        self.regulations = _regulations(event.start_date)
        n = len(self.teams)
        absent = TeamRound(ZERO_BYE, None, ZERO, ZERO)
        self.rows: list[list[TeamRound]] = [[absent] * rounds for _ in range(n)]
        self._fill(event, rounds)
        keys: tuple[Key, Key] = ("m", "g")
        self.total: dict[Key, list[Decimal]] = {
            key: [sum((row.score(key) for row in rows), ZERO) for rows in self.rows] for key in keys
        }
        # Last round that is not a VUR (C.07 16.2): later requested byes are "terminal".
        self.last_present = [
            max((r + 1 for r, row in enumerate(rows) if row.kind not in VUR_KINDS), default=0)
            for rows in self.rows
        ]
        self._adjusted: dict[Key, list[Decimal]] = {}

    def _fill(self, event: TeamEvent, rounds: int) -> None:
        team_of = {number: team.tpn for team in event.teams for number in team.players}
        scores = event.scores
        pab_match, pab_game = bye_score(scores=scores, boards=event.boards)
        for match in event.matches:
            if match.round > rounds:
                continue
            r = match.round - 1
            white = self.index[match.white]
            if match.black is None:
                self.rows[white][r] = TeamRound(
                    PAB, None, pab_match, pab_game, (scores.game.win,) * event.boards
                )
                continue
            black = self.index[match.black]
            self.rows[white][r], self.rows[black][r] = _match_rows(
                event, match, white, black, team_of
            )
        bye_points = {
            "H": (HALF_BYE, scores.match.draw, scores.game.draw),
            "F": (FULL_BYE, scores.match.win, scores.game.win),
            "Z": (ZERO_BYE, ZERO, ZERO),
        }
        for bye in event.byes:
            if bye.round <= rounds:
                kind, mp, per_board = bye_points[bye.kind]
                self.rows[self.index[bye.tpn]][bye.round - 1] = TeamRound(
                    kind, None, mp, per_board * event.boards, (per_board,) * event.boards
                )

    def adjusted(self, key: Key) -> list[Decimal]:
        """C.07 16.3: each team's score as somebody's opponent: requested byes after its last
        round that is not a VUR count as draws; everything else counts what was awarded."""
        cached = self._adjusted.get(key)
        if cached is None:
            cached = [
                sum(
                    (
                        row.score(key)
                        if r < self.last_present[i] or row.opponent is not None
                        else self.draw[key]
                        for r, row in enumerate(rows)
                    ),
                    ZERO,
                )
                for i, rows in enumerate(self.rows)
            ]
            self._adjusted[key] = cached
        return cached

    def fore(self, key: Key) -> tuple[list[Decimal], list[Decimal]]:
        """Fore Buchholz (C.07 8.3, as gacrux computes it for teams): a team paired in the
        last round (a match, forfeited or not, or a PAB) has that match counted as a draw,
        in its own score and as an opponent, and, for match points only, no terminal byes
        (gacrux marks the team present to the end in its match-point state alone).
        Returns (adjusted scores, own scores)."""
        last = self.rounds
        adjusted: list[Decimal] = []
        own: list[Decimal] = []
        for i, rows in enumerate(self.rows):
            paired = max(
                (
                    r + 1
                    for r, row in enumerate(rows)
                    if row.opponent is not None or row.kind == PAB
                ),
                default=0,
            )
            ahead = last > 0 and paired == last
            present = last if ahead and key == "m" else self.last_present[i]
            total = sum(
                (
                    row.score(key) if r < present or row.opponent is not None else self.draw[key]
                    for r, row in enumerate(rows)
                ),
                ZERO,
            )
            score = self.total[key][i]
            if ahead and rows[last - 1].opponent is not None:
                shift = self.draw[key] - rows[last - 1].score(key)
                total += shift
                score += shift
            adjusted.append(total)
            own.append(score)
        return adjusted, own


def _match_rows(
    event: TeamEvent, match: Match, white: int, black: int, team_of: dict[int, int]
) -> tuple[TeamRound, TeamRound]:
    assert match.black is not None
    game = event.scores.game
    points = {match.white: ZERO, match.black: ZERO}
    per_board: dict[int, list[Decimal]] = {match.white: [], match.black: []}
    played = False
    for board in sorted(match.games, key=lambda g: g.board):
        white_team, black_team = board_teams(match, board.white, board.black, board.board, team_of)
        white_points, black_points = _board_points(board.result, game.win, game.draw, game.loss)
        played = played or board.result in PLAYED_RESULTS
        points[white_team] += white_points
        points[black_team] += black_points
        per_board[white_team].append(white_points)
        per_board[black_team].append(black_points)
    assert match.black is not None
    ours, theirs = points[match.white], points[match.black]
    played = played or (ours > 0 and theirs > 0)
    match_points = event.scores.match
    if ours == theirs and ours > 0:  # both scored: played
        kinds = (PLAYED, PLAYED)
        values = (match_points.draw, match_points.draw)
    elif ours == theirs:
        kinds = (PLAYED, PLAYED) if played else (FORFEIT_LOSS, FORFEIT_LOSS)
        loss = match_points.loss if played else ZERO
        values = (loss, loss)
    else:
        loss = match_points.loss if played else ZERO
        won = (PLAYED, PLAYED) if played else (FORFEIT_WIN, FORFEIT_LOSS)
        kinds = won if ours > theirs else (won[1], won[0])
        values = (match_points.win, loss) if ours > theirs else (loss, match_points.win)
    if not played:  # gacrux scores an unplayed match's boards by the match result
        per_board = {
            team: [game.win if kind == FORFEIT_WIN else ZERO] * event.boards
            for team, kind in zip((match.white, match.black), kinds, strict=True)
        }
    return (
        TeamRound(kinds[0], black, values[0], ours, tuple(per_board[match.white])),
        TeamRound(kinds[1], white, values[1], theirs, tuple(per_board[match.black])),
    )


def board_teams(
    match: Match, white: int | None, black: int | None, board: int, team_of: dict[int, int]
) -> tuple[int, int]:
    """(team of White's side, team of Black's side) on one board. `BoardGame.white` is the
    player with the white pieces; a side nobody sat on belongs to the other team, and when
    both are empty `board_colour` says which team had White there."""
    assert match.black is not None
    teams = (match.white, match.black)
    if white is not None:
        white_team = team_of[white]
    elif black is not None:
        white_team = teams[1] if team_of[black] == teams[0] else teams[0]
    else:
        white_team = teams[0] if board_colour(board) == "w" else teams[1]
    return white_team, teams[1] if white_team == teams[0] else teams[0]


def _board_points(
    result: str, win: Decimal, draw: Decimal, loss: Decimal
) -> tuple[Decimal, Decimal]:
    """(White's, Black's) game points; a forfeit loss scores 0 (gacrux's "Z")."""
    if result == "1-0":
        return win, loss
    if result == "0-1":
        return loss, win
    if result == "1/2":
        return draw, draw
    if result == "+-":
        return win, ZERO
    if result == "-+":
        return ZERO, win
    return ZERO, ZERO  # "--"


def _regulations(start_date: str) -> str:
    """The C.07 rule set by the start date, as gacrux and our individual CLI choose it: 2023
    before 2026-03-01 (no dummy cap, 16.4), else (or undated) 2026."""
    digits = start_date.replace("/", "").replace("-", "")[:8]
    if len(digits) == 8 and digits.isdigit() and digits < "20260301":
        return "2023"
    return "2026"


def complete_rounds(event: TeamEvent) -> int:
    """The rounds from the first whose every match has a result on every board."""
    done = 0
    for number in range(1, event.total_rounds + 1):
        matches = [match for match in event.matches if match.round == number]
        byes = [bye for bye in event.byes if bye.round == number]
        if not matches and not byes:
            break
        if any(
            match.black is not None
            and (len(match.games) < event.boards or any(not g.result for g in match.games))
            for match in matches
        ):
            break
        done = number
    return done
