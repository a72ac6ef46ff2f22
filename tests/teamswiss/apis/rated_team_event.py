"""A finished team event ready for FIDE's rating but for one thing: a squad player new to
FIDE's list whose birth year is missing (the rating report's tests)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from arbiter.teamswiss.models import (
    TeamSwissBoard,
    TeamSwissEvent,
    TeamSwissPlayer,
    TeamSwissRound,
)
from tests.teamswiss.helpers import Built, event_with_teams, round_stored

FEDERATIONS = ("NOR", "SWE", "DEN", "FIN")


@dataclass
class RatedTeamEvent:
    built: Built
    newcomer: TeamSwissPlayer

    @property
    def base(self) -> str:
        return f"/api/team-swiss/{self.built.event.id}"


def rated_team_event() -> RatedTeamEvent:
    """Four teams of two boards, two rounds played in full, every player FIDE-rated with a
    FIDE ID, federation, birth year and sex, except Team D's second board: a newcomer with
    a national rating and no birth year."""
    built = event_with_teams(teams=4, boards=2)
    TeamSwissEvent.objects.filter(id=built.event.id).update(
        venue="Oslo",
        federation="NOR",
        chief_arbiter_name="Hansen, Kari",
        chief_arbiter_fide_id="1500011",
        deputy_arbiters=[{"name": "Berg, Ola", "fide_id": "1500022"}],
        clock_minutes=90,
        clock_increment=30,
        starts_at=datetime(2026, 5, 2, 10, tzinfo=UTC),
    )
    players = TeamSwissPlayer.objects.filter(event=built.event).order_by("team__tpn", "order")
    for i, player in enumerate(players):
        player.name = f"Player{chr(65 + i)}, Anna"
        player.fide_id = str(1500100 + i)
        player.federation = FEDERATIONS[i % 4]
        player.birth_year = 1990 + i
        player.sex = "w" if i % 2 else "m"
        player.rating_kind = "fide"
        player.rating = 2000 - 10 * i
        player.save()
    newcomer = players[7]
    newcomer.name = "Nyhus, Per"
    newcomer.fide_id = "1534567"
    newcomer.birth_year = None
    newcomer.rating_kind = "national"
    newcomer.save()
    for number, pairs in ((1, [(0, 1), (2, 3)]), (2, [(0, 2), (1, 3)])):
        rnd = round_stored(built, pairs=pairs, number=number)
        TeamSwissBoard.objects.filter(match__round=rnd).update(result="1/2")
        rnd.matches.update(
            white_match_points=1, black_match_points=1, white_game_points=1, black_game_points=1
        )
        TeamSwissRound.objects.filter(id=rnd.id).update(status=TeamSwissRound.Status.COMPLETE)
    TeamSwissEvent.objects.filter(id=built.event.id).update(
        status=TeamSwissEvent.Status.FINISHED, num_rounds=2
    )
    built.event.refresh_from_db()
    newcomer.refresh_from_db()
    return RatedTeamEvent(built=built, newcomer=newcomer)
