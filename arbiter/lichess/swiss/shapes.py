"""The JSON lichess clients read: the Swiss (lila's `SwissJson.api`), a results row, a game of
the export (`GameApiV2.toJson`), a team, a member, the account. Booleans that lila writes only
when true, and optional values, are left out otherwise (docs/lichess-api.md, 1.4)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.games.live.payloads import san_replay
from arbiter.games.models import Game
from arbiter.lichess.identity import light_user, user_id_of
from arbiter.ratings.read import is_provisional
from arbiter.ratings.speeds import speed_for_clock
from arbiter.tournaments.models import SwissParticipant, SwissTournament, TournamentStatus
from arbiter.tournaments.read import selectors
from arbiter.users.models import User

RECENTLY_FINISHED = timedelta(minutes=30)
STATUS = {
    TournamentStatus.SCHEDULED: "created",
    TournamentStatus.RUNNING: "started",
    TournamentStatus.FINISHED: "finished",
    # Terminated after the start: lichess finishes such an event (one cancelled before its
    # start is not shown at all: lookups.swiss_or_404).
    TournamentStatus.CANCELLED: "finished",
}


def iso(value: datetime) -> str:
    """lichess's instant: UTC, second precision, `Z`."""
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def millis(value: datetime | None) -> int | None:
    return None if value is None else int(value.timestamp() * 1000)


def _over(tournament: SwissTournament) -> bool:
    return tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


def _verdicts(tournament: SwissTournament, user: User | None) -> dict[str, Any]:
    """The conditions lichess shows (only those set: the rating limits and the fair-play
    rules), each as the caller meets it (`ok` for a visitor)."""
    listed: list[dict[str, str]] = []
    shown = {
        "rating": tournament.min_rating is not None or tournament.max_rating is not None,
        "min_account_age_days": bool(tournament.min_account_age_days),
        "min_rated_games": bool(tournament.min_rated_games),
    }
    if not any(shown.values()):  # nothing to check: no reads
        return {"list": listed, "accepted": True}
    for condition in selectors.entry_conditions(tournament=tournament, user=user):
        if shown.get(condition.code):
            verdict = "ok" if condition.met is not False else condition.detail or _("Not met")
            listed.append({"condition": condition.text, "verdict": verdict})
    return {"list": listed, "accepted": all(row["verdict"] == "ok" for row in listed)}


def _stats(tournament: SwissTournament) -> dict[str, int] | None:
    stats = selectors.tournament_stats(tournament=tournament)
    if not stats.games:
        return None
    return {
        "games": stats.games,
        "whiteWins": stats.white_wins,
        "blackWins": stats.black_wins,
        "draws": stats.draws,
        "byes": stats.byes,
        "absences": stats.absences,
        "averageRating": stats.average_rating,
    }


def _player_count(tournament: SwissTournament) -> int:
    counted = getattr(tournament, "participant_count", None)
    return tournament.participants.count() if counted is None else int(counted)


def swiss_json(tournament: SwissTournament, *, user: User | None) -> dict[str, Any]:
    """The Swiss as lichess's API sends it. `tournament` comes from `tournament_list` (its
    participant count annotated)."""
    now = timezone.now()
    clock = tournament.time_control
    over = _over(tournament)
    data: dict[str, Any] = {
        "id": str(tournament.id),
        "createdBy": user_id_of(tournament.created_by.username),
        "startsAt": iso(tournament.start_time),
        "name": tournament.name,
        "clock": {"limit": clock.limit_seconds, "increment": clock.increment_seconds},
        "variant": "standard",
        "round": tournament.current_round,
        # lichess sets the rounds to those played when an event ends early.
        "nbRounds": tournament.current_round if over else tournament.num_rounds,
        "nbPlayers": _player_count(tournament),
        "nbOngoing": selectors.games_ongoing_count(tournament=tournament),
        "status": STATUS[TournamentStatus(tournament.status)],
    }
    data |= swiss_json_timed(
        next_round_at=tournament.next_round_at,
        finished_at=tournament.finished_at,
        over=over,
        now=now,
    )
    if tournament.has_password:
        data["password"] = True
    data["verdicts"] = _verdicts(tournament, user)
    data["rated"] = tournament.rated
    if over:
        stats = _stats(tournament)
        if stats:
            data["stats"] = stats
    return data


def swiss_json_timed(
    *, next_round_at: datetime | None, finished_at: datetime | None, over: bool, now: datetime
) -> dict[str, Any]:
    """What of `swiss_json` moves with the clock, not with the event (a cached event page
    adds it per request): the countdown to the next round, "recently finished"."""
    data: dict[str, Any] = {}
    if next_round_at is not None and not over:
        seconds = (next_round_at - now).total_seconds()
        data["nextRound"] = {"at": iso(next_round_at), "in": max(0, int(seconds))}
    if over and finished_at and now - finished_at < RECENTLY_FINISHED:
        data["isRecentlyFinished"] = True
    return data


