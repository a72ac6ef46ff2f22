"""Reads for Swiss tournaments."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import AnonymousUser
from django.db.models import (
    Avg,
    Count,
    Exists,
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Value,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.games.models import Game, GameStatus
from arbiter.games.rules import DRAW_FROM_MOVE
from arbiter.ratings.entry_rules import entry_rules_checked
from arbiter.ratings.models import RatingChange
from arbiter.ratings.read import user_rating
from arbiter.ratings.speeds import Speed
from arbiter.teams.models import Team
from arbiter.teams.read import member_team_ids, team_id_is_leader, team_is_member
from arbiter.tournaments.models import (
    PAIRING_RESULT_FIELDS,
    ClaimStatus,
    CoHostStatus,
    EntryClaim,
    EntryKind,
    EventMode,
    ForbiddenPairing,
    GameResult,
    NoShowRecord,
    RoundStatus,
    SwissCoHost,
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.rules.result_codes import TRF_CODES
from arbiter.users.models import User

# Entries per event, for `tournament_list`'s `participant_count`.
_entry_counts = (
    SwissParticipant.objects.filter(tournament=OuterRef("pk"))
    .order_by()
    .values("tournament")
    .annotate(n=Count("id"))
    .values("n")
)
# Round 1's start, for `tournament_list`'s `started_at`: when the event really began.
_first_round_start = SwissRound.objects.filter(tournament=OuterRef("pk"), number=1).values(
    "started_at"
)[:1]


def tournament_list(
    *,
    team: Team | None = None,
    status: str | None = None,
    player: str | None = None,
    cohost: str | None = None,
    club: Team | None = None,
) -> QuerySet[SwissTournament]:
    # Meta.ordering does not apply to a query with an aggregate: pages need an order.
    qs = (
        SwissTournament.objects.select_related("team", "time_control", "created_by")
        .prefetch_related(Prefetch("cohosts", queryset=SwissCoHost.objects.select_related("team")))
        # A count per event as a subquery: grouping by the wide joined row cost every read
        # about 10 ms of SQL on a 1,000-player event.
        .annotate(
            participant_count=Coalesce(Subquery(_entry_counts), 0),
            started_at=Subquery(_first_round_start),
        )
        .order_by("-start_time", "-id")
    )
    if team is not None:
        qs = qs.filter(team=team)
    if status:
        qs = qs.filter(status=status)
    if club is not None:  # a team's page: the events it hosts or co-hosts (its members join)
        cohosted = SwissCoHost.objects.filter(team=club, status=CoHostStatus.ACCEPTED)
        qs = qs.filter(Q(team=club) | Q(id__in=cohosted.values("tournament_id")))
    if cohost:  # the events this team (by slug) is invited to or co-hosts
        qs = qs.filter(id__in=SwissCoHost.objects.filter(team__slug=cohost).values("tournament_id"))
    if player:  # the events this user entered (case-insensitive username)
        entered = SwissParticipant.objects.filter(user__username__iexact=player)
        qs = qs.filter(id__in=entered.values("tournament_id"))
    return qs


def tournament_get(*, tournament_id: int) -> SwissTournament | None:
    return tournament_list().filter(id=tournament_id).first()


def tournament_version(*, tournament_id: int) -> int | None:
    """The event's read version (docs/live.md, "Reads"); None: no such event."""
    return (
        SwissTournament.objects.filter(id=tournament_id).values_list("version", flat=True).first()
    )


def entry_get(*, tournament: SwissTournament, user: User) -> SwissParticipant | None:
    """The user's entry in the event, if any."""
    return SwissParticipant.objects.filter(tournament=tournament, user=user).first()


def games_ongoing_count(*, tournament: SwissTournament) -> int:
    """Games of the event being played now."""
    return Game.objects.filter(
        pairing__round__tournament=tournament, status=GameStatus.STARTED
    ).count()


def event_games(*, tournament: SwissTournament, player: str | None = None) -> QuerySet[Game]:
    """The event's online games by round and board; with `player`, only that user's
    (case-insensitive username)."""
    games = Game.objects.select_related(
        "white", "black", "pairing__round__tournament", "pairing__white", "pairing__black"
    ).filter(pairing__round__tournament=tournament)
    if player:
        games = games.filter(Q(white__username__iexact=player) | Q(black__username__iexact=player))
    return games.order_by("pairing__round__number", "pairing__board")


