"""The JSON an event, a round, a board and the standings are sent as, over REST and pushes alike.

One place builds each shape (lila's `SwissJson` idea) from the output serializers, so a client
reads the same fields whether it fetched them or heard them pushed.
"""

from __future__ import annotations

from typing import Any

from arbiter.common.db import connection_release
from arbiter.common.pagination import DefaultPagination
from arbiter.ratings.read import tournament_rating_diffs
from arbiter.teams.models import Team
from arbiter.tournaments.models import SwissPairing, SwissParticipant, SwissTournament
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.prizes import prize_table, prizes_final
from arbiter.tournaments.read.serializers import (
    ByeOutputSerializer,
    PairingOutputSerializer,
    PrizeTableOutputSerializer,
    RoundOutputSerializer,
    StandingOutputSerializer,
    TeamStandingOutputSerializer,
    TournamentOutputSerializer,
)
from arbiter.tournaments.read.teams import event_teams, team_standings

# Rows in a `standings_update` push: the first page of the REST list, whatever its size.
STANDINGS_PAGE = DefaultPagination.page_size


def tournament_payload(tournament: SwissTournament) -> dict[str, Any]:
    return dict(TournamentOutputSerializer(tournament).data)


def prizes_payload(tournament: SwissTournament) -> dict[str, Any]:
    """The prize table, with its winners once the event is over."""
    return dict(
        PrizeTableOutputSerializer(
            {
                "sharing": tournament.prize_sharing,
                "final": prizes_final(tournament=tournament),
                "prizes": prize_table(tournament=tournament),
            }
        ).data
    )


def round_payload(*, tournament: SwissTournament, number: int) -> dict[str, Any] | None:
    """A round with its boards and byes, or None while it has not been paired."""
    rnd = selectors.round_get(tournament=tournament, number=number)
    if rnd is None:
        return None
    pairings = list(selectors.round_pairings(rnd=rnd))
    byes = list(selectors.round_byes(rnd=rnd))
    connection_release()  # every row is read: the shaping below holds no connection
    data = dict(RoundOutputSerializer(rnd).data)
    data["pairings"] = PairingOutputSerializer(pairings, many=True).data
    data["byes"] = ByeOutputSerializer(byes, many=True).data
    return data


def board_payload(pairing: SwissPairing) -> dict[str, Any]:
    return dict(PairingOutputSerializer(pairing).data)


def standings_rows(
    *,
    tournament: SwissTournament,
    participants: list[SwissParticipant],
    teams: list[Team] | None = None,
) -> list[dict[str, Any]]:
    """The given participants' standing rows with their round-by-round sheets."""
    rows = selectors.standings_sheets(tournament=tournament, participants=participants)
    diffs = tournament_rating_diffs(
        tournament_id=tournament.id,
        user_ids=[p.user_id for p in participants if p.user_id is not None],
    )
    context: dict[str, Any] = {"rating_diffs": diffs}
    if tournament.cohost_count:  # one team: every row's team is the host's (null)
        teams = teams if teams is not None else event_teams(tournament=tournament)
        context |= {"teams": {t.id: t.slug for t in teams}, "host": tournament.team_id}
    connection_release()  # every row is read: the shaping below holds no connection
    return list(StandingOutputSerializer(rows, many=True, context=context).data)


def team_standings_payload(
    *, tournament: SwissTournament, teams: list[Team] | None = None
) -> list[dict[str, Any]]:
    rows = team_standings(tournament=tournament, teams=teams)
    return list(TeamStandingOutputSerializer(rows, many=True).data)


def _with_team_standings(
    payload: dict[str, Any], tournament: SwissTournament, teams: list[Team]
) -> dict[str, Any]:
    """A co-hosted event's pushes carry the team standings too."""
    if len(teams) > 1:
        payload["team_standings"] = team_standings_payload(tournament=tournament, teams=teams)
    return payload


def standings_page_payload(tournament: SwissTournament) -> dict[str, Any]:
    """`standings_update`: the standings version, the round the tie-breaks are after and the
    first page of the standings."""
    if selectors.standings_hidden(tournament=tournament):
        # A push reaches every watcher alike: it says only that the standings changed.
        return {
            "version": tournament.standings_version,
            "tiebreaks_after_round": tournament.tiebreaks_after_round,
            "standings": [],
            "hidden": True,
        }
    page = list(selectors.standings_queryset(tournament=tournament)[:STANDINGS_PAGE])
    teams = event_teams(tournament=tournament) if tournament.cohost_count else []
    payload = {
        "version": tournament.standings_version,
        "tiebreaks_after_round": tournament.tiebreaks_after_round,
        "standings": standings_rows(tournament=tournament, participants=page, teams=teams),
        "hidden": False,
    }
    return _with_team_standings(payload, tournament, teams)


def game_results_payload(
    *, tournament_id: int, after_version: int, version: int
) -> dict[str, Any] | None:
    """`game_result`: the boards whose latest result was written after `after_version`, up to
    `version`, in the order they were written; None when there are none."""
    boards = selectors.boards_written_between(
        tournament_id=tournament_id, after_version=after_version, version=version
    )
    results = [{"round": b.round.number, **board_payload(b)} for b in boards]
    return {"version": version, "results": results} if results else None


def tournament_end_payload(tournament: SwissTournament) -> dict[str, Any]:
    """`tournament_end`: the event and its full final standings."""
    participants = list(selectors.standings_queryset(tournament=tournament))
    teams = event_teams(tournament=tournament) if tournament.cohost_count else []
    payload = {
        "tournament": tournament_payload(tournament),
        "standings": standings_rows(tournament=tournament, participants=participants, teams=teams),
    }
    return _with_team_standings(payload, tournament, teams)


def hello_payload(tournament: SwissTournament) -> dict[str, Any]:
    """What a socket hears on connect: enough to tell whether it missed a push."""
    return {
        "tournament": tournament.id,
        "status": tournament.status,
        "current_round": tournament.current_round,
        "standings_version": tournament.standings_version,
        "version": tournament.version,
    }
