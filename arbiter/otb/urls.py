from django.urls import path

from arbiter.otb import api

# Mounted under /api/tournaments/swiss/ (arbiter.api.urls), beside the event's own paths.
urlpatterns = [
    path(
        "<int:tournament_id>/pairings/<int:pairing_id>/game/",
        api.OtbGameApi.as_view(),
        name="game",
    ),
    path(
        "<int:tournament_id>/rounds/<int:number>/pgn/",
        api.RoundPgnUploadApi.as_view(),
        name="round-pgn",
    ),
    path("<int:tournament_id>/games/", api.EventGamesPgnApi.as_view(), name="games-pgn"),
]

# The broadcast feeds at the host's root (config/urls.py), beside the calendar feeds: the
# URLs a lichess broadcast round polls. The numbers are read by the view, so that a path
# that is no number gets the feed's 404, not the browser app's page.
feed_urlpatterns = [
    path("swiss/<str:tournament_id>/round/<str:number>.pgn", api.RoundPgnFeedApi.as_view()),
    path("swiss/<str:tournament_id>.pgn", api.EventPgnFeedApi.as_view()),
]
