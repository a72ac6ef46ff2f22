"""An event's prize table with its winners: the entries and the table translated for
`rules.prizes`, which decides (docs/prizes.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import F

from arbiter.tournaments.models import Prize, PrizeCategory, SwissTournament, TournamentStatus
from arbiter.tournaments.read.teams import team_standings
from arbiter.tournaments.rules.prizes import (
    Candidate,
    EntryFacts,
    PrizeSpec,
    entry_candidates,
    prizes_allocate,
)


def team_candidates(*, tournament: SwissTournament) -> list[Candidate]:
    """The event's teams in the team standings' order (the host alone when nobody co-hosts):
    a team prize is one per team, beside its players' own prizes. A team nobody counts for
    (nobody played for it, or only disqualified players: listed with 0) wins nothing."""
    return [
        Candidate(f"team:{row.team}", row.name, order, row.points)
        for order, row in enumerate(team_standings(tournament=tournament))
        if row.counted
    ]


@dataclass
class PrizeRow:
    prize: Prize
    winner: str | None = None  # the entry's display name (a team's name, for team prizes)
    received: Decimal | None = None  # what the winner is paid (the Hort system may move it)
    shared_with: list[str] = field(default_factory=list)


def prize_spec(prize: Prize) -> PrizeSpec:
    return PrizeSpec(
        id=prize.id,
        category=prize.category,
        place=prize.place,
        amount=prize.amount,
        label=prize.label,
        rating_min=prize.rating_min,
        rating_max=prize.rating_max,
        born_from=prize.born_from,
        born_before=prize.born_before,
    )


def prize_entries(*, tournament: SwissTournament) -> list[EntryFacts]:
    """The entries in the final rank order (the standings' order: rank, then pairing
    number)."""
    participants = (
        tournament.participants.select_related("user")
        .only(
            *("id", "name", "user__username", "points", "rating", "rating_kind"),
            *("birth_year", "sex", "status", "rank", "pairing_number"),
        )
        .order_by(F("rank").asc(nulls_last=True), F("pairing_number").asc(nulls_last=True), "id")
    )
    return [
        EntryFacts(
            candidate=Candidate(f"entry:{p.id}", p.display_name, order, p.points),
            rating=p.rating,
            rating_kind=p.rating_kind,
            birth_year=p.birth_year,
            sex=p.sex,
            status=p.status,
        )
        for order, p in enumerate(participants)
    ]


def prizes_final(*, tournament: SwissTournament) -> bool:
    """Winners are shown once the event is over (before: the table alone)."""
    return tournament.status == TournamentStatus.FINISHED


def prize_table(*, tournament: SwissTournament) -> list[PrizeRow]:
    prizes = list(Prize.objects.filter(tournament=tournament))
    if not prizes or not prizes_final(tournament=tournament):
        return [PrizeRow(prize) for prize in _table_order(prizes)]
    entries = prize_entries(tournament=tournament)
    specs = {prize.id: prize_spec(prize) for prize in prizes}

    names = {e.candidate.key: e.candidate.name for e in entries}
    teams: dict[str, list[Candidate]] = {}  # read once, at the first team prize

    def candidates(spec: PrizeSpec) -> list[Candidate]:
        if spec.category != PrizeCategory.TEAM:
            return entry_candidates(spec, entries)
        if "read" not in teams:
            teams["read"] = team_candidates(tournament=tournament)
            names.update((c.key, c.name) for c in teams["read"])
        return teams["read"]

    awards = prizes_allocate(
        prizes=list(specs.values()), candidates=candidates, sharing=tournament.prize_sharing
    )
    by_id = {prize.id: prize for prize in prizes}
    return [
        PrizeRow(
            by_id[award.prize.id],
            award.winner.name if award.winner else None,
            award.amount,
            [names.get(key, key) for key in award.shared_with],
        )
        for award in awards
    ]


def _table_order(prizes: list[Prize]) -> list[Prize]:
    # The order prizes_allocate answers in, for a table without winners.
    awards = prizes_allocate(
        prizes=[prize_spec(p) for p in prizes], candidates=lambda spec: [], sharing="tiebreaks"
    )
    by_id = {prize.id: prize for prize in prizes}
    return [by_id[award.prize.id] for award in awards]
