"""The event as a FIDE TRF file: TRF-2026 (default), TRF-16 or the engines' extended TRF, from
one model (arbiter.trf.formats writes the bytes).

The model holds what the engine paired from: total rounds, initial colour, the virtual points
of an accelerated event (XXA; 250 records in TRF-2026) and the pairs kept apart (XXP; 260),
so an arbiter can re-pair every round with a FIDE checker from the file alone."""

from __future__ import annotations

import unicodedata
from datetime import datetime
from decimal import Decimal

from django.contrib.auth.models import AnonymousUser
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop

from arbiter.common.exceptions import PermissionDenied
from arbiter.pairing.acceleration import virtual_points
from arbiter.tournaments.models import EventMode, ForbiddenPairing, SwissTournament
from arbiter.tournaments.read.pairing_input import pairing_request
from arbiter.tournaments.read.schedule import round_times_list
from arbiter.tournaments.read.selectors import standings_hidden_from
from arbiter.tournaments.read.state import EventState, event_state
from arbiter.tournaments.read.teams import entry_team_id, event_teams
from arbiter.tournaments.rules.fide_data import arbiter_record
from arbiter.trf.formats import DEFAULT_FORMAT, TrfFormat, export_trf
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.users.models import User

# English, marked for the catalogue: a refusal says `gettext(STANDINGS_HIDDEN)`.
STANDINGS_HIDDEN = gettext_noop(
    "This event hides its standings until it ends: its TRF file comes then."
)


def _trf_date(value: datetime | None) -> str:
    """042/052 as TRF-2026 writes dates: YYYY/MM/DD."""
    return value.strftime("%Y/%m/%d") if value else ""


# The player-name field of a 001 record; longer names are cut in the file only.
NAME_WIDTH = 33


def _ascii(text: str) -> str:
    """Accents dropped (é -> e); letters with no ASCII form stay out of the slug."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _one_line(text: str, width: int | None = None) -> str:
    """Text for a fixed-column TRF record: control characters become spaces, runs of spaces
    one, and the result is cut to `width` (the display name itself is never changed)."""
    cleaned = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)
    return " ".join(cleaned.split())[:width]


def _round_date(value: datetime | None) -> str:
    return value.strftime("%y/%m/%d") if value else ""


def _round_dates(state: EventState) -> list[str]:
    """Each round's date: when it started, else its listed start (the schedule, as an
    organiser's file gives the planned dates), else blank; no trailing blanks."""
    started = {r.number: r.started_at for r in state.rounds}
    listed = round_times_list(tournament=state.tournament)
    dates = []
    for number in range(1, state.tournament.num_rounds + 1):
        at = started.get(number) or (listed[number - 1] if number <= len(listed) else None)
        dates.append(_round_date(at))
    while dates and not dates[-1]:
        dates.pop()
    return dates


def _engine_records(
    state: EventState, numbers: dict[int, int]
) -> tuple[dict[int, list[Decimal]], list[tuple[int, int]]]:
    """(virtual points by start number, forbidden pairs of start numbers), as the engine is
    given them for the round after the last one (the start numbers are the pairing numbers)."""
    t: SwissTournament = state.tournament
    kept_apart = {
        (a, b)
        for a, b in ForbiddenPairing.objects.filter(tournament=t).values_list(
            "player1_id", "player2_id"
        )
        if a in numbers and b in numbers
    }
    pairs = sorted(
        (min(x, y), max(x, y)) for x, y in ((numbers[a], numbers[b]) for a, b in kept_apart)
    )
    if not t.accelerated:
        return {}, pairs
    request = pairing_request(
        state,
        round_number=len(state.rounds) + 1,
        numbers=numbers,
        half_byes=set(),
        forbidden=kept_apart,
    )
    return {n: list(values) for n, values in virtual_points(request).items()}, pairs


# A team's line: a `###` comment with the team's name and its players' start numbers. Not
# 013: a 013 record makes the file a team tournament for FIDE's gacrux (its competitors the
# teams, and 260 then names teams), which an individual event with clubs is not.
TEAM_NAME_WIDTH = 32


def _team_records(
    state: EventState, numbers: dict[int, int]
) -> tuple[list[str], list[tuple[str, ...]]]:
    """A co-hosted event's teams: one `###` comment each (TRF-2026's comment line; TRF-16
    drops it), and with "teammates do not meet" one 260 record per team for the rounds it holds
    (every two players of a 260 group are kept apart, as the engine was told)."""
    t: SwissTournament = state.tournament
    teams = event_teams(tournament=t)
    if len(teams) < 2:
        return [], []
    members: dict[int, list[int]] = {team.id: [] for team in teams}
    for participant in state.participants.values():
        members.setdefault(entry_team_id(participant, t), []).append(numbers[participant.id])
    lines, groups = [], []
    last = min(t.teammates_rounds or t.num_rounds, t.num_rounds)
    for team in teams:
        players = sorted(members[team.id])
        name = _one_line(team.name, TEAM_NAME_WIDTH)
        lines.append(f"### team {name}:" + "".join(f" {n}" for n in players))
        if t.teammates_do_not_meet and len(players) > 1:
            groups.append(("1", str(last), *map(str, players)))
    return lines, groups


