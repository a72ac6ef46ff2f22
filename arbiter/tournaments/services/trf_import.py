"""An over-the-board event from a TRF file (TRF-2026, TRF-16 or extended): its players become
registered entries numbered by their start numbers, its played rounds become rounds with their
results, the number of rounds, initial colour and tie-breaks come from the file where it says
so. The arbiter then pairs the next round here. Our standings are compared with the file's
ranks and points: each difference is reported."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import slug_re
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from arbiter.checker.check import initial_colour_token, paired_rounds
from arbiter.common.caps import players_over_cap
from arbiter.common.event_settings import NAME_MAX, VENUE_MAX
from arbiter.common.exceptions import InvalidInput
from arbiter.common.text import NAME_PREDICATE, name_problem
from arbiter.pairing.acceleration import baku_round_points
from arbiter.teams.models import Team
from arbiter.teams.permissions import team_leader_required
from arbiter.tiebreaks.cli import regulations_for
from arbiter.tiebreaks.from_trf import declared_order
from arbiter.tournaments.models import (
    EntryKind,
    EventMode,
    RoundStatus,
    SwissByeRequest,
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.rules.fide_data import (
    ARBITER_NAME_MAX,
    DEPUTIES_MAX,
    arbiter_from_record,
    federation_problem,
    fide_data_imported,
)
from arbiter.tournaments.rules.result_codes import BYE_OF_CODE, board_result
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.tournaments.services.standings import standings_store
from arbiter.trf import TrfError, facts, read_trf
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.points import STANDARD_POINTS
from arbiter.users.models import User

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class TrfImport:
    tournament: SwissTournament
    differences: list[str] = field(default_factory=list)
    # What the file said that was read with a tolerance or left out (docs/trf.md).
    warnings: list[str] = field(default_factory=list)


def _refuse(message: str) -> InvalidInput:
    return InvalidInput({"file": [message]})


def _names_checked(t: Tournament) -> None:
    """The event's and the players' names as they are stored, under the one name rule."""
    if name_problem((t.header.get("012") or "").strip()) is not None:
        raise _refuse(_("the event's name (012) %(predicate)s") % {"predicate": _(NAME_PREDICATE)})
    for p in t.players:
        if name_problem(" ".join(p.name.split())) is not None:
            raise _refuse(
                _("player %(number)s: the name %(predicate)s")
                % {"number": p.start_number, "predicate": _(NAME_PREDICATE)}
            )


def _arbiter(text: str) -> dict[str, str] | None:
    """A 102/112 text as an arbiter ({"name", "fide_id"}), or None where it names nobody we
    can keep (a name breaking the name rule, or longer than we keep)."""
    name, fide_id = arbiter_from_record(text)
    if not name or len(name) > ARBITER_NAME_MAX or name_problem(name) is not None:
        return None
    return {"name": name, "fide_id": fide_id}


def _event_fide_data(t: Tournament) -> dict[str, Any]:
    """The event's FIDE data as the file gives it (022, 032, 102, 112), for its rating
    report. What cannot be kept is left out: the rating report then says what is missing."""
    data: dict[str, Any] = {}
    place = " ".join(t.header.get("022", "").split())
    if place and name_problem(place) is None:
        data["venue"] = place[:VENUE_MAX]
    federation = t.header.get("032", "").strip().upper()
    if federation and federation_problem(federation) is None:
        data["federation"] = federation
    if (chief := _arbiter(t.header.get("102", ""))) is not None:
        data["chief_arbiter_name"] = chief["name"]
        data["chief_arbiter_fide_id"] = chief["fide_id"]
    deputies = [d for line in t.header.get("112", "").split("\n") if (d := _arbiter(line))]
    if deputies:
        data["deputy_arbiters"] = deputies[:DEPUTIES_MAX]
    return data


def _baku(t: Tournament, total: int) -> bool:
    """Whether the file's virtual points (XXA or 250) are the Baku acceleration this server
    applies itself (group A: the first 2 * ceil(N / 4) start numbers); None of them: False.
    Any other table cannot be continued here."""
    table = {n: list(values) for n, values in facts.acceleration_table(t).items()}
    if not table:
        return False
    for values in table.values():
        while values and values[-1] == 0:
            values.pop()
    numbers = sorted(p.start_number for p in t.players)
    group_a = numbers[: min(2 * -(-len(numbers) // 4), len(numbers))]
    baku = list(baku_round_points(total))
    while baku and baku[-1] == 0:
        baku.pop()
    if table != {n: baku for n in group_a}:
        raise _refuse(
            _(
                "accelerated pairings other than the Baku method (FIDE C.04.5.1) cannot be "
                "continued here"
            )
        )
    return True


def _checked(t: Tournament) -> tuple[int, int, bool]:
    """(rounds played, total rounds, Baku-accelerated), or InvalidInput for what this server
    cannot hold."""
    if not t.players:
        raise _refuse(_("the file has no players (001 records)"))
    if len(t.players) > settings.MAX_EVENT_PLAYERS:
        count = len(t.players)
        raise _refuse(
            players_over_cap(
                ngettext("%(count)s player", "%(count)s players", count) % {"count": count}
            )
        )
    values = facts.point_values(t)
    if any(values[code] != STANDARD_POINTS[code] for code in values):
        raise _refuse(_("only the standard point system (1, ½, 0) can be continued here"))
    played = paired_rounds(t)
    total = facts.total_rounds(t) or played
    if total < 1 or total > 30:
        # The English says "rounds" for any count; other languages inflect.
        raise _refuse(
            ngettext(
                "%(count)s rounds: an event here has 1 to 30",
                "%(count)s rounds: an event here has 1 to 30",
                total,
            )
            % {"count": total}
        )
    return played, total, _baku(t, total)


def _declared_byes(t: Tournament) -> dict[tuple[int, int], str]:
    """(round, start number) -> bye code of the TRF-2026 240 records (F, H or Z). The reader
    checked them against the player lines; they also cover rounds a line does not reach."""
    declared: dict[tuple[int, int], str] = {}
    for kind, rnd, *players in [] if facts.is_team_event(t) else t.bye_records:
        for number in players:
            declared[(int(rnd), int(number))] = kind.upper()
    return declared


def _entry(t: Tournament, p: PlayerRecord, number: int) -> RoundEntry:
    if len(p.rounds) >= number:
        return p.rounds[number - 1]
    declared = _declared_byes(t).get((number, p.start_number))
    return RoundEntry(None, "-", declared or " ")


def _store_round(
    tournament: SwissTournament, t: Tournament, number: int, entries: dict[int, SwissParticipant]
) -> None:
    boards: list[tuple[int, int, RoundEntry, RoundEntry]] = []
    byes: list[tuple[int, str]] = []
    for p in sorted(t.players, key=lambda p: p.start_number):
        entry = _entry(t, p, number)
        if entry.opponent is None:
            byes.append((p.start_number, BYE_OF_CODE[entry.result]))
        elif entry.colour == "w" or (entry.colour == "-" and p.start_number < entry.opponent):
            other = next(o for o in t.players if o.start_number == entry.opponent)
            boards.append((p.start_number, entry.opponent, entry, other.rounds[number - 1]))
    pending = any(w.result == " " for _, _, w, _ in boards)
    now = timezone.now()
    rnd = SwissRound.objects.create(
        tournament=tournament,
        number=number,
        status=RoundStatus.PLAYING if pending else RoundStatus.COMPLETE,
        started_at=now,
        completed_at=None if pending else now,
        engine="trf-import",
    )
    pairings = SwissPairing.objects.bulk_create(
        SwissPairing(
            round=rnd,
            board=board,
            white=entries[white],
            black=entries[black],
            result=board_result(w.result, b.result),
            reported_at=None if w.result == " " else now,
        )
        for board, (white, black, w, b) in enumerate(boards, start=1)
    )
    rows = [
        SwissRoundEntry(round=rnd, participant=side, kind=EntryKind.GAME, pairing=pairing)
        for pairing in pairings
        for side in (pairing.white, pairing.black)
    ]
    rows += [SwissRoundEntry(round=rnd, participant=entries[n], kind=kind) for n, kind in byes]
    SwissRoundEntry.objects.bulk_create(rows)


def _differences(tournament: SwissTournament, t: Tournament) -> list[str]:
    ours = {
        p.start_number: p
        for p in SwissParticipant.objects.filter(tournament=tournament).only(
            "start_number", "points", "rank"
        )
    }
    found = []
    for p in sorted(t.players, key=lambda p: p.start_number):
        mine = ours[p.start_number]
        if Decimal(mine.points) != p.points:
            found.append(
                _("player %(number)s: the file gives %(file)s points, we %(ours)s")
                % {"number": p.start_number, "file": p.points, "ours": mine.points}
            )
        if p.rank is not None and mine.rank != p.rank:
            found.append(
                _("player %(number)s: the file ranks %(file)s, we %(ours)s")
                % {"number": p.start_number, "file": p.rank, "ours": mine.rank}
            )
    return found


@transaction.atomic
def importing_team(*, slug: object, user: User) -> Team | None:
    """The team a TRF is imported into, if it exists, once `user` is known to lead it. What
    is not a slug names no team (and a NUL would fail the database's query)."""
    named = isinstance(slug, str) and slug_re.fullmatch(slug) is not None
    team = Team.objects.filter(slug=slug).first() if named else None
    if team is not None:
        # Translators: completes "Only the team's leaders can …".
        team_leader_required(team_id=team.id, user=user, action=gettext("import events"))
    return team


def event_from_trf(
    *,
    team: Team,
    user: User,
    text: str,
    clock_limit_seconds: int,
    clock_increment_seconds: int,
) -> TrfImport:
    try:
        t = read_trf(text)
    except TrfError as error:
        raise _refuse(str(error)) from None
    _names_checked(t)
    played, total, accelerated = _checked(t)
    order, warnings = declared_order(t)
    warnings = [str(w) for w in t.warnings] + warnings
    if facts.bonus_points(t):
        warnings.append(
            _(
                "299 bonus / penalty points are in the file's points, not in this event's "
                "(the differences list them)"
            )
        )
    tournament = tournament_create(
        team=team,
        user=user,
        name=(t.header.get("012") or "Imported event").strip()[:NAME_MAX],
        num_rounds=total,
        start_time=timezone.now() + timedelta(minutes=1),
        clock_limit_seconds=clock_limit_seconds,
        clock_increment_seconds=clock_increment_seconds,
        rated=False,
        mode=EventMode.OTB,
        tiebreak_order=order or None,
        regulations=regulations_for(t),
        initial_colour="white" if initial_colour_token(t) == "white1" else "black",
        accelerated=accelerated,
        **_event_fide_data(t),
    )
    created = SwissParticipant.objects.bulk_create(
        SwissParticipant(
            tournament=tournament,
            # One space between words, as registered names are kept (and looked up).
            name=" ".join(p.name.split())[:33] or f"Player {p.start_number}",
            **fide_data_imported(
                fide_id=p.fide_id,
                federation=p.federation,
                title=p.title,
                birth_date=p.birth_date,
                sex=p.sex,
                rating=p.rating,
            ),
            rating=p.rating or 0,
            start_number=p.start_number,
        )
        for p in sorted(t.players, key=lambda p: p.start_number)
    )
    entries = {p.start_number: p for p in created if p.start_number is not None}
    for number in range(1, played + 1):
        _store_round(tournament, t, number, entries)
    if played < total:  # half-point byes the file already gives in the round to pair next
        SwissByeRequest.objects.bulk_create(
            SwissByeRequest(participant=entries[p.start_number], round_number=played + 1)
            for p in t.players
            if _entry(t, p, played + 1).result == "H" and _entry(t, p, played + 1).opponent is None
        )
    if played:
        tournament.status = TournamentStatus.RUNNING
        tournament.current_round = played
        tournament.next_round_at = None
        tournament.save(update_fields=["status", "current_round", "next_round_at"])
    standings_store(tournament=tournament)
    differences = _differences(tournament, t)
    logger.info(
        "tournament %s imported from TRF: %s players, %s rounds, %s differences",
        tournament.id,
        len(created),
        played,
        len(differences),
    )
    return TrfImport(tournament, differences, warnings)
