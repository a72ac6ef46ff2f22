"""The Board API in the OpenAPI schema. The actions are DRF views and document themselves; the
two streams are async Django views, which the schema generator does not see, so
`board_streams_hook` adds their paths, each line shape a component declared here."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from arbiter.common.schema import hook_schema
from arbiter.lichess.board.lines import STATUS_IDS
from arbiter.lichess.schema import LichessErrorSerializer, LichessTokenScheme

COLOURS = ["white", "black"]


@extend_schema_serializer(component_name="BoardChatMessage")
class BoardChatInputSerializer(serializers.Serializer):
    room = serializers.ChoiceField(choices=["player", "spectator"])
    text = serializers.CharField()


def _line_type(kind: str) -> serializers.CharField:
    @extend_schema_field({"type": "string", "enum": [kind]})
    class LineType(serializers.CharField):
        pass

    return LineType()


class _Expiration(serializers.Serializer):
    # lichess's field names, camelCase as on the wire.
    idleMillis = serializers.IntegerField()
    millisToMove = serializers.IntegerField(
        help_text="What is left of the first-move window is `millisToMove - idleMillis`."
    )


@extend_schema_serializer(component_name="BoardGameStateLine")
class GameStateLineSerializer(serializers.Serializer):
    type = _line_type("gameState")
    moves = serializers.CharField(allow_blank=True, help_text="Every move, UCI, space-separated.")
    wtime = serializers.IntegerField(help_text="ms")
    btime = serializers.IntegerField(help_text="ms")
    winc = serializers.IntegerField(help_text="ms")
    binc = serializers.IntegerField(help_text="ms")
    status = serializers.ChoiceField(choices=list(STATUS_IDS))
    wdraw = serializers.BooleanField(required=False, help_text="Only when white offers a draw.")
    bdraw = serializers.BooleanField(required=False, help_text="Only when black offers a draw.")
    winner = serializers.ChoiceField(choices=COLOURS, required=False)
    expiration = _Expiration(required=False, help_text="Before both first moves.")
    paused = serializers.BooleanField(
        required=False, help_text="Arbiter's own: only while an arbiter has stopped both clocks."
    )


class _FullPlayer(serializers.Serializer):
    id = serializers.CharField(help_text="The lowercased username, as `/api/account`'s `id`.")
    name = serializers.CharField()
    title = serializers.CharField(allow_null=True)
    rating = serializers.IntegerField(help_text="At entry to the event.")


class _Variant(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    short = serializers.CharField(required=False)


class _Perf(serializers.Serializer):
    name = serializers.CharField()


class _Clock(serializers.Serializer):
    initial = serializers.IntegerField(help_text="ms")
    increment = serializers.IntegerField(help_text="ms")


@extend_schema_serializer(component_name="BoardGameFullLine")
class GameFullLineSerializer(serializers.Serializer):
    type = _line_type("gameFull")
    id = serializers.CharField()
    variant = _Variant()
    speed = serializers.CharField()
    perf = _Perf()
    rated = serializers.BooleanField()
    createdAt = serializers.IntegerField(help_text="ms since the epoch")
    white = _FullPlayer()
    black = _FullPlayer()
    initialFen = serializers.CharField()
    clock = _Clock()
    state = GameStateLineSerializer()


class _Status(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.ChoiceField(choices=list(STATUS_IDS))


class _Opponent(serializers.Serializer):
    id = serializers.CharField()
    username = serializers.CharField()
    rating = serializers.IntegerField()
    ratingDiff = serializers.IntegerField(required=False)


class _Compat(serializers.Serializer):
    bot = serializers.BooleanField()
    board = serializers.BooleanField()


@extend_schema_serializer(component_name="BoardEventGame")
class EventGameSerializer(serializers.Serializer):
    fullId = serializers.CharField()
    gameId = serializers.CharField()
    id = serializers.CharField()
    fen = serializers.CharField()
    color = serializers.ChoiceField(choices=COLOURS)
    lastMove = serializers.CharField(allow_blank=True)
    # lichess's name; DRF's Field has a `source` attribute of its own, which mypy sees clash.
    source = serializers.CharField(help_text="`swiss`")  # type: ignore[assignment]
    swissId = serializers.CharField()
    status = _Status()
    variant = _Variant()
    speed = serializers.CharField()
    perf = serializers.CharField()
    rated = serializers.BooleanField()
    hasMoved = serializers.BooleanField()
    opponent = _Opponent()
    isMyTurn = serializers.BooleanField()
    secondsLeft = serializers.IntegerField()
    compat = _Compat()
    winner = serializers.ChoiceField(choices=COLOURS, required=False, help_text="gameFinish")
    ratingDiff = serializers.IntegerField(required=False, help_text="gameFinish, once rated")


@extend_schema_serializer(component_name="BoardGameStartLine")
class GameStartLineSerializer(serializers.Serializer):
    type = _line_type("gameStart")
    game = EventGameSerializer()


@extend_schema_serializer(component_name="BoardGameFinishLine")
class GameFinishLineSerializer(serializers.Serializer):
    type = _line_type("gameFinish")
    game = EventGameSerializer()


NDJSON_NOTE = (
    "NDJSON (`application/x-ndjson`, whatever `Accept` says): one JSON object a line, and an "
    "empty line about every 6 s to keep the connection alive."
)
STREAMS: list[dict[str, Any]] = [
    {
        "path": "/api/stream/event",
        "operationId": "lichess_stream_event",
        "summary": "The player's games as they start and end",
        "description": "A `gameStart` line for each game the token's user plays now, then "
        "`gameStart` and `gameFinish` as their games begin and end. " + NDJSON_NOTE,
        "lines": [GameStartLineSerializer, GameFinishLineSerializer],
        "errors": {401: "No or unknown token"},
    },
    {
        "path": "/api/board/game/stream/{game_id}",
        "operationId": "lichess_board_game_stream",
        "summary": "A game's state as it changes (players only)",
        "description": "`gameFull` first, then a `gameState` after every change (a move, a "
        "draw offer or its answer, the end); closed after the final state, or right after "
        "`gameFull` when the game is already over. " + NDJSON_NOTE,
        "lines": [GameFullLineSerializer, GameStateLineSerializer],
        "errors": {401: "No or unknown token", 404: "`No such game` / `Not your game`"},
    },
]


def board_streams_hook(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    schema = hook_schema(generator, "/api/")
    error = schema.resolve_serializer(LichessErrorSerializer, "response").ref
    for stream in STREAMS:
        refs = [schema.resolve_serializer(line, "response").ref for line in stream["lines"]]
        responses: dict[str, Any] = {
            "200": {
                "description": "The lines, one of these each",
                "content": {"application/x-ndjson": {"schema": {"oneOf": refs}}},
            }
        }
        for code, meaning in stream["errors"].items():
            responses[str(code)] = {
                "description": meaning,
                "content": {"application/json": {"schema": error}},
            }
        parameters = [
            {"in": "path", "name": "game_id", "required": True, "schema": {"type": "string"}}
        ]
        result["paths"][stream["path"]] = {
            "get": {
                "operationId": stream["operationId"],
                "summary": stream["summary"],
                "description": stream["description"],
                "tags": ["lichess"],
                "security": [{"lichessToken": []}],
                "parameters": parameters if "{game_id}" in stream["path"] else [],
                "responses": responses,
            }
        }
    components = result.setdefault("components", {})
    components.setdefault("securitySchemes", {})["lichessToken"] = (
        LichessTokenScheme.get_security_definition(LichessTokenScheme(None), schema)
    )
    result["paths"] = dict(sorted(result["paths"].items()))
    return result