@dataclass(frozen=True)
class EventStats:
    games: int
    white_wins: int
    black_wins: int
    draws: int
    byes: int
    absences: int
    average_rating: int


def tournament_stats(*, tournament: SwissTournament) -> EventStats:
    """Counts over the event's boards and round entries (lichess's Swiss `stats`): games
    played to a result (forfeits are not games), pairing byes, rounds missed."""
    results = SwissPairing.objects.filter(round__tournament=tournament).aggregate(
        white=Count("id", filter=Q(result=GameResult.WHITE_WINS)),
        black=Count("id", filter=Q(result=GameResult.BLACK_WINS)),
        draws=Count("id", filter=Q(result=GameResult.DRAW)),
    )
    entries = SwissRoundEntry.objects.filter(round__tournament=tournament).aggregate(
        byes=Count("id", filter=Q(kind=EntryKind.PAIRING_BYE)),
        absences=Count("id", filter=Q(kind=EntryKind.ZERO_BYE)),
    )
    average = SwissParticipant.objects.filter(tournament=tournament).aggregate(r=Avg("rating"))
    return EventStats(
        games=results["white"] + results["black"] + results["draws"],
        white_wins=results["white"],
        black_wins=results["black"],
        draws=results["draws"],
        byes=entries["byes"],
        absences=entries["absences"],
        average_rating=round(average["r"] or 0),
    )


def tournament_row_get(*, tournament_id: int) -> SwissTournament | None:
    """The event's own row, without its team or counts: for hot paths (result posts) that
    need only its fields."""
    try:
        return SwissTournament.objects.get(id=tournament_id)
    except SwissTournament.DoesNotExist:
        return None


# What a standing row reads of a participant (tournaments.serializers.StandingOutputSerializer).
STANDING_FIELDS = (
    "user__username",
    "team_id",
    "name",
    "rating",
    "pairing_number",
    "status",
    "pause_reason",
    "points",
    "rank",
    "rank_last",
    "tiebreaks",
    "title",
    "joined_after_round",
    "checked_in_at",
)
# What a board's payload reads (PairingOutputSerializer), with its round's number.
BOARD_FIELDS = (
    "round__number",
    "board",
    "result",
    "disputed",
    "white_report",
    "black_report",
    "white__user__username",
    "white__name",
    "white__rating",
    "black__user__username",
    "black__name",
    "black__rating",
    "no_show__user__username",
    "game__id",
)


@dataclass(frozen=True)
class StandingRow:
    participant: SwissParticipant
    sheet: list[dict[str, object]]


def standings_queryset(
    *, tournament: SwissTournament, username: str | None = None, search: str | None = None
) -> QuerySet[SwissParticipant]:
    """Ranked (shared ranks for full ties); within a tie, pairing-number order. With
    `username`, only that player's row (how a page finds the viewer's own entry); with
    `search`, the players whose username (or registered name) contains it."""
    qs = SwissParticipant.objects.filter(tournament=tournament)
    if username:
        qs = qs.filter(user__username__iexact=username)
    if search:
        qs = qs.filter(Q(user__username__icontains=search) | Q(name__icontains=search))
    # The columns a standing row shows: the user row (a password hash, dates) and the
    # participant's entry details are most of what the query would read and build.
    return (
        qs.select_related("user")
        .only(*STANDING_FIELDS)
        .order_by(F("rank").asc(nulls_last=True), F("pairing_number").asc(nulls_last=True), "id")
    )


def standings_hidden(*, tournament: SwissTournament) -> bool:
    """The event hides its standings now: set so, and running (before the start there is
    nothing to hide but the entry list, which stays public; after the end all is shown)."""
    return tournament.standings_hidden and tournament.status == TournamentStatus.RUNNING


def standings_hidden_from(*, tournament: SwissTournament, viewer: User | AnonymousUser) -> bool:
    """Whether the viewer sees only their own row: hidden standings, and not a leader."""
    if not standings_hidden(tournament=tournament):
        return False
    return not team_id_is_leader(team_id=tournament.team_id, user=viewer)


