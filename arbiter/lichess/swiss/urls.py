"""The lichess Swiss, team and account paths, at the host root and without a trailing slash
(berserk's edit adds one: both forms)."""

from django.urls import URLPattern, path

from arbiter.lichess.swiss import (
    account,
    entries,
    events,
    exports,
    teams,
)

urlpatterns: list[URLPattern] = [
    path("api/swiss/new/<str:team_id>", events.SwissCreateApi.as_view()),
    path("api/swiss/<str:swiss_id>", events.SwissDetailApi.as_view(), name="swiss"),
    path("api/swiss/<str:swiss_id>/edit", events.SwissEditApi.as_view()),
    path("api/swiss/<str:swiss_id>/edit/", events.SwissEditSlashApi.as_view()),
    path("api/swiss/<str:swiss_id>/terminate", events.SwissTerminateApi.as_view()),
    path("api/swiss/<str:swiss_id>/schedule-next-round", events.SwissScheduleApi.as_view()),
    path("api/swiss/<str:swiss_id>/join", entries.SwissJoinApi.as_view(), name="swiss-join"),
    path("api/swiss/<str:swiss_id>/withdraw", entries.SwissWithdrawApi.as_view()),
    path("api/swiss/<str:swiss_id>/results", exports.SwissResultsApi.as_view()),
    path("api/swiss/<str:swiss_id>/games", exports.SwissGamesApi.as_view()),
    path("swiss/<str:swiss_id>.trf", exports.SwissTrfApi.as_view()),
    path("api/team/<str:team_id>", teams.TeamDetailApi.as_view()),
    path("api/team/<str:team_id>/swiss", teams.TeamSwissListApi.as_view()),
    path("api/team/<str:team_id>/users", teams.TeamUsersApi.as_view()),
    path("team/<str:team_id>/join", teams.TeamJoinApi.as_view()),
    path("team/<str:team_id>/quit", teams.TeamQuitApi.as_view()),
    path("api/account", account.AccountApi.as_view()),
]
