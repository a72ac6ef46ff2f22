"""The event as a TRF-2026 file with its team records (`arbiter.trf.team_trf`), and the FIDE
data the rating report reads: 022/032/092/102/112/122/222 and each 001 record's FIDE columns.
The line-up minutes, which no TRF record holds, go in a comment our import reads back."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.text import slugify

from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer, TeamSwissRound
from arbiter.teamswiss.read.state import event_state
from arbiter.tiebreaks.team import team_standings
from arbiter.tournaments.rules.fide_data import arbiter_record
from arbiter.trf.model import Tournament
from arbiter.trf.team_event import TeamEvent
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf

# 092, the type of tournament, as the individual export writes its own.
TOURNAMENT_TYPE = "Team: Swiss-System (FIDE C.04.6)"
# A comment (gacrux and TRF readers skip `###` lines): the line-up minutes, for our import.
LINEUP_MINUTES_COMMENT = "### lineup minutes:"


@dataclass(frozen=True, slots=True)
class TrfWithPlayers:
    """The file's model, and the squad player each start number is."""

    file: Tournament
    player_of: dict[int, TeamSwissPlayer]


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _deputy_line(deputy: dict[str, object]) -> str:
    return _one_line(arbiter_record(str(deputy.get("name", "")), str(deputy.get("fide_id", ""))))


def _fide_header(event: TeamSwissEvent) -> dict[str, str]:
    """What the rating officer reads besides the games; nothing where the event gives
    nothing, for the rating report to say so rather than a stand-in hiding it."""
    header = {
        "022": _one_line(event.venue),
        "032": event.federation,
        "092": TOURNAMENT_TYPE,
        "102": _one_line(arbiter_record(event.chief_arbiter_name, event.chief_arbiter_fide_id)),
        "112": "\n".join(
            line
            for d in event.deputy_arbiters or []
            if isinstance(d, dict) and (line := _deputy_line(d))
        ),
    }
    if event.clock_minutes:
        # 122 as people read it, 222 as TRF-2026 encodes it (seconds + seconds per move):
        # the rating report reads the games' rating category from 222.
        header["122"] = f"{event.clock_minutes}+{event.clock_increment}"
        header["222"] = f"{event.clock_minutes * 60}+{event.clock_increment}"
    return {code: text for code, text in header.items() if text}


def _dated(event: TeamEvent, db_event: TeamSwissEvent) -> TeamEvent:
    """The event's dates as FIDE wants them: each round's date (132) is the day it was
    paired, the start (042) the event's start or round 1's day, whichever is earlier, the end
    (052) the last round's day once the event has finished, never before the start."""
    paired = list(
        TeamSwissRound.objects.filter(event=db_event)
        .order_by("number")
        .values_list("paired_at", flat=True)
    )
    days = tuple(at.strftime("%Y/%m/%d") for at in paired)
    end = days[-1] if days and db_event.status == TeamSwissEvent.Status.FINISHED else ""
    # The start is round 1's day if it was paired ahead of the scheduled start, and the end
    # never before the start (YYYY/MM/DD texts compare as the dates do).
    start = min(filter(None, (event.start_date, days[0] if days else "")), default="")
    return replace(event, round_dates=days, start_date=start, end_date=end and max(end, start))


def event_trf_model(*, event: TeamSwissEvent) -> TrfWithPlayers:
    """The 310 records carry the ranks of the standings the event page shows."""
    state = event_state(event=event)
    ranks = {row.tpn: row.rank for row in team_standings(state.event)}
    file = team_event_to_trf(_dated(state.event, event), ranks=ranks)
    squad = TeamSwissPlayer.objects.filter(event=event).in_bulk()
    player_of = {number: squad[pid] for pid, number in state.number_of_player.items()}
    file.header.update(_fide_header(event))
    file.other_records.append(f"{LINEUP_MINUTES_COMMENT} {event.lineup_minutes}")
    for record in file.players:
        player = player_of[record.start_number]
        record.fide_id = player.fide_id
        record.federation = player.federation
        record.title = player.title
        record.sex = player.sex
        record.birth_date = str(player.birth_year or "")
    return TrfWithPlayers(file, player_of)


def event_trf(*, event: TeamSwissEvent) -> str:
    return write_trf(event_trf_model(event=event).file)


def trf_file_name(*, event: TeamSwissEvent) -> str:
    return f"{slugify(event.name) or 'team-swiss'}-{event.id}.trf"
