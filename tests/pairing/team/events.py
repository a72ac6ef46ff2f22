"""Small hand-made team events for the team pairing and TRF tests."""

from __future__ import annotations

from decimal import Decimal

from arbiter.trf.team_event import (
    BoardGame,
    Match,
    ScoreSystem,
    Team,
    TeamBye,
    TeamEvent,
    TeamPlayer,
)


def squads(teams: int, size: int) -> tuple[tuple[Team, ...], tuple[TeamPlayer, ...]]:
    """`teams` teams of `size` players, numbered team by team, ratings falling."""
    players = []
    out = []
    number = 1
    for tpn in range(1, teams + 1):
        squad = []
        for _ in range(size):
            players.append(TeamPlayer(number, f"Player {number}", 2400 - 10 * number))
            squad.append(number)
            number += 1
        out.append(Team(tpn, f"Team {tpn}", tuple(squad)))
    return tuple(out), tuple(players)


def five_teams() -> TeamEvent:
    """5 teams of 3 players, 2 boards, 5 rounds; 2 rounds played: a PAB, a board forfeit,
    an out-of-order line-up, a whole match forfeited, a half-point bye, a forbidden pair."""
    teams, players = squads(5, 3)

    def sq(tpn: int) -> tuple[int, ...]:
        return teams[tpn - 1].players

    matches = (
        Match(
            1,
            1,
            2,
            (BoardGame(1, sq(1)[0], sq(2)[0], "1-0"), BoardGame(2, sq(2)[1], sq(1)[1], "1/2")),
        ),
        Match(
            1, 4, 3, (BoardGame(1, sq(4)[0], None, "+-"), BoardGame(2, sq(3)[2], sq(4)[1], "0-1"))
        ),
        Match(1, 5, None),
        Match(
            2,
            2,
            5,
            (BoardGame(1, sq(2)[2], sq(5)[0], "0-1"), BoardGame(2, sq(5)[1], sq(2)[0], "1-0")),
        ),
        Match(2, 3, 1, (BoardGame(1, None, sq(1)[0], "-+"), BoardGame(2, sq(1)[1], None, "+-"))),
    )
    return TeamEvent(
        name="Five teams",
        boards=2,
        total_rounds=5,
        teams=teams,
        players=players,
        matches=matches,
        byes=(TeamBye(2, 4, "H"),),
        forbidden=((1, 5),),
        scores=ScoreSystem(pab_match=Decimal(2)),  # a win's match points: the tests' numbers
        start_date="2026/05/02",
        end_date="2026/05/04",
    )
