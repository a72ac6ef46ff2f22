"""Output shapes shared by the REST API and (later) the WebSocket pushes.

The shapes a live push sends many of (standing rows with their sheets, boards) build their
dicts in `to_representation` directly: DRF's per-field machinery (get_attribute through the
source path, `_readable_fields`, one call per field) was most of a push's CPU. The declared
fields stay the schema drf-spectacular reads, and tests hold each fast path to what the
generic `Serializer.to_representation` returns for the same rows.
"""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from arbiter.games.rules import FIRST_MOVE_SECONDS
from arbiter.tournaments.models import (
    ParticipantStatus,
    PauseReason,
    PrizeCategory,
    SwissPairing,
    SwissTournament,
)
from arbiter.tournaments.read.schedule import checkin_opens_at, round_times_list
from arbiter.tournaments.read.selectors import own_row_only, round_started_at

_DATETIME = serializers.DateTimeField()


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


class CoHostOutputSerializer(serializers.Serializer):
    team = serializers.SlugField(source="team.slug")
    team_name = serializers.CharField(source="team.name")
    status = serializers.ChoiceField(choices=["invited", "accepted"])
    invited_at = serializers.DateTimeField()
    accepted_at = serializers.DateTimeField(allow_null=True)


class TeamStandingOutputSerializer(serializers.Serializer):
    """A team's row in a co-hosted event: the sum of its best `team_standings_top` players'
    points; equal totals share their places (docs/teams.md)."""

    rank = serializers.IntegerField()
    rank_last = serializers.IntegerField()
    rank_label = serializers.CharField(help_text='"2" or, for a shared place, "2–3".')
    team = serializers.SlugField()
    name = serializers.CharField()
    points = serializers.DecimalField(max_digits=7, decimal_places=1)
    counted = serializers.ListField(
        child=serializers.CharField(), help_text="The players counted, best first."
    )
    players = serializers.IntegerField(help_text="The team's entries.")


class ArbiterOutputSerializer(serializers.Serializer):
    """A deputy arbiter of the event (the TRF's 112): the name as FIDE lists it."""

    name = serializers.CharField()
    fide_id = serializers.CharField(allow_blank=True)


class TournamentOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    team = serializers.SlugField(source="team.slug")
    team_name = serializers.CharField(source="team.name")
    created_by = serializers.CharField(source="created_by.username")
    status = serializers.CharField()
    rated = serializers.BooleanField()
    has_password = serializers.BooleanField()
    clock_limit_seconds = serializers.IntegerField(source="time_control.limit_seconds")
    clock_increment_seconds = serializers.IntegerField(source="time_control.increment_seconds")
    speed = serializers.CharField(source="time_control.speed")
    num_rounds = serializers.IntegerField()
    current_round = serializers.IntegerField()
    start_time = serializers.DateTimeField()
    round_interval_seconds = serializers.IntegerField(allow_null=True)
    next_round_at = serializers.DateTimeField(allow_null=True)
    min_rating = serializers.IntegerField(allow_null=True)
    max_rating = serializers.IntegerField(allow_null=True)
    min_account_age_days = serializers.IntegerField(allow_null=True)
    min_rated_games = serializers.IntegerField(allow_null=True)
    tiebreak_order = serializers.ListField(child=serializers.CharField())
    regulations = serializers.CharField()
    accelerated = serializers.BooleanField()
    initial_colour = serializers.CharField()
    bye_request_limit = serializers.IntegerField()
    mode = serializers.CharField()
    venue = serializers.CharField(help_text="Where an over-the-board event is played.")
    federation = serializers.CharField(help_text="The organising federation (FIDE code).")
    chief_arbiter_name = serializers.CharField()
    chief_arbiter_fide_id = serializers.CharField()
    deputy_arbiters = ArbiterOutputSerializer(many=True)
    pairing_mode = serializers.CharField(help_text="engine, or manual: leaders pair every round.")
    standings_hidden = serializers.BooleanField(
        help_text="Players see only their own row until the event ends."
    )
    disqualification_games = serializers.CharField(
        help_text="stand, or forfeit: a disqualified player's past games become forfeits."
    )
    standings_version = serializers.IntegerField()
    tiebreaks_after_round = serializers.IntegerField(
        help_text="The standings' tie-breaks are those after this round, the last one with "
        "every board's result (0: none yet); points count every result."
    )
    participant_count = serializers.SerializerMethodField()
    cohosts = serializers.SerializerMethodField(
        help_text="Teams invited to co-host (status invited) and co-hosting (accepted)."
    )
    teammates_do_not_meet = serializers.BooleanField()
    teammates_rounds = serializers.IntegerField(
        allow_null=True, help_text="Teammates kept apart in the first N rounds; null = all."
    )
    team_standings_top = serializers.IntegerField(
        help_text="The team standings add up each team's best N players."
    )
    end_reason = serializers.CharField()
    started_at = serializers.SerializerMethodField(
        help_text="When round 1 was paired, the event's actual start (start_time is the listed "
        "one); null before it."
    )
    finished_at = serializers.DateTimeField(allow_null=True)
    round_times = serializers.SerializerMethodField(
        help_text="The listed start of each round, in order (UTC; item i is round i + 1's). "
        "Rounds beyond the list follow the interval, or a leader in manual mode."
    )
    registration_deadline = serializers.DateTimeField(
        allow_null=True, help_text="Joins close at this time; null: no deadline."
    )
    checkin_minutes = serializers.IntegerField(
        allow_null=True,
        help_text="Check-in opens this many minutes before round 1; null: no check-in.",
    )
    checkin_opens_at = serializers.SerializerMethodField(
        help_text="When check-in opens (it closes when round 1 is paired); null: no check-in."
    )
    no_show_seconds = serializers.IntegerField(
        allow_null=True,
        help_text="An online game's first-move deadline; null: the default for the speed.",
    )
    no_show_seconds_default = serializers.SerializerMethodField(
        help_text="The first-move deadline by speed, used when no_show_seconds is null."
    )

    # Strings as DRF writes a DateTimeField: a push is plain json.dumps, not DRF's encoder.
    @extend_schema_field(serializers.ListField(child=serializers.DateTimeField()))
    def get_round_times(self, obj: SwissTournament) -> list[str]:
        return [_DATETIME.to_representation(at) for at in round_times_list(tournament=obj)]

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_checkin_opens_at(self, obj: SwissTournament) -> str | None:
        opens = checkin_opens_at(tournament=obj)
        return None if opens is None else _DATETIME.to_representation(opens)

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_started_at(self, obj: SwissTournament) -> str | None:
        if obj.current_round == 0:  # nothing paired yet (or ended before round 1)
            return None
        # Annotated by `tournament_list`; one query otherwise.
        started = getattr(obj, "started_at", None)
        if not hasattr(obj, "started_at"):
            started = round_started_at(tournament=obj, number=1)
        return None if started is None else _DATETIME.to_representation(started)

    def get_no_show_seconds_default(self, obj: SwissTournament) -> int:
        return FIRST_MOVE_SECONDS[obj.time_control.speed]

    def get_participant_count(self, obj: SwissTournament) -> int:
        count = getattr(obj, "participant_count", None)
        return count if count is not None else obj.participants.count()

    @extend_schema_field(CoHostOutputSerializer(many=True))
    def get_cohosts(self, obj: SwissTournament) -> list[dict[str, Any]]:
        # Prefetched with the team by `tournament_list`; one query otherwise.
        prefetched = "cohosts" in getattr(obj, "_prefetched_objects_cache", {})
        rows = obj.cohosts.all() if prefetched else obj.cohosts.select_related("team")
        return list(CoHostOutputSerializer(rows, many=True).data)


class SheetCellSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True)
    colour = serializers.CharField(allow_null=True)
    code = serializers.CharField(
        allow_blank=True, help_text="TRF code: 1 0 = + - U H Z, blank = pending"
    )
    not_yet_joined = serializers.BooleanField(
        help_text="The round was played before the player joined (shown as such, not as an "
        "absence); `code` keeps the TRF's fact for it (H for the first, Z after)."
    )

    def to_representation(self, instance: Any) -> dict[str, Any]:
        return {
            "round": _int(instance["round"]),
            "opponent": _str(instance["opponent"]),
            "colour": _str(instance["colour"]),
            "code": _str(instance["code"]),
            "not_yet_joined": bool(instance["not_yet_joined"]),
        }


def _tiebreaks(p: Any) -> dict[str, str | None] | None:
    if own_row_only(p):  # others' points (a Buchholz is the opponents' scores)
        return {}
    if p.tiebreaks is None:
        return None
    return {str(k): None if v is None else str(v) for k, v in p.tiebreaks.items()}


class _TiebreaksField(serializers.DictField):
    """A standing row's tie-breaks: none on a player's own row under hidden standings."""

    def get_attribute(self, instance: Any) -> Any:
        return _tiebreaks(instance.participant)