def trf_file_name(*, tournament: SwissTournament, fmt: TrfFormat) -> str:
    """`<event-slug>-trf26.trf` (`-trf16`, `-trfx`): the three downloads save apart. A name
    with no Latin letter to slug falls back to `swiss-<id>`."""
    slug = slugify(_ascii(tournament.name))[:60].strip("-") or f"swiss-{tournament.id}"
    return f"{slug}-{fmt}.trf"


def _venue(t: SwissTournament) -> str:
    """022 is the place: the server for an online event, the venue for one over the board
    (none when not given: 022 is mandatory for rating, and the rating report says so rather
    than a stand-in hiding it)."""
    if t.mode == EventMode.ONLINE:
        return "Online"
    return _one_line(t.venue)


def trf_start_numbers(state: EventState) -> dict[int, int]:
    """Entry id -> start number in the file (the pairing order): the rating report maps its
    findings back to entries with the same numbers the export writes."""
    return {p.id: n for n, p in enumerate(state.pairing_order(), start=1)}


def _arbiter_records(t: SwissTournament) -> dict[str, str]:
    """102 the chief arbiter, 112 one line per deputy (joined with "\n", as the model keeps a
    repeated record): none when the event names none, for the rating report to say so."""
    records = {"102": _one_line(arbiter_record(t.chief_arbiter_name, t.chief_arbiter_fide_id))}
    deputies = [
        _one_line(arbiter_record(str(d.get("name", "")), str(d.get("fide_id", ""))))
        for d in t.deputy_arbiters or []
        if isinstance(d, dict)
    ]
    records["112"] = "\n".join(line for line in deputies if line)
    return records


def trf_tournament(state: EventState) -> Tournament:
    t: SwissTournament = state.tournament
    order = state.pairing_order()
    numbers = trf_start_numbers(state)
    rated = sum(1 for p in order if p.rating)
    # The event began at its scheduled start, or earlier if a leader started round 1 ahead of
    # it; it cannot end before it began (a round can then fall the day before the scheduled
    # start, and the rating report would date it outside the event).
    began = min([t.start_time, *(r.started_at for r in state.rounds if r.started_at)])
    header = {
        "012": _one_line(t.name),
        "022": _venue(t),
        "032": t.federation,
        "042": _trf_date(began),
        "052": _trf_date(max(t.finished_at, began) if t.finished_at else None),
        "062": str(len(order)),
        "072": str(rated),
        "092": "Individual: Swiss-System (FIDE Dutch)",
        **_arbiter_records(t),
        "122": str(t.time_control),
        "202": ",".join(t.tiebreak_order),
        # TRF-2026's encoded time control (seconds + seconds per move): what the rating
        # report reads a time control's rating category from.
        "222": f"{t.time_control.limit_seconds}+{t.time_control.increment_seconds}",
    }
    players = []
    for participant in order:
        cells = state.sheets[participant.id]
        blocks = []
        for rnd in state.rounds:
            cell = cells.get(rnd.number)
            if cell is None:
                blocks.append(RoundEntry(None, "-", "Z"))
            elif cell.opponent is None:
                blocks.append(RoundEntry(None, "-", cell.code))
            else:
                blocks.append(RoundEntry(numbers[cell.opponent], cell.colour or "-", cell.code))
        players.append(
            PlayerRecord(
                start_number=numbers[participant.id],
                # A registered player's FIDE name stays after a user claims the entry.
                name=_one_line(participant.name or participant.display_name, NAME_WIDTH),
                sex=participant.sex,
                title=participant.title,
                federation=participant.federation,
                fide_id=participant.fide_id,
                birth_date=str(participant.birth_year or ""),
                rating=participant.rating or None,  # unrated: blank, as FIDE writes it
                points=state.points(participant.id),
                rank=participant.rank,
                rounds=blocks,
            )
        )
    accelerations, forbidden = _engine_records(state, numbers)
    team_lines, team_groups = _team_records(state, numbers)
    return Tournament(
        header={k: v for k, v in header.items() if v},
        # 132: TRF-16 writes round dates as YY/MM/DD in the round-block columns.
        round_dates=_round_dates(state),
        players=players,
        total_rounds=t.num_rounds,
        initial_colour="white1" if t.initial_colour == "white" else "black1",
        accelerations=accelerations,
        forbidden_pairs=forbidden,
        forbidden_records=team_groups,
        other_records=team_lines,
    )


def tournament_trf(*, tournament: SwissTournament, fmt: TrfFormat = DEFAULT_FORMAT) -> str:
    return export_trf(trf_tournament(event_state(tournament=tournament)), fmt)


def tournament_trf_for(
    *, tournament: SwissTournament, viewer: User | AnonymousUser, fmt: TrfFormat = DEFAULT_FORMAT
) -> str:
    """The file as this viewer may read it: with hidden standings (a TRF is every player's
    points and rank), only the event's leaders get it before the end."""
    if standings_hidden_from(tournament=tournament, viewer=viewer):
        raise PermissionDenied(gettext(STANDINGS_HIDDEN))
    return tournament_trf(tournament=tournament, fmt=fmt)