def standings_for_viewer(
    *,
    tournament: SwissTournament,
    viewer: User | AnonymousUser,
    username: str | None = None,
    search: str | None = None,
) -> QuerySet[SwissParticipant]:
    """`standings_queryset` as this viewer may read it: with hidden standings, a player's own
    row only (nothing for a visitor), marked `OWN_ROW_ONLY` so that it shows what is the
    player's own (points, their games) and not what tells others' points: tie-breaks (a
    Buchholz is the opponents' scores) or a shared place ("4–6": two others on these points)."""
    rows = standings_queryset(tournament=tournament, username=username, search=search)
    if not standings_hidden_from(tournament=tournament, viewer=viewer):
        return rows
    if not viewer.is_authenticated:
        return rows.none()
    return rows.filter(user_id=viewer.pk).annotate(**{OWN_ROW_ONLY: Value(True)})


# The mark `standings_for_viewer` puts on a row read under hidden standings: every shape that
# writes a standing row (the REST page, the lichess results) reads it (`own_row_only`).
OWN_ROW_ONLY = "own_row_only"


def own_row_only(participant: SwissParticipant) -> bool:
    """A row read under hidden standings: only the player's own facts may be shown."""
    return bool(getattr(participant, OWN_ROW_ONLY, False))


def standings_sheets(
    *, tournament: SwissTournament, participants: list[SwissParticipant]
) -> list[StandingRow]:
    """The round-by-round sheet (opponent, colour, result code) of the given participants,
    read for them only so a page of standings stays cheap on large events."""
    ids = [p.id for p in participants]
    joined_after = {p.id: p.joined_after_round for p in participants}
    cells: dict[int, dict[int, dict[str, object]]] = {pid: {} for pid in ids}
    # One query: each entry with its board's players (a registered player, without a user, is
    # named by the entry's name) and result; the joins are outer, so a bye reads as Nones.
    entries = SwissRoundEntry.objects.filter(participant_id__in=ids).values_list(
        "participant_id",
        "round__number",
        "kind",
        "pairing__white_id",
        Coalesce("pairing__white__user__username", "pairing__white__name"),
        Coalesce("pairing__black__user__username", "pairing__black__name"),
        "pairing__result",
    )
    for pid, number, kind, white_id, white_name, black_name, result in entries:
        early = number <= joined_after[pid]  # the late joiner's rounds before the entry
        if white_id is None:
            cells[pid][number] = {
                "round": number,
                "opponent": None,
                "colour": None,
                "code": kind,
                "not_yet_joined": early,
            }
            continue
        is_white = pid == white_id
        cells[pid][number] = {
            "round": number,
            "opponent": black_name if is_white else white_name,
            "colour": "white" if is_white else "black",
            "code": TRF_CODES[result][0 if is_white else 1].strip(),
            "not_yet_joined": early,
        }
    return [StandingRow(p, [cells[p.id][n] for n in sorted(cells[p.id])]) for p in participants]


def round_list(*, tournament: SwissTournament) -> QuerySet[SwissRound]:
    return SwissRound.objects.filter(tournament=tournament).order_by("number")


def round_get(*, tournament: SwissTournament, number: int) -> SwissRound | None:
    return round_list(tournament=tournament).filter(number=number).first()


def round_pairings(*, rnd: SwissRound) -> QuerySet[SwissPairing]:
    return (
        rnd.pairings.select_related("white__user", "black__user", "no_show__user", "game")
        .prefetch_related("rating_changes")
        .order_by("board")
    )


def round_byes(*, rnd: SwissRound) -> QuerySet:
    return (
        rnd.entries.exclude(kind="game")
        .select_related("participant__user", "round")
        .order_by("participant__pairing_number")
    )


def round_started_at(*, tournament: SwissTournament, number: int) -> datetime | None:
    return (
        SwissRound.objects.filter(tournament=tournament, number=number)
        .values_list("started_at", flat=True)
        .first()
    )


# What a result request reads of a board and its relations (the rest stays deferred): a full
# join of the event, both players, their accounts and the game cost several times more to build
# than to run.
_RESULT_BOARD_FIELDS = (
    *("id", "board", "round_id", "white_id", "black_id", "no_show_id", "reported_by_id"),
    *("result", "disputed", "white_report", "black_report"),
    *("round__number", "round__status", "round__tournament__team_id"),
    *("white__user_id", "white__name", "white__rating", "white__user__username"),
    *("black__user_id", "black__name", "black__rating", "black__user__username"),
    "game__id",
)


