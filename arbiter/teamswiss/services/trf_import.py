"""A team TRF becomes an event: its teams, squads and finished rounds (`team_event_from_trf`),
and what the file says of the event besides: the FIDE data (022, 032, 102, 112, 122/222), the
rounds' dates (132) and our export's line-up minutes comment. The event is named after 012
with " (imported)", so that it is not taken for the event it was exported from.

Held to the caps of every event (`arbiter.common.caps`): the teams, the players, a squad's
size. The records are counted before the file is parsed, so a file far over a cap costs one
pass over its lines; the parsed event is checked again (the counts of what was read)."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from arbiter.common.caps import SQUAD_MAX, event_caps_problems
from arbiter.common.event_settings import CLOCK_INCREMENT_MAX, NAME_MAX, VENUE_MAX
from arbiter.common.exceptions import InvalidInput
from arbiter.common.text import name_problem
from arbiter.common.throttling import user_throttle
from arbiter.ratingreport.event import time_control
from arbiter.teams.models import Team
from arbiter.teams.permissions import team_leader_required
from arbiter.teamswiss.models import (
    CLOCK_MINUTES_MAX,
    DEFAULT_TIEBREAKS,
    TeamSwissBoard,
    TeamSwissEvent,
    TeamSwissMatch,
    TeamSwissPlayer,
    TeamSwissRound,
    TeamSwissTeam,
)
from arbiter.teamswiss.read.trf_export import LINEUP_MINUTES_COMMENT
from arbiter.teamswiss.services.completion import match_points_set
from arbiter.tournaments.rules.fide_data import (
    ARBITER_NAME_MAX,
    DEPUTIES_MAX,
    arbiter_from_record,
    federation_problem,
    fide_data_imported,
)
from arbiter.trf.errors import TrfError
from arbiter.trf.model import PlayerRecord, Tournament
from arbiter.trf.reader import read_trf
from arbiter.trf.team_event import BOARD_RESULTS, TeamEvent
from arbiter.trf.team_trf import team_event_from_trf
from arbiter.users.models import User

# Part of the stored name (data, not a message): always English.
IMPORTED = " (imported)"


def _expected() -> str:
    return _(
        "Expected a FIDE TRF-2026 file of a team tournament, with its team records (310 lines): "
        "the “Download TRF” of a team Swiss here, or the TRF-2026 export of the program that ran "
        "it."
    )


def not_trf() -> str:
    """The refusal of a file that is no TRF file, in the reader's language."""
    message = _("This file is not a TRF file (a FIDE tournament report). %(expected)s")
    return message % {"expected": _expected()}


def _no_teams() -> str:
    message = _(
        "This TRF file has no team records (310 lines): it is an individual tournament's file, "
        "or one exported without its teams. %(expected)s"
    )
    return message % {"expected": _expected()}


# The two refusals as constants, worded when read (in the reader's language then); a refusal
# raised here takes the functions' text (a str, as every stored refusal's message is).
NOT_TRF = lazy(not_trf, str)()
NO_TEAMS = lazy(_no_teams, str)()


def binary(upload: Any) -> bool:
    """Whether an upload's start holds bytes no text file has (a NUL, or a control character
    other than a tab or a line break): a file of another kind, told apart from a TRF that
    does not read."""
    head = upload.read(4096)
    upload.seek(0)
    return any(byte < 32 and byte not in (9, 10, 12, 13) for byte in head)


def _not_trf(trf: Tournament) -> bool:
    """Nothing in the file reads as a TRF record: no header record, no player line."""
    return not trf.header and not trf.players and not trf.team_records


def _team_event(text: str) -> tuple[Tournament, TeamEvent, dict[int, PlayerRecord]]:
    """The file, its team event, and its 001 records by start number (their FIDE data).
    The refusals say in plain words what the file is and what is expected."""
    try:
        trf = read_trf(text)
    except TrfError as exc:
        # The reader's reason, in its own words (`arbiter.trf`).
        message = _("This file could not be read as a TRF file: %(reason)s. %(expected)s")
        raise InvalidInput({"file": [message % {"reason": exc, "expected": _expected()}]}) from exc
    if _not_trf(trf):
        raise InvalidInput({"file": [not_trf()]})
    if not trf.team_records:
        raise InvalidInput({"file": [_no_teams()]})
    try:
        return trf, team_event_from_trf(trf), {p.start_number: p for p in trf.players}
    except TrfError as exc:
        message = _("The team records cannot be read: %(reason)s.")
        raise InvalidInput({"file": [message % {"reason": exc}]}) from exc
    except ValueError as exc:  # the file reads, but holds no team event we can store
        message = _("The team records cannot be read: %(reason)s.")
        reason = exc or _("not a team event")
        raise InvalidInput({"file": [message % {"reason": reason}]}) from exc


def _counted(text: str) -> None:
    """Before parsing: the 001 (player) and 310 (team) records against the caps."""
    players = teams = 0
    for line in text.splitlines():
        players += line.startswith("001")
        teams += line.startswith("310")
    problems = event_caps_problems(players=players, teams=teams)
    if problems:
        raise InvalidInput({"file": problems})


