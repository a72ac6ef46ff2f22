"""Board scores of a team event: each player's boards, points, games and performance.

`points` counts every board result the player had (forfeit wins included, byes of the team
not: a player has no game in them). `games` and `performance` count only games played over
the board. `board` is the board the player played most (over the board or by forfeit), the
higher board (lower number) on equal counts: the board of the board prizes.

Performance: C.07 10.2 / FIDE rating regulations 8.2, Ra + dp(p): Ra the average rating of
the opponents met over the board (rounded half up), p the score percentage over those games
rounded half up, dp from table 8.1(a) (0 % and 100 % give -800 and +800). Games against
unrated opponents are left out of it; no such game: no performance (None).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from arbiter.tiebreaks.rating_based import divide_half_up, dp
from arbiter.tiebreaks.team_scores import complete_rounds
from arbiter.trf.team_event import PLAYED_RESULTS, TeamEvent

_POINTS = {"1-0": (2, 0), "0-1": (0, 2), "1/2": (1, 1), "+-": (2, 0), "-+": (0, 2), "--": (0, 0)}


@dataclass(frozen=True, slots=True)
class BoardScore:
    """`boards`: the board of each of the player's games, in round order. `points` is in
    the event's game points."""

    number: int
    name: str
    tpn: int
    boards: tuple[int, ...]
    points: Decimal
    games: int
    board: int | None
    rating: int | None
    performance: int | None


@dataclass(slots=True)
class _Tally:
    boards: list[int]
    points: Decimal
    opponents: list[tuple[int | None, int]]  # (rating, own half-points) over the board


def board_scores(event: TeamEvent, *, after_round: int | None = None) -> list[BoardScore]:
    """Every squad player of every team (in TPN, then squad order), over the complete rounds
    up to `after_round` (default: all complete rounds)."""
    rounds = complete_rounds(event)
    if after_round is not None:
        rounds = min(rounds, after_round)
    players = {player.number: player for player in event.players}
    game = event.scores.game
    value = {0: game.loss, 1: game.draw, 2: game.win}
    tallies: dict[int, _Tally] = {}

    def tally(number: int) -> _Tally:
        return tallies.setdefault(number, _Tally([], Decimal(0), []))

    for match in sorted(event.matches, key=lambda m: m.round):
        if match.round > rounds or match.black is None:
            continue
        for board in sorted(match.games, key=lambda g: g.board):
            halves = _POINTS.get(board.result)
            if halves is None:
                continue
            played = board.result in PLAYED_RESULTS
            for own, other, half in (
                (board.white, board.black, halves[0]),
                (board.black, board.white, halves[1]),
            ):
                if own is None:
                    continue
                entry = tally(own)
                entry.boards.append(board.board)
                # a forfeit loss scores 0, a forfeit win a win
                entry.points += value[half] if played or half else Decimal(0)
                if played and other is not None:
                    entry.opponents.append((players[other].rating, half))
    result: list[BoardScore] = []
    for team in sorted(event.teams, key=lambda t: t.tpn):
        for number in team.players:
            player = players[number]
            entry = tallies.get(number, _Tally([], Decimal(0), []))
            result.append(
                BoardScore(
                    number=number,
                    name=player.name,
                    tpn=team.tpn,
                    boards=tuple(entry.boards),
                    points=entry.points,
                    games=len(entry.opponents),
                    board=_most_played(entry.boards),
                    rating=player.rating,
                    performance=performance(entry.opponents),
                )
            )
    return result


def _most_played(boards: list[int]) -> int | None:
    if not boards:
        return None
    counts = Counter(boards)
    return min(counts, key=lambda board: (-counts[board], board))


def performance(games: list[tuple[int | None, int]]) -> int | None:
    """Ra + dp(p) over the games against rated opponents ((rating, own half-points))."""
    rated = [(rating, half) for rating, half in games if rating is not None]
    if not rated:
        return None
    average = divide_half_up(sum(rating for rating, _ in rated), len(rated))
    percentage = divide_half_up(50 * sum(half for _, half in rated), len(rated))
    return average + dp(percentage)