def pairing_with_event_get(*, tournament_id: int, pairing_id: int) -> SwissPairing | None:
    """A board of an event with its round, event (id and team), players and online game (if
    any), in one query: the result request's lookups."""
    try:
        return (
            SwissPairing.objects.select_related(
                "round__tournament", "white__user", "black__user", "game"
            )
            .only(*_RESULT_BOARD_FIELDS)
            .get(round__tournament_id=tournament_id, id=pairing_id)
        )
    except SwissPairing.DoesNotExist:
        return None


def pairing_result_get(*, pairing_id: int) -> SwissPairing:
    """A board as a result left it, for its payload: its players, game and event in one
    query, its rating changes (both players') in a second."""
    board = (
        SwissPairing.objects.select_related(
            "round__tournament", "white__user", "black__user", "game"
        )
        .only(*_RESULT_BOARD_FIELDS, *PAIRING_RESULT_FIELDS)
        .get(id=pairing_id)
    )
    prefetch_related_objects([board], "rating_changes")
    return board


def forbidden_pairing_list(*, tournament: SwissTournament) -> QuerySet[ForbiddenPairing]:
    return ForbiddenPairing.objects.filter(tournament=tournament).select_related(
        "player1__user", "player2__user"
    )


def registered_entry_list(*, tournament: SwissTournament) -> QuerySet[SwissParticipant]:
    """Entries entered by name (registered players), linked to a user or not."""
    return (
        SwissParticipant.objects.filter(tournament=tournament)
        .exclude(name="")
        .select_related("user")
        .order_by("name", "id")
    )


def entry_claim_list(
    *, tournament: SwissTournament, user: User | None = None
) -> QuerySet[EntryClaim]:
    """The event's waiting claims and leaders' open offers; with `user`, that user's own,
    waiting, offered to them or rejected (their claimant is told of a rejection until they
    dismiss it)."""
    everyone = Q(status__in=[ClaimStatus.WAITING, ClaimStatus.OFFERED])
    mine = Q(user=user) if user is not None else everyone
    claims = EntryClaim.objects.filter(mine, participant__tournament=tournament)
    return claims.select_related("participant", "user")


def entry_claims_seen_by(*, tournament: SwissTournament, viewer: User) -> QuerySet[EntryClaim]:
    """A leader sees every waiting claim and open offer; anyone else their own claims."""
    leads = team_id_is_leader(team_id=tournament.team_id, user=viewer)
    return entry_claim_list(tournament=tournament, user=None if leads else viewer)


def entries_named(*, tournament: SwissTournament, name: str) -> list[SwissParticipant]:
    """The entries a leader means by `name` (as the pages show players): the entry of the user
    with that username, else the entries registered under that name (both case-insensitive;
    runs of spaces count as one, as in stored names). More than one: the name is ambiguous."""
    entries = SwissParticipant.objects.filter(tournament=tournament).select_related("user")
    by_user = list(entries.filter(user__username__iexact=name.strip()))
    return by_user or list(entries.filter(name__iexact=" ".join(name.split())))


def entries_named_many(
    *, tournament: SwissTournament, names: Iterable[str]
) -> dict[str, list[SwissParticipant]]:
    """`entries_named` for many names (a pasted list of lines) in one query: each name's
    entries, by the same rule (case compared by casefold)."""
    by_user: dict[str, list[SwissParticipant]] = {}
    by_name: dict[str, list[SwissParticipant]] = {}
    for entry in SwissParticipant.objects.filter(tournament=tournament).select_related("user"):
        if entry.user is not None:
            by_user.setdefault(entry.user.username.casefold(), []).append(entry)
        by_name.setdefault(" ".join(entry.name.split()).casefold(), []).append(entry)
    return {
        name: by_user.get(name.strip().casefold())
        or by_name.get(" ".join(name.split()).casefold(), [])
        for name in set(names)
    }


