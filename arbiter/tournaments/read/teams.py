"""The teams of a co-hosted event: which teams play in it, the pairs of teammates kept apart,
and the team standings (docs/teams.md, "Co-hosted events")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations

from django.db.models import OuterRef, Q, Subquery

from arbiter.teams.models import Team
from arbiter.tournaments.models import (
    CoHostStatus,
    ParticipantStatus,
    SwissCoHost,
    SwissParticipant,
    SwissTournament,
)


def event_teams(*, tournament: SwissTournament) -> list[Team]:
    """The host first, then the accepted co-hosts in the order they accepted; no query for
    an event nobody co-hosts unless its team must be read."""
    if not tournament.cohost_count:
        return [tournament.team]
    accepted = SwissCoHost.objects.filter(
        tournament_id=tournament.id, status=CoHostStatus.ACCEPTED, team_id=OuterRef("id")
    ).values("accepted_at")[:1]
    teams = Team.objects.filter(
        Q(id=tournament.team_id)
        | Q(
            swiss_cohostings__tournament_id=tournament.id,
            swiss_cohostings__status=CoHostStatus.ACCEPTED,
        )
    ).annotate(accepted_at=Subquery(accepted))

    def order(team: Team) -> tuple[bool, object, int]:
        accepted_at = getattr(team, "accepted_at", None)
        return (team.id != tournament.team_id, accepted_at or "", team.id)

    return sorted(set(teams), key=order)


def event_team_ids(*, tournament: SwissTournament) -> set[int]:
    accepted = tournament.cohosts.filter(status=CoHostStatus.ACCEPTED).values_list(
        "team_id", flat=True
    )
    return {tournament.team_id, *accepted}


def entry_team_id(participant: SwissParticipant, tournament: SwissTournament) -> int:
    """No team stored means the host (docs/teams.md)."""
    return participant.team_id or tournament.team_id


def teammates_apply(tournament: SwissTournament, round_number: int) -> bool:
    """Whether "teammates do not meet" holds in this round."""
    if not tournament.teammates_do_not_meet:
        return False
    last = tournament.teammates_rounds
    return last is None or round_number <= last


def teammate_pairs(
    tournament: SwissTournament, participants: Iterable[SwissParticipant], round_number: int
) -> set[tuple[int, int]]:
    """Participant ids of every two active entries of one team, as (low, high), when the
    option holds in this round; paused players are not paired, so they need no pair."""
    if not teammates_apply(tournament, round_number):
        return set()
    teams: dict[int, list[int]] = {}
    for p in participants:
        if p.status == ParticipantStatus.ACTIVE:
            teams.setdefault(entry_team_id(p, tournament), []).append(p.id)
    return {
        (a, b) for ids in teams.values() if len(ids) > 1 for a, b in combinations(sorted(ids), 2)
    }


@dataclass(frozen=True)
class TeamStandingRow:
    rank: int
    rank_last: int  # equal totals share the places rank..rank_last
    team: str  # slug
    name: str
    points: Decimal  # the sum of the best `team_standings_top` players' points
    counted: list[str]  # those players, best first
    players: int  # the team's entries

    @property
    def rank_label(self) -> str:
        return str(self.rank) if self.rank == self.rank_last else f"{self.rank}–{self.rank_last}"


def team_standings(
    *, tournament: SwissTournament, teams: list[Team] | None = None
) -> list[TeamStandingRow]:
    """Each team of the event ranked by the points of its best `team_standings_top` players
    (a player's points as in the individual standings, every result counted; among equal
    points the better individual rank counts first). A disqualified player counts for no team,
    whatever became of their games: they take no prize, and a team prize must not come from
    their points (issue 39). Equal totals share their places and are listed by name. Teams
    without players are listed with 0."""
    teams = teams if teams is not None else event_teams(tournament=tournament)
    top = tournament.team_standings_top
    entries = (
        SwissParticipant.objects.filter(tournament=tournament)
        .select_related("user")
        .only(
            "id", "team_id", "status", "points", "rank", "pairing_number", "name", "user__username"
        )
    )
    members: dict[int, list[SwissParticipant]] = {t.id: [] for t in teams}
    for p in entries:
        members.setdefault(entry_team_id(p, tournament), []).append(p)
    unranked: list[tuple[Decimal, Team, list[SwissParticipant], int]] = []
    for team in teams:
        entries_of = members[team.id]
        best = sorted(
            (p for p in entries_of if p.status != ParticipantStatus.DISQUALIFIED),
            key=lambda p: (-p.points, p.rank is None, p.rank or 0, p.pairing_number or 0, p.id),
        )
        total = sum((p.points for p in best[:top]), Decimal(0))
        unranked.append((total, team, best, len(entries_of)))
    unranked.sort(key=lambda row: (-row[0], row[1].name.casefold(), row[1].id))
    rows: list[TeamStandingRow] = []
    for total, team, best, entered in unranked:
        tied = [i for i, r in enumerate(unranked) if r[0] == total]
        rank, last = tied[0] + 1, tied[-1] + 1
        rows.append(
            TeamStandingRow(
                rank=rank,
                rank_last=last,
                team=team.slug,
                name=team.name,
                points=total,
                counted=[p.display_name for p in best[:top]],
                players=entered,
            )
        )
    return rows