def pause_reason(participant: Any) -> str:
    """Why a paused entry sits out; blank unless paused (or paused before reasons were kept)."""
    return str(participant.pause_reason) if participant.status == ParticipantStatus.PAUSED else ""


# What the browser says of a paused entry ("You did not check in for round 1…").
PAUSE_REASON_FIELD = serializers.ChoiceField(
    choices=[reason for reason in PauseReason.values if reason],
    allow_blank=True,
    help_text="Why a paused entry sits out: withdrew (the player), arbiter (a leader withdrew "
    "them), no_check_in (not checked in when round 1 was paired), no_show; blank unless paused "
    "(or paused before the reason was recorded).",
)


class StandingOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="participant.id", help_text="The entry's id.")
    rank = serializers.IntegerField(source="participant.rank", allow_null=True)
    rank_label = serializers.SerializerMethodField()
    username = serializers.CharField(source="participant.display_name")
    rating = serializers.IntegerField(source="participant.rating")
    pairing_number = serializers.IntegerField(source="participant.pairing_number", allow_null=True)
    status = serializers.CharField(source="participant.status")
    pause_reason = serializers.SerializerMethodField(help_text=PAUSE_REASON_FIELD.help_text)
    checked_in = serializers.SerializerMethodField(
        help_text="Checked in for round 1 (events with a check-in window)."
    )
    points = serializers.DecimalField(source="participant.points", max_digits=5, decimal_places=1)
    tiebreaks = _TiebreaksField(child=serializers.CharField(allow_null=True))
    sheet = SheetCellSerializer(many=True)
    rating_diff = serializers.SerializerMethodField(
        help_text="What this event's rated games did to the rating so far; null before one."
    )
    team = serializers.SerializerMethodField(
        help_text="A co-hosted event: the slug of the team the player plays for; null when "
        "the event has one team (the host)."
    )

    def to_representation(self, instance: Any) -> dict[str, Any]:
        p = instance.participant
        cell = self.fields["sheet"].child.to_representation  # type: ignore[attr-defined]
        return {
            "id": _int(p.id),
            "rank": _int(p.rank),
            "rank_label": self.get_rank_label(instance),
            "username": _str(p.display_name),
            "rating": _int(p.rating),
            "pairing_number": _int(p.pairing_number),
            "status": _str(p.status),
            "pause_reason": pause_reason(p),
            "checked_in": self.get_checked_in(instance),
            "points": None
            if p.points is None
            else self.fields["points"].to_representation(p.points),
            "tiebreaks": _tiebreaks(p),
            "sheet": None if instance.sheet is None else [cell(c) for c in instance.sheet],
            "rating_diff": self.get_rating_diff(instance),
            "team": self.get_team(instance),
        }

    def get_team(self, row: object) -> str | None:
        # context["teams"]: team id -> slug; "host": the host's id (an entry without a team).
        teams: dict[int, str] = self.context.get("teams", {})
        p = row.participant  # type: ignore[attr-defined]
        team_id: int | None = p.team_id or self.context.get("host")
        return teams.get(team_id) if team_id is not None else None

    @extend_schema_field(PAUSE_REASON_FIELD)
    def get_pause_reason(self, row: object) -> str:
        return pause_reason(row.participant)  # type: ignore[attr-defined]

    def get_checked_in(self, row: object) -> bool:
        return row.participant.checked_in_at is not None  # type: ignore[attr-defined]

    def get_rating_diff(self, row: object) -> int | None:
        diffs: dict[int, int] = self.context.get("rating_diffs", {})
        return diffs.get(row.participant.user_id)  # type: ignore[attr-defined]

    def get_rank_label(self, row: object) -> str | None:
        p = row.participant  # type: ignore[attr-defined]
        if p.rank is None:
            return None
        if own_row_only(p) or p.rank_last in (None, p.rank):
            return str(p.rank)  # a shared place's range says how many others share it
        return f"{p.rank}–{p.rank_last}"


class PairingOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    board = serializers.IntegerField()
    white = serializers.CharField(source="white.display_name")
    black = serializers.CharField(source="black.display_name")
    result = serializers.CharField(allow_blank=True)
    disputed = serializers.BooleanField()
    white_report = serializers.CharField(
        allow_blank=True, help_text="What white's player reported; blank = no report."
    )
    black_report = serializers.CharField(
        allow_blank=True, help_text="What black's player reported; blank = no report."
    )
    no_show = serializers.SerializerMethodField()
    white_rating = serializers.IntegerField(source="white.rating", help_text="Frozen at entry.")
    black_rating = serializers.IntegerField(source="black.rating", help_text="Frozen at entry.")
    white_rating_diff = serializers.SerializerMethodField(
        help_text="What this game did to white's rating (+12, -8); null unless rated."
    )
    black_rating_diff = serializers.SerializerMethodField(
        help_text="What this game did to black's rating; null unless rated."
    )

    game_id = serializers.SerializerMethodField(help_text="The online game; null over the board.")

    def to_representation(self, instance: Any) -> dict[str, Any]:
        white, black = instance.white, instance.black
        diffs: dict[int, int] = {}
        for change in instance.rating_changes.all():  # one change per player and board
            diffs.setdefault(
                change.user_id, round(change.rating_after) - round(change.rating_before)
            )
        return {
            "id": _int(instance.id),
            "board": _int(instance.board),
            "white": _str(white.display_name),
            "black": _str(black.display_name),
            "result": _str(instance.result),
            "disputed": None if instance.disputed is None else bool(instance.disputed),
            "white_report": _str(instance.white_report),
            "black_report": _str(instance.black_report),
            "no_show": self.get_no_show(instance),
            "white_rating": _int(white.rating),
            "black_rating": _int(black.rating),
            "white_rating_diff": diffs.get(white.user_id),
            "black_rating_diff": diffs.get(black.user_id),
            "game_id": self.get_game_id(instance),
        }

    def get_game_id(self, obj: SwissPairing) -> int | None:
        game = getattr(obj, "game", None)  # the reverse one-to-one raises AttributeError if none
        return game.id if game is not None else None

    def get_no_show(self, obj: object) -> str | None:
        no_show = obj.no_show  # type: ignore[attr-defined]
        return no_show.user.username if no_show else None

    def _rating_diff(self, obj: SwissPairing, user_id: int | None) -> int | None:
        for change in obj.rating_changes.all():
            if change.user_id == user_id:
                return round(change.rating_after) - round(change.rating_before)
        return None

    def get_white_rating_diff(self, obj: SwissPairing) -> int | None:
        return self._rating_diff(obj, obj.white.user_id)

    def get_black_rating_diff(self, obj: SwissPairing) -> int | None:
        return self._rating_diff(obj, obj.black.user_id)


class ByeOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="participant.display_name")
    kind = serializers.CharField(
        help_text="U pairing bye (1), F full-point bye (1, imported events), H half-point bye, "
        "Z zero-point bye"
    )
    not_yet_joined = serializers.SerializerMethodField(
        help_text="The player joined after this round: not an absence (kind stays the TRF's)."
    )

    def get_not_yet_joined(self, entry: Any) -> bool:
        return bool(entry.round.number <= entry.participant.joined_after_round)


class RoundOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    started_at = serializers.DateTimeField(allow_null=True)
    completed_at = serializers.DateTimeField(allow_null=True)
    manual = serializers.BooleanField()
    engine = serializers.CharField()


class RoundDetailOutputSerializer(RoundOutputSerializer):
    pairings = PairingOutputSerializer(many=True)
    byes = ByeOutputSerializer(many=True)


class PrizeOutputSerializer(serializers.Serializer):
    """A row of the prize table; `winner` and `received` are null until the event is over
    (docs/prizes.md)."""

    id = serializers.IntegerField(source="prize.id")
    category = serializers.ChoiceField(source="prize.category", choices=PrizeCategory.values)
    place = serializers.IntegerField(source="prize.place")
    amount = serializers.DecimalField(
        source="prize.amount", max_digits=10, decimal_places=2, allow_null=True
    )
    label = serializers.CharField(source="prize.label")  # type: ignore[assignment]
    rating_min = serializers.IntegerField(source="prize.rating_min", allow_null=True)
    rating_max = serializers.IntegerField(source="prize.rating_max", allow_null=True)
    born_from = serializers.IntegerField(source="prize.born_from", allow_null=True)
    born_before = serializers.IntegerField(source="prize.born_before", allow_null=True)
    winner = serializers.CharField(allow_null=True, help_text="Null before the end, or unwon.")
    received = serializers.DecimalField(
        max_digits=10,
        decimal_places=2,
        allow_null=True,
        help_text="What the winner is paid: the amount, or their Hort share.",
    )
    shared_with = serializers.ListField(
        child=serializers.CharField(), help_text="The others of a Hort group."
    )


class PrizeTableOutputSerializer(serializers.Serializer):
    sharing = serializers.ChoiceField(choices=["tiebreaks", "hort"])
    final = serializers.BooleanField(help_text="The event is over: the winners are shown.")
    prizes = PrizeOutputSerializer(many=True)