def _checked(data: TeamEvent) -> None:
    if not data.teams:
        raise InvalidInput({"file": [_no_teams()]})
    problems = event_caps_problems(players=len(data.players), teams=len(data.teams))
    problems += [
        ngettext(
            "%(team)s: %(count)s player: a squad has at most %(max)s.",
            "%(team)s: %(count)s players: a squad has at most %(max)s.",
            len(team.players),
        )
        % {"team": team.name, "count": len(team.players), "max": SQUAD_MAX}
        for team in data.teams
        if len(team.players) > SQUAD_MAX
    ]
    if problems:
        raise InvalidInput({"file": problems})
    _names_checked(data)
    if not 1 <= data.boards <= 12:
        message = ngettext(
            "%(count)s board: an event has 1 to 12.",
            "%(count)s boards: an event has 1 to 12.",
            data.boards,
        )
        raise InvalidInput({"file": [message % {"count": data.boards}]})
    if not 1 <= data.total_rounds <= 20:
        message = ngettext(
            "%(count)s round: an event has 1 to 20.",
            "%(count)s rounds: an event has 1 to 20.",
            data.total_rounds,
        )
        raise InvalidInput({"file": [message % {"count": data.total_rounds}]})
    for match in data.matches:
        for game in match.games:
            if game.result not in BOARD_RESULTS:
                message = _("Round %(number)s: board %(board)s has no result.")
                raise InvalidInput(
                    {"file": [message % {"number": match.round, "board": game.board}]}
                )


def _names_checked(data: TeamEvent) -> None:
    """The event's, the teams' and the players' names under the one name rule (as the
    individual import holds them)."""
    # Each a whole sentence for its translation: the one name rule's words
    # (`arbiter.common.text.NAME_PREDICATE`) are in each.
    if name_problem((data.name or "").strip()) is not None:
        message = _(
            "the event's name (012) must be one line of visible text: no line breaks, tabs, "
            "control characters or invisible format characters (such as bidi overrides)"
        )
        raise InvalidInput({"file": [message]})
    for team in data.teams:
        if name_problem(team.name) is not None:
            message = _(
                "team %(tpn)s: the name must be one line of visible text: no line breaks, tabs, "
                "control characters or invisible format characters (such as bidi overrides)"
            )
            raise InvalidInput({"file": [message % {"tpn": team.tpn}]})
    for person in data.players:
        if name_problem(" ".join(person.name.split())) is not None:
            message = _(
                "player %(number)s: the name must be one line of visible text: no line breaks, "
                "tabs, control characters or invisible format characters (such as bidi "
                "overrides)"
            )
            raise InvalidInput({"file": [message % {"number": person.number}]})


def _fide_data(record: PlayerRecord | None) -> dict[str, str | int | None]:
    """A squad player's FIDE data from their 001 record, kept as the individual import keeps
    an entry's."""
    if record is None:
        return {}
    return fide_data_imported(
        fide_id=record.fide_id,
        federation=record.federation,
        title=record.title,
        birth_date=record.birth_date,
        sex=record.sex,
        rating=record.rating,
    )


def _arbiter(text: str) -> dict[str, str] | None:
    """A 102/112 text as an arbiter, or None where it names nobody we can keep (as the
    individual import reads them)."""
    name, fide_id = arbiter_from_record(text)
    if not name or len(name) > ARBITER_NAME_MAX or name_problem(name) is not None:
        return None
    return {"name": name, "fide_id": fide_id}


def _event_fide_data(trf: Tournament) -> dict[str, Any]:
    """022, 032, 102, 112 and the rate of play (222, else 122) as the event keeps them; what
    cannot be kept is left out, for the rating report to ask for."""
    header = trf.header
    data: dict[str, Any] = {}
    place = " ".join(header.get("022", "").split())
    if place and name_problem(place) is None:
        data["venue"] = place[:VENUE_MAX]
    federation = header.get("032", "").strip().upper()
    if federation and federation_problem(federation) is None:
        data["federation"] = federation
    if (chief := _arbiter(header.get("102", ""))) is not None:
        data["chief_arbiter_name"] = chief["name"]
        data["chief_arbiter_fide_id"] = chief["fide_id"]
    deputies = [d for line in header.get("112", "").split("\n") if (d := _arbiter(line))]
    if deputies:
        data["deputy_arbiters"] = deputies[:DEPUTIES_MAX]
    control = time_control(trf)
    # The event holds one period (base + increment); a control of several is left out.
    if control is not None and len(control.periods) == 1:
        period = control.periods[0]
        minutes, seconds = divmod(period.seconds, 60)
        if (
            period.moves is None
            and not seconds
            and 1 <= minutes <= CLOCK_MINUTES_MAX
            and 0 <= period.increment <= CLOCK_INCREMENT_MAX
        ):
            data["clock_minutes"] = minutes
            data["clock_increment"] = period.increment
    return data


