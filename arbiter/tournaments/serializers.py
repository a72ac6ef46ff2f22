"""Output shapes shared by the REST API and (later) the WebSocket pushes."""

from rest_framework import serializers

from arbiter.tournaments.models import SwissPairing, SwissTournament


class TournamentOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    team = serializers.SlugField(source="team.slug")
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
    tiebreak_order = serializers.ListField(child=serializers.CharField())
    regulations = serializers.CharField()
    accelerated = serializers.BooleanField()
    initial_colour = serializers.CharField()
    bye_request_limit = serializers.IntegerField()
    mode = serializers.CharField()
    standings_version = serializers.IntegerField()
    participant_count = serializers.SerializerMethodField()
    end_reason = serializers.CharField()
    finished_at = serializers.DateTimeField(allow_null=True)

    def get_participant_count(self, obj: SwissTournament) -> int:
        count = getattr(obj, "participant_count", None)
        return count if count is not None else obj.participants.count()


class SheetCellSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True)
    colour = serializers.CharField(allow_null=True)
    code = serializers.CharField(
        allow_blank=True, help_text="TRF code: 1 0 = + - U H Z, blank = pending"
    )


class StandingOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField(source="participant.rank", allow_null=True)
    rank_label = serializers.SerializerMethodField()
    username = serializers.CharField(source="participant.display_name")
    rating = serializers.IntegerField(source="participant.rating")
    pairing_number = serializers.IntegerField(source="participant.pairing_number", allow_null=True)
    status = serializers.CharField(source="participant.status")
    points = serializers.DecimalField(source="participant.points", max_digits=5, decimal_places=1)
    tiebreaks = serializers.DictField(
        source="participant.tiebreaks", child=serializers.CharField(allow_null=True)
    )
    sheet = SheetCellSerializer(many=True)
    rating_diff = serializers.SerializerMethodField(
        help_text="What this event's rated games did to the rating so far; null before one."
    )

    def get_rating_diff(self, row: object) -> int | None:
        diffs: dict[int, int] = self.context.get("rating_diffs", {})
        return diffs.get(row.participant.user_id)  # type: ignore[attr-defined]

    def get_rank_label(self, row: object) -> str | None:
        p = row.participant  # type: ignore[attr-defined]
        if p.rank is None:
            return None
        return str(p.rank) if p.rank_last in (None, p.rank) else f"{p.rank}–{p.rank_last}"


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
