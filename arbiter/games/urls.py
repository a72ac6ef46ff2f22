from django.urls import path

from arbiter.games import apis

urlpatterns = [
    path("<int:game_id>/", apis.GameDetailApi.as_view(), name="detail"),
    path("<int:game_id>/move/<str:uci>/", apis.GameMoveApi.as_view(), name="move"),
    path("<int:game_id>/resign/", apis.GameResignApi.as_view(), name="resign"),
    path("<int:game_id>/draw/<str:answer>/", apis.GameDrawApi.as_view(), name="draw"),
    path("<int:game_id>/pgn/", apis.GamePgnApi.as_view(), name="pgn"),
]
