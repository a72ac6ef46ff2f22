"""A team event played online, round 1 under way: built through the services and the
factories (`event_with_teams`, `round_stored`, the games by `board_games_create`), no engine
and no request, for tests where how the round started is not the subject."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.games.models import Game
from arbiter.teamswiss.models import TeamSwissBoard
from arbiter.teamswiss.services.online import board_games_create
from arbiter.users.models import User
from tests.teamswiss.helpers import Built, event_with_teams, round_stored


@dataclass
class TeamPlaying:
    built: Built
    game: Game  # board 1 of match 1
    white: User
    black: User

    @property
    def leader(self) -> User:
        return self.built.leader


def team_online_game(*, teams: int = 2) -> TeamPlaying:
    """Board 1's game of match 1 of an online event's round 1 (teams of two boards, 3+2;
    `teams` 4: a second match at table 2)."""
    built = event_with_teams(
        teams=teams, boards=2, mode="online", clock_minutes=3, clock_increment=2
    )
    pairs = [(i, i + 1) for i in range(0, teams, 2)]
    rnd = round_stored(built, pairs=pairs)
    boards = list(TeamSwissBoard.objects.filter(match__round=rnd).order_by("match__table", "board"))
    board_games_create(event=built.event, number=1, boards=boards)
    game = Game.objects.select_related("white", "black").get(team_board=boards[0])
    assert game.white is not None and game.black is not None
    return TeamPlaying(built, game, game.white, game.black)
