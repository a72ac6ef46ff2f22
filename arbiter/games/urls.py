from django.urls import path

from arbiter.games import apis, arbitration_apis

urlpatterns = [
    path("<int:game_id>/", apis.GameDetailApi.as_view(), name="detail"),
    path("<int:game_id>/move/<str:uci>/", apis.GameMoveApi.as_view(), name="move"),
    path("<int:game_id>/resign/", apis.GameResignApi.as_view(), name="resign"),
    path("<int:game_id>/draw/<str:answer>/", apis.GameDrawApi.as_view(), name="draw"),
    path("<int:game_id>/pgn/", apis.GamePgnApi.as_view(), name="pgn"),
]

# The arbiter inside a game (arbitration_apis).
urlpatterns += [
    path("calls/", arbitration_apis.ArbiterCallQueueApi.as_view(), name="calls"),
    path(
        "calls/<int:call_id>/close/",
        arbitration_apis.ArbiterCallCloseApi.as_view(),
        name="call-close",
    ),
    path("<int:game_id>/calls/", arbitration_apis.GameCallListApi.as_view(), name="game-calls"),
    path("<int:game_id>/call/", arbitration_apis.GameCallOpenApi.as_view(), name="call"),
    path("<int:game_id>/pause/", arbitration_apis.GamePauseApi.as_view(), name="pause"),
    path("<int:game_id>/resume/", arbitration_apis.GameResumeApi.as_view(), name="resume"),
    path("<int:game_id>/time/", arbitration_apis.GameTimeAddApi.as_view(), name="time"),
    path("<int:game_id>/takeback/", arbitration_apis.GameTakebackApi.as_view(), name="takeback"),
    path("<int:game_id>/result/", arbitration_apis.GameAdjudicateApi.as_view(), name="result"),
]