def boards_written_between(
    *, tournament_id: int, after_version: int, version: int
) -> QuerySet[SwissPairing]:
    """Boards whose latest result was written with a standings version in
    (`after_version`, `version`], in the order they were written."""
    return (
        SwissPairing.objects.filter(
            round__tournament_id=tournament_id,
            result_version__gt=after_version,
            result_version__lte=version,
        )
        .select_related("round", "white__user", "black__user", "no_show__user", "game")
        .only(*BOARD_FIELDS)
        .prefetch_related(
            Prefetch(
                "rating_changes",
                RatingChange.objects.only(
                    "pairing", "user", "rating_before", "rating_after"
                ).order_by(),  # one change per player and board: no order to keep
            )
        )
        .order_by("result_version")
    )


def tournaments_live(*, finished_since: datetime) -> QuerySet[SwissTournament]:
    """Events whose watchers may still be owed a push: running, or finished lately."""
    return SwissTournament.objects.filter(
        Q(status=TournamentStatus.RUNNING)
        | Q(status=TournamentStatus.FINISHED, finished_at__gte=finished_since)
    ).only("id", "status", "current_round", "standings_version", "finished_at")


def _due_by(*, by: datetime, now: datetime) -> QuerySet[SwissTournament]:
    playing = SwissRound.objects.filter(
        tournament=OuterRef("pk"), number=OuterRef("current_round")
    ).exclude(status=RoundStatus.COMPLETE)
    return (
        SwissTournament.objects.filter(
            status__in=[TournamentStatus.SCHEDULED, TournamentStatus.RUNNING],
            next_round_at__lte=by,
        )
        .exclude(pairing_until__gte=now)
        .exclude(Exists(playing))
    )


def tournaments_due(*, now: datetime | None = None) -> QuerySet[SwissTournament, int]:
    """Ids of events whose next round is due, except those a pairing run holds (its lease)
    and those whose current round is still played (a time set meanwhile waits for it)."""
    now = now or timezone.now()
    return _due_by(by=now, now=now).values_list("id", flat=True)


def tournaments_due_soon(
    *, within: timedelta, now: datetime | None = None
) -> QuerySet[SwissTournament, tuple[int, datetime | None]]:
    """(id, due time) of the events whose next round falls due in the next `within`, by the
    same rule as `tournaments_due`: each can be started at its very time, not a tick later."""
    now = now or timezone.now()
    return (
        _due_by(by=now + within, now=now)
        .filter(next_round_at__gt=now)
        .values_list("id", "next_round_at")
    )


def entry_links_unconsented() -> QuerySet[SwissParticipant]:
    """Registered entries linked to a user before consent was recorded (issue 25: a leader
    could link an entry to anyone): to review, and to unlink where the user never agreed."""
    linked = SwissParticipant.objects.filter(user__isnull=False, linked_via="").exclude(name="")
    return linked.select_related("tournament", "tournament__team", "user").order_by(
        "tournament_id", "id"
    )


def no_show_bans_active(*, tournament: SwissTournament) -> QuerySet[NoShowRecord]:
    """The hosting team's players whose no-show ban still runs, the longest first."""
    return (
        NoShowRecord.objects.filter(team_id=tournament.team_id, banned_until__gt=timezone.now())
        .select_related("user")
        .order_by("-banned_until", "user__username")
    )


@dataclass(frozen=True)
class EntryCondition:
    """One condition of entry; `met` is None for a visitor (nobody to check it against)."""

    code: str
    text: str
    met: bool | None
    detail: str = ""


def _speed_name(speed: str) -> str:
    """The speed's name (Blitz, Rapid...) in the reader's language."""
    return str(Speed(speed).label)


def _rating_label(tournament: SwissTournament, speed: str) -> str:
    low, high = tournament.min_rating, tournament.max_rating
    name = _speed_name(speed)
    if low is not None and high is not None:
        return _("%(speed)s rating from %(low)s to %(high)s") % {
            "speed": name,
            "low": low,
            "high": high,
        }
    if low is not None:
        return _("%(speed)s rating %(low)s or more") % {"speed": name, "low": low}
    if high is not None:
        return _("%(speed)s rating %(high)s or less") % {"speed": name, "high": high}
    return _("Any rating")


