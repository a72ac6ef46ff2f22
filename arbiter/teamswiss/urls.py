from django.urls import path

from arbiter.teamswiss.api import (
    audit,
    events,
    invitations,
    players,
    rating_report,
    rounds,
    standings,
    teams,
    tiebreaks,
    trf,
)

urlpatterns = [
    path("", events.TeamSwissListCreateApi.as_view(), name="list"),
    path("import/", trf.TeamSwissTrfImportApi.as_view(), name="import"),
    path("invitations/", invitations.TeamSwissInvitationListApi.as_view(), name="invitations"),
    path("tiebreaks/", tiebreaks.TeamSwissTiebreakCatalogueApi.as_view(), name="tiebreaks"),
    path("<int:event_id>/", events.TeamSwissDetailApi.as_view(), name="detail"),
    path("<int:event_id>/teams/", teams.TeamSwissTeamRegisterApi.as_view(), name="teams"),
    path("<int:event_id>/teams/<int:tpn>/", teams.TeamSwissTeamUpdateApi.as_view(), name="team"),
    path(
        "<int:event_id>/teams/<int:tpn>/withdraw/",
        teams.TeamSwissTeamWithdrawApi.as_view(),
        name="team-withdraw",
    ),
    path(
        "<int:event_id>/invitations/<int:player>/",
        invitations.TeamSwissInvitationDeclineApi.as_view(),
        name="invitation",
    ),
    path(
        "<int:event_id>/invitations/<int:player>/accept/",
        invitations.TeamSwissInvitationAcceptApi.as_view(),
        name="invitation-accept",
    ),
    path(
        "<int:event_id>/start-next-round/",
        rounds.TeamSwissStartNextRoundApi.as_view(),
        name="start-next-round",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/",
        rounds.TeamSwissRoundDetailApi.as_view(),
        name="round",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/lineups/<int:tpn>/",
        rounds.TeamSwissLineupApi.as_view(),
        name="lineup",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/close-lineups/",
        rounds.TeamSwissCloseLineupsApi.as_view(),
        name="close-lineups",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/boards/<int:table>/<int:board>/result/",
        rounds.TeamSwissBoardResultApi.as_view(),
        name="board-result",
    ),
    path("<int:event_id>/standings/", standings.TeamSwissStandingsApi.as_view(), name="standings"),
    path(
        "<int:event_id>/crosstable/", standings.TeamSwissCrosstableApi.as_view(), name="crosstable"
    ),
    path(
        "<int:event_id>/board-scores/",
        standings.TeamSwissBoardScoresApi.as_view(),
        name="board-scores",
    ),
    path("<int:event_id>/export/trf/", trf.TeamSwissTrfExportApi.as_view(), name="export-trf"),
    path(
        "<int:event_id>/rating-report/",
        rating_report.TeamSwissRatingReportApi.as_view(),
        name="rating-report",
    ),
    path("<int:event_id>/audit/", audit.TeamSwissAuditListApi.as_view(), name="audit"),
    path("<int:event_id>/audit.csv", audit.TeamSwissAuditCsvApi.as_view(), name="audit-csv"),
    path(
        "<int:event_id>/players/<int:player>/",
        players.TeamSwissPlayerFideDataApi.as_view(),
        name="player-fide-data",
    ),
]
