"""Output shapes shared by the REST API and (later) the WebSocket pushes."""

from rest_framework import serializers

from arbiter.tournaments.models import SwissTournament


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
    username = serializers.CharField(source="participant.user.username")
    rating = serializers.IntegerField(source="participant.rating")
    pairing_number = serializers.IntegerField(source="participant.pairing_number", allow_null=True)
    status = serializers.CharField(source="participant.status")
    points = serializers.DecimalField(source="participant.points", max_digits=5, decimal_places=1)
    tiebreaks = serializers.DictField(
        source="participant.tiebreaks", child=serializers.CharField(allow_null=True)
    )
    sheet = SheetCellSerializer(many=True)

    def get_rank_label(self, row: object) -> str | None:
        p = row.participant  # type: ignore[attr-defined]
        if p.rank is None:
            return None
        return str(p.rank) if p.rank_last in (None, p.rank) else f"{p.rank}–{p.rank_last}"


class PairingOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    board = serializers.IntegerField()
    white = serializers.CharField(source="white.user.username")
    black = serializers.CharField(source="black.user.username")
    result = serializers.CharField(allow_blank=True)
    disputed = serializers.BooleanField()
    no_show = serializers.SerializerMethodField()

    def get_no_show(self, obj: object) -> str | None:
        no_show = obj.no_show  # type: ignore[attr-defined]
        return no_show.user.username if no_show else None


class ByeOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="participant.user.username")
    kind = serializers.CharField(help_text="U pairing bye (1), H half-point bye, Z zero-point bye")


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
