"""The lichess Board API: the event and game streams, and the board actions. No trailing
slash, as lichess; `claim-victory/` too, which berserk sends."""

from django.urls import URLPattern, path

from arbiter.lichess.board import actions, streams

GAME = "api/board/game/<str:game_id>"

urlpatterns: list[URLPattern] = [
    path("api/stream/event", streams.event_stream, name="board-event-stream"),
    path("api/board/game/stream/<str:game_id>", streams.game_stream, name="board-game-stream"),
    path(f"{GAME}/move/<str:uci>", actions.BoardMoveApi.as_view(), name="board-move"),
    path(f"{GAME}/resign", actions.BoardResignApi.as_view(), name="board-resign"),
    path(f"{GAME}/abort", actions.BoardAbortApi.as_view(), name="board-abort"),
    path(f"{GAME}/draw/<str:answer>", actions.BoardDrawApi.as_view(), name="board-draw"),
    path(f"{GAME}/claim-victory", actions.BoardNoOpApi.as_view(), name="board-claim-victory"),
    path(f"{GAME}/claim-victory/", actions.BoardClaimVictorySlashApi.as_view()),
    path(f"{GAME}/takeback/<str:answer>", actions.BoardNoOpApi.as_view(), name="board-takeback"),
    path(f"{GAME}/chat", actions.BoardChatApi.as_view(), name="board-chat"),
    path(f"{GAME}/berserk", actions.BoardBerserkApi.as_view(), name="board-berserk"),
]