def _lineup_minutes(trf: Tournament) -> int | None:
    """Our export's comment; other programs' files have none (no TRF record holds them)."""
    for line in trf.other_records:
        if line.startswith(LINEUP_MINUTES_COMMENT):
            value = line[len(LINEUP_MINUTES_COMMENT) :].strip()
            if value.isascii() and value.isdigit() and int(value) <= 24 * 60:
                return int(value)
    return None


def _day(date: str) -> datetime | None:
    """A TRF date ("YYYY/MM/DD") at noon UTC (the file gives no time), or None."""
    try:
        day = datetime.strptime(date.strip(), "%Y/%m/%d")
    except ValueError:
        return None
    return day.replace(hour=12, tzinfo=UTC)


def _round_day(dates: tuple[str, ...], number: int) -> datetime | None:
    """Round `number`'s date (132), or None: the export writes each round's day from when it
    was paired, so the copy's export has the file's days again."""
    return _day(dates[number - 1]) if number <= len(dates) else None


def _imported_name(name: str) -> str:
    name = " ".join(name.split()) or "Team event"
    if name.endswith(IMPORTED.strip()):
        return name[:NAME_MAX]
    return name[: NAME_MAX - len(IMPORTED)] + IMPORTED


@transaction.atomic
def event_from_trf(*, host: Team, user: User, text: str) -> TeamSwissEvent:
    """Every round of the file is stored complete; the event finishes if all are there."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=host.id, user=user, action=gettext("import team events"))
    user_throttle(scope="create", user_id=user.id)  # every path's creations, one allowance
    _counted(text)
    trf, data, records = _team_event(text)
    _checked(data)
    lineup_minutes = _lineup_minutes(trf)
    scores = data.scores
    rounds_played = sorted({m.round for m in data.matches})
    event = TeamSwissEvent(
        host=host,
        created_by=user,
        name=_imported_name(data.name),
        boards=data.boards,
        num_rounds=max(data.total_rounds, rounds_played[-1] if rounds_played else 0),
        colour_model=data.colour_model,
        primary_score=scores.primary,
        match_win=scores.match.win,
        match_draw=scores.match.draw,
        match_loss=scores.match.loss,
        game_win=scores.game.win,
        game_draw=scores.game.draw,
        game_loss=scores.game.loss,
        pab_match_points=scores.pab_match,
        pab_game_points=scores.pab_game,
        # A file without 202 gets the default order, as an event created here does.
        tiebreaks=list(data.tiebreaks) or list(DEFAULT_TIEBREAKS),
        initial_colour=data.initial_colour,
        **({} if lineup_minutes is None else {"lineup_minutes": lineup_minutes}),
        starts_at=_day(data.start_date),  # 042: the export's start again
        **_event_fide_data(trf),
        status=TeamSwissEvent.Status.STARTED if rounds_played else TeamSwissEvent.Status.CREATED,
    )
    event.full_clean()
    event.save()
    people = {p.number: p for p in data.players}
    team_of_tpn: dict[int, TeamSwissTeam] = {}
    player_of_number: dict[int, TeamSwissPlayer] = {}
    for team in data.teams:
        stored = TeamSwissTeam(event=event, tpn=team.tpn, name=team.name[:80])
        stored.full_clean()
        stored.save()
        team_of_tpn[team.tpn] = stored
        for order, number in enumerate(team.players, 1):
            person = people[number]
            player_of_number[number] = TeamSwissPlayer.objects.create(
                team=stored,
                event=event,
                order=order,
                name=person.name[:80],
                rating=person.rating,
                **_fide_data(records.get(number)),
            )
    by_round = defaultdict(list)
    for match in data.matches:
        by_round[match.round].append(match)
    now = timezone.now()
    for number in rounds_played:
        day = _round_day(data.round_dates, number) or now
        rnd = TeamSwissRound.objects.create(
            event=event,
            number=number,
            status=TeamSwissRound.Status.PLAYING,
            paired_at=day,
            lineups_close_at=day,
            engine="trf",
        )
        for table, match in enumerate(by_round[number], 1):
            stored_match = TeamSwissMatch.objects.create(
                round=rnd,
                table=table,
                white=team_of_tpn[match.white],
                black=team_of_tpn[match.black] if match.black is not None else None,
            )
            TeamSwissBoard.objects.bulk_create(
                TeamSwissBoard(
                    match=stored_match,
                    board=game.board,
                    white_player=player_of_number.get(game.white) if game.white else None,
                    black_player=player_of_number.get(game.black) if game.black else None,
                    result=game.result,
                )
                for game in match.games
            )
            match_points_set(event=event, match=stored_match)
        rnd.status = TeamSwissRound.Status.COMPLETE
        rnd.save(update_fields=["status"])
    if rounds_played and rounds_played[-1] >= event.num_rounds:
        event.status = TeamSwissEvent.Status.FINISHED
    event.version = 1
    event.save()
    return event
