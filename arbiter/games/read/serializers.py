"""The JSON shape of a game's state, for the OpenAPI schema (REST answers and the socket's
`game_state` alike; `payloads.game_payload` builds it and a test holds it to these fields)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from arbiter.games.models import GameStatus

COLOURS = [("white", "white"), ("black", "black")]


@extend_schema_serializer(component_name="GamePlayer")
class GamePlayerOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.IntegerField(help_text="At entry to the event.")
    rating_change = serializers.IntegerField(
        allow_null=True, help_text="From this game, once it is rated."
    )


@extend_schema_serializer(component_name="GameState")
class GameStateOutputSerializer(serializers.Serializer):
    """`payloads.game_payload`: the REST answer and the socket's `game_state` (docs/games.md).
    Declared here for the schema; a test holds the payload's keys to these fields."""

    id = serializers.IntegerField()
    tournament_id = serializers.IntegerField(
        allow_null=True, help_text="The individual event; null for a team event's board."
    )
    tournament_name = serializers.CharField(help_text="The event's name (either kind).")
    team_swiss_id = serializers.IntegerField(
        allow_null=True, help_text="The team event of a team board's game; else null."
    )
    table = serializers.IntegerField(
        allow_null=True, help_text="The team match's table; null for an individual event."
    )
    round = serializers.IntegerField()
    board = serializers.IntegerField()
    white = GamePlayerOutputSerializer(allow_null=True)
    black = GamePlayerOutputSerializer(allow_null=True)
    moves = serializers.CharField(allow_blank=True, help_text="Space-separated UCI.")
    san = serializers.ListField(child=serializers.CharField(), help_text="The moves in SAN.")
    legal = serializers.DictField(
        child=serializers.CharField(),
        help_text="SAN → UCI of every legal move; empty once the game is over.",
    )
    check = serializers.BooleanField()
    ply = serializers.IntegerField()
    fen = serializers.CharField()
    turn = serializers.ChoiceField(choices=COLOURS)
    wtime = serializers.IntegerField(help_text="White's time left now, ms.")
    btime = serializers.IntegerField(help_text="Black's time left now, ms.")
    winc = serializers.IntegerField(help_text="ms")
    binc = serializers.IntegerField(help_text="ms")
    clock_running = serializers.BooleanField()
    paused = serializers.BooleanField(help_text="An arbiter has stopped both clocks.")
    corrections = serializers.IntegerField(
        help_text="Arbiter corrections so far (pause, resume, time, takeback): orders states."
    )
    first_move_deadline = serializers.DateTimeField(allow_null=True)
    draw_offer = serializers.ChoiceField(choices=COLOURS, allow_null=True)
    status = serializers.ChoiceField(choices=GameStatus.choices)
    winner = serializers.ChoiceField(choices=COLOURS, allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    server_time = serializers.IntegerField(help_text="ms since the epoch")
