from django.urls import path

from arbiter.games.api import arbitration, play

urlpatterns = [
    path("<int:game_id>/", play.GameDetailApi.as_view(), name="detail"),
    path("<int:game_id>/move/<str:uci>/", play.GameMoveApi.as_view(), name="move"),
    path("<int:game_id>/resign/", play.GameResignApi.as_view(), name="resign"),
    path("<int:game_id>/draw/<str:answer>/", play.GameDrawApi.as_view(), name="draw"),
    path("<int:game_id>/pgn/", play.GamePgnApi.as_view(), name="pgn"),
]

# The arbiter inside a game (arbitration).
urlpatterns += [
    path("calls/", arbitration.ArbiterCallQueueApi.as_view(), name="calls"),
    path(
        "calls/<int:call_id>/close/",
        arbitration.ArbiterCallCloseApi.as_view(),
        name="call-close",
    ),
    path("<int:game_id>/calls/", arbitration.GameCallListApi.as_view(), name="game-calls"),
    path("<int:game_id>/call/", arbitration.GameCallOpenApi.as_view(), name="call"),
    path("<int:game_id>/pause/", arbitration.GamePauseApi.as_view(), name="pause"),
    path("<int:game_id>/resume/", arbitration.GameResumeApi.as_view(), name="resume"),
    path("<int:game_id>/time/", arbitration.GameTimeAddApi.as_view(), name="time"),
    path("<int:game_id>/takeback/", arbitration.GameTakebackApi.as_view(), name="takeback"),
    path("<int:game_id>/result/", arbitration.GameAdjudicateApi.as_view(), name="result"),
]