def entry_conditions(*, tournament: SwissTournament, user: User | None) -> list[EntryCondition]:
    """What entering takes and what the event is, each checked against the viewer: team
    membership, the rating limits (against the rating frozen at entry for the event's speed),
    the fair-play rules (account age, rated games), the password, online or over the board,
    the time control and the draw rule."""
    signed_in = user is not None
    speed = tournament.time_control.speed
    rating = user_rating(user_id=user.id, speed=speed) if user is not None else None
    if tournament.cohost_count:  # members of any of the event's teams may enter
        teams = [
            tournament.team.name,
            *tournament.cohosts.filter(status=CoHostStatus.ACCEPTED)
            .order_by("accepted_at", "id")
            .values_list("team__name", flat=True),
        ]
        team_ids = {
            tournament.team_id,
            *tournament.cohosts.filter(status=CoHostStatus.ACCEPTED).values_list(
                "team_id", flat=True
            ),
        }
        is_member = user is not None and bool(member_team_ids(user=user, team_ids=team_ids))
        text = _("Member of %(teams)s or %(last)s") % {
            "teams": ", ".join(teams[:-1]),
            "last": teams[-1],
        }
    else:
        is_member = user is not None and team_is_member(team=tournament.team, user=user)
        text = _("Member of %(team)s") % {"team": tournament.team.name}
    conditions = [EntryCondition("team", text, is_member if signed_in else None)]
    in_range = rating is not None and (
        (tournament.min_rating is None or rating >= tournament.min_rating)
        and (tournament.max_rating is None or rating <= tournament.max_rating)
    )
    conditions.append(
        EntryCondition(
            "rating",
            _rating_label(tournament, speed),
            in_range if signed_in else None,
            _("Your %(speed)s rating: %(rating)s")
            % {"speed": _speed_name(speed).lower(), "rating": rating}
            if rating is not None
            else "",
        )
    )
    conditions.extend(  # the fair-play rules, read where every join path checks them
        EntryCondition(rule.code, rule.text, rule.met, rule.detail)
        for rule in entry_rules_checked(
            min_account_age_days=tournament.min_account_age_days,
            min_rated_games=tournament.min_rated_games,
            speed=speed,
            user=user,
        )
    )
    conditions.append(
        EntryCondition(
            "password",
            _("Password needed to join") if tournament.has_password else _("No password"),
            # A password is no bar a player can be checked against: they learn it from the
            # team; the line says only that one is asked.
            True if signed_in else None,
            _("Ask the team's leaders for it.") if tournament.has_password else "",
        )
    )
    online = tournament.mode == EventMode.ONLINE
    where = _("Online, on this server") if online else _("Over the board")
    if not online and tournament.venue:
        where = _("Over the board at %(venue)s") % {"venue": tournament.venue}
    conditions.append(EntryCondition("mode", where, True if signed_in else None))
    clock = tournament.time_control
    conditions.append(
        EntryCondition(
            "time_control",
            (
                _("%(clock)s %(speed)s, rated")
                if tournament.rated
                else _("%(clock)s %(speed)s, casual")
            )
            % {"clock": clock, "speed": _speed_name(speed).lower()},
            True if signed_in else None,
        )
    )
    conditions.append(
        EntryCondition(
            "draw",
            _("No draw offers or claims before move %(move)s") % {"move": DRAW_FROM_MOVE}
            if online
            else _("Draws as agreed at the board, under the arbiter's rules"),
            True if signed_in else None,
        )
    )
    return conditions


@dataclass(frozen=True)
class GameSeat:
    """A player's game in a round that just started, and whether to take them to it."""

    user_id: int
    game_id: int
    redirect: bool


def round_game_seats(*, tournament_id: int, number: int) -> list[GameSeat]:
    """Every player (a user) with a started game in the round."""
    rows = Game.objects.filter(
        pairing__round__tournament_id=tournament_id,
        pairing__round__number=number,
        status=GameStatus.STARTED,
    ).values_list(
        "id", "white_id", "white__redirect_to_game", "black_id", "black__redirect_to_game"
    )
    seats = []
    for game_id, white_id, white_redirect, black_id, black_redirect in rows:
        for user_id, redirect in ((white_id, white_redirect), (black_id, black_redirect)):
            if user_id is not None:
                seats.append(GameSeat(user_id=user_id, game_id=game_id, redirect=bool(redirect)))
    return seats
