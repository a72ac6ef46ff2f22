"""A team TRF becomes an event: its teams, squads and finished rounds (`team_event_from_trf`).

Held to the caps of every event (`arbiter.common.caps`): the teams, the players, a squad's
size. The records are counted before the file is parsed, so a file far over a cap costs one
pass over its lines; the parsed event is checked again (the counts of what was read)."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.utils import timezone

from arbiter.common.caps import SQUAD_MAX, event_caps_problems
from arbiter.common.exceptions import InvalidInput
from arbiter.common.text import NAME_PREDICATE, name_problem
from arbiter.common.throttling import user_throttle
from arbiter.teams.models import Team
from arbiter.teams.permissions import team_leader_required
from arbiter.teamswiss.models import (
    TeamSwissBoard,
    TeamSwissEvent,
    TeamSwissMatch,
    TeamSwissPlayer,
    TeamSwissRound,
    TeamSwissTeam,
)
from arbiter.teamswiss.services.completion import match_points_set
from arbiter.tournaments.rules.fide_data import fide_data_imported
from arbiter.trf.errors import TrfError
from arbiter.trf.model import PlayerRecord
from arbiter.trf.reader import read_trf
from arbiter.trf.team_event import BOARD_RESULTS, TeamEvent
from arbiter.trf.team_trf import team_event_from_trf
from arbiter.users.models import User


def _team_event(text: str) -> tuple[TeamEvent, dict[int, PlayerRecord]]:
    """The team event, and the file's 001 records by start number (their FIDE data)."""
    try:
        trf = read_trf(text)
        return team_event_from_trf(trf), {p.start_number: p for p in trf.players}
    except TrfError as exc:
        raise InvalidInput({"file": [str(exc)]}) from exc
    except ValueError as exc:  # the file reads, but holds no team event we can store
        raise InvalidInput({"file": [str(exc) or "Not a team TRF."]}) from exc


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
        raise InvalidInput({"file": ["The file holds no team (no 310 records)."]})
    problems = event_caps_problems(players=len(data.players), teams=len(data.teams))
    problems += [
        f"{team.name}: {len(team.players)} players: a squad has at most {SQUAD_MAX}."
        for team in data.teams
        if len(team.players) > SQUAD_MAX
    ]
    if problems:
        raise InvalidInput({"file": problems})
    _names_checked(data)
    if not 1 <= data.boards <= 12:
        raise InvalidInput({"file": [f"{data.boards} boards: an event has 1 to 12."]})
    if not 1 <= data.total_rounds <= 20:
        raise InvalidInput({"file": [f"{data.total_rounds} rounds: an event has 1 to 20."]})
    for match in data.matches:
        for game in match.games:
            if game.result not in BOARD_RESULTS:
                raise InvalidInput(
                    {"file": [f"Round {match.round}: board {game.board} has no result."]}
                )


def _names_checked(data: TeamEvent) -> None:
    """The event's, the teams' and the players' names under the one name rule (as the
    individual import holds them)."""
    if name_problem((data.name or "").strip()) is not None:
        raise InvalidInput({"file": [f"the event's name (012) {NAME_PREDICATE}"]})
    for team in data.teams:
        if name_problem(team.name) is not None:
            raise InvalidInput({"file": [f"team {team.tpn}: the name {NAME_PREDICATE}"]})
    for person in data.players:
        if name_problem(" ".join(person.name.split())) is not None:
            raise InvalidInput({"file": [f"player {person.number}: the name {NAME_PREDICATE}"]})


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


@transaction.atomic
def event_from_trf(*, host: Team, user: User, text: str) -> TeamSwissEvent:
    """Every round of the file is stored complete; the event finishes if all are there."""
    team_leader_required(team_id=host.id, user=user, action="import team events")
    user_throttle(scope="create", user_id=user.id)  # every path's creations, one allowance
    _counted(text)
    data, records = _team_event(text)
    _checked(data)
    scores = data.scores
    rounds_played = sorted({m.round for m in data.matches})
    event = TeamSwissEvent(
        host=host,
        created_by=user,
        name=(data.name or "Imported team event")[:120],
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
        tiebreaks=list(data.tiebreaks),
        initial_colour=data.initial_colour,
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
        rnd = TeamSwissRound.objects.create(
            event=event,
            number=number,
            status=TeamSwissRound.Status.PLAYING,
            paired_at=now,
            lineups_close_at=now,
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
