"""The shapes of the over-the-board games' answers, declared for the schema (the browser's
types are generated from it); the payloads are built by `live.payloads` and the upload's
report by the view, and tests hold both to these fields."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from arbiter.otb.models import OtbResult
from arbiter.otb.rules.outcomes import ResultEntry


@extend_schema_serializer(component_name="OtbPlayer")
class OtbPlayerSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="The registered name, else the username.")
    username = serializers.CharField(allow_null=True)
    rating = serializers.IntegerField()
    title = serializers.CharField(allow_blank=True)
    fide_id = serializers.CharField(allow_blank=True)


@extend_schema_serializer(component_name="OtbResultEntry")
class ResultEntrySerializer(serializers.Serializer):
    """What the game's result did to the board's (docs/otb-games.md, "The result")."""

    status = serializers.ChoiceField(choices=[status.value for status in ResultEntry])
    message = serializers.CharField()


@extend_schema_serializer(component_name="OtbGame")
class OtbGameOutputSerializer(serializers.Serializer):
    """An over-the-board board's game (`live.payloads.game_payload`)."""

    pairing_id = serializers.IntegerField()
    tournament_id = serializers.IntegerField()
    round = serializers.IntegerField()
    board = serializers.IntegerField()
    white = OtbPlayerSerializer()
    black = OtbPlayerSerializer()
    moves = serializers.CharField(allow_blank=True, help_text="Space-separated UCI moves.")
    uci = serializers.ListField(child=serializers.CharField())
    san = serializers.ListField(child=serializers.CharField())
    fens = serializers.ListField(
        child=serializers.CharField(),
        help_text="The position before the first move, then after each move (ply + 1 items).",
    )
    ply = serializers.IntegerField()
    result = serializers.ChoiceField(
        choices=OtbResult.values, help_text="The game's own result, `*` while it is entered."
    )
    board_result = serializers.CharField(
        allow_blank=True, help_text="The board's result in the event (empty: none yet)."
    )
    disputed = serializers.BooleanField()
    tags = serializers.DictField(child=serializers.CharField())
    started_at = serializers.DateTimeField(allow_null=True)
    entered_by = serializers.CharField(allow_null=True)
    by_leader = serializers.BooleanField()
    entered_at = serializers.DateTimeField(allow_null=True)
    pgn = serializers.CharField(help_text="The board as the broadcast feed writes it.")


@extend_schema_serializer(component_name="OtbGameSaved")
class OtbGameSavedSerializer(OtbGameOutputSerializer):
    """A saved game, and what its result did to the board's."""

    result_entry = ResultEntrySerializer()


@extend_schema_serializer(component_name="OtbUploadedGame")
class UploadedGameSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="1 for the file's first game.")
    white = serializers.CharField(allow_blank=True)
    black = serializers.CharField(allow_blank=True)
    round_tag = serializers.CharField(allow_blank=True)
    board = serializers.IntegerField(
        allow_null=True, help_text="The board matched, or the one the game most likely is."
    )
    status = serializers.ChoiceField(
        choices=[
            "saved",
            "disputed",
            "no_board",
            "name_mismatch",
            "different_boards",
            "colours_swapped",
            "other_round",
            "duplicate",
            "empty",
            "illegal_move",
            "unreadable",
        ]
    )
    message = serializers.CharField()
    result = serializers.CharField(allow_null=True)
    result_entry = ResultEntrySerializer(allow_null=True)


@extend_schema_serializer(component_name="OtbRoundUpload")
class RoundUploadOutputSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    saved = serializers.IntegerField()
    games = UploadedGameSerializer(many=True)
    boards_without_game = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The round's boards that have no game after the upload (forfeits aside).",
    )