def swiss_json_timed_until(
    *, next_round_at: datetime | None, finished_at: datetime | None, over: bool, now: datetime
) -> datetime | None:
    """When `swiss_json_timed`'s answer for `now` next changes (the countdown's whole second
    runs out, "recently finished" ends); None: not before the event itself does."""
    moments: list[datetime] = []
    if next_round_at is not None and not over:
        seconds = (next_round_at - now).total_seconds()
        if seconds > 0:  # "in" is int(seconds) until the remaining time drops below it
            moments.append(next_round_at - timedelta(seconds=int(seconds)))
    if over and finished_at and now - finished_at < RECENTLY_FINISHED:
        moments.append(finished_at + RECENTLY_FINISHED)
    return min(moments, default=None)


def swiss_over(tournament: SwissTournament) -> bool:
    return _over(tournament)


def result_row(
    position: int, entry: SwissParticipant, values: dict[str, Decimal | None]
) -> dict[str, Any]:
    """A row of `/results`: the rank is the row's position (lichess shares no rank). Under
    hidden standings a player's own row carries no tie-break and no performance: both are
    made of the opponents' points and results (the native page's rule, `own_row_only`)."""
    own_only = selectors.own_row_only(entry)
    row: dict[str, Any] = {
        "rank": position,
        "points": _number(entry.points),
        "rating": entry.rating,
        "username": entry.display_name,
    }
    if not own_only:
        row["tieBreak"] = _number(values.get("SB") or Decimal(0))
    if entry.title:
        row["title"] = entry.title
    performance = None if own_only else values.get("TPR")
    if performance is not None:
        row["performance"] = round(performance)
    if entry.status in ("paused", "disqualified"):
        row["absent"] = True
    return row


def _number(value: Decimal) -> int | float:
    """A JSON number: 3 rather than 3.0 where it is whole, as lichess writes them."""
    return int(value) if value == value.to_integral_value() else float(value)


def _game_player(user: User | None, entry: SwissParticipant) -> dict[str, Any]:
    player: dict[str, Any] = {"rating": entry.rating}
    if user is not None:
        player["user"] = light_user(user)
    else:
        player["user"] = {"id": user_id_of(entry.display_name), "name": entry.display_name}
    return player


def game_json(
    game: Game,
    *,
    moves: bool,
    pgn: str | None,
    rating_diffs: dict[int, int],
) -> dict[str, Any]:
    """A game of the export as lichess's NDJSON line: SAN moves, the clock in seconds."""
    pairing = game.pairing
    if pairing is None:  # the export reads an individual event's games through its pairings
        raise ValueError(f"game {game.id} is a team board's, not an individual event's")
    tournament = pairing.round.tournament
    limit, increment = game.initial_ms // 1000, game.increment_ms // 1000
    speed = str(speed_for_clock(limit, increment))
    players = {
        "white": _game_player(game.white, pairing.white),
        "black": _game_player(game.black, pairing.black),
    }
    for colour, user in (("white", game.white), ("black", game.black)):
        if user is not None and user.id in rating_diffs:
            players[colour]["ratingDiff"] = rating_diffs[user.id]
    last_move = game.finished_at or game.turn_started_at
    data: dict[str, Any] = {
        "id": str(game.id),
        "rated": tournament.rated,
        "variant": "standard",
        "speed": speed,
        "perf": speed,
        "createdAt": millis(game.created_at),
        "lastMoveAt": millis(last_move),
        "status": game.status,
        "source": "swiss",
        "players": players,
    }
    if game.winner:
        data["winner"] = game.winner
    if moves:
        data["moves"] = " ".join(san_replay(game.move_list)[0])
    if pgn is not None:
        data["pgn"] = pgn
    data["swiss"] = str(tournament.id)
    data["clock"] = {"initial": limit, "increment": increment, "totalTime": limit + 40 * increment}
    return data


def perfs(ratings: list[Any]) -> dict[str, dict[str, Any]]:
    """lichess's `perfs` from the Glicko-2 ratings, one per speed (rounded)."""
    shown: dict[str, dict[str, Any]] = {}
    for rating in ratings:
        perf: dict[str, Any] = {
            "games": rating.games,
            "rating": round(rating.rating),
            "rd": round(rating.deviation),
            "prog": 0,
        }
        if is_provisional(rating.deviation):
            perf["prov"] = True
        shown[str(rating.speed)] = perf
    return shown
