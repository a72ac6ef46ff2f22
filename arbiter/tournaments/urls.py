from django.urls import path

from arbiter.tournaments.api import (
    audit,
    calendar,
    cohosts,
    entries,
    entry_data,
    events,
    prizes,
    rating_report,
    registered,
    results,
    rounds,
    tiebreaks,
    trf,
)

urlpatterns = [
    path("", events.TournamentListCreateApi.as_view(), name="list"),
    path("import-trf/", trf.TrfImportApi.as_view(), name="import-trf"),
    path("tiebreaks/", tiebreaks.TiebreakCatalogueApi.as_view(), name="tiebreaks"),
    path("<int:tournament_id>/", events.TournamentDetailApi.as_view(), name="detail"),
    path("<int:tournament_id>/cancel/", events.TournamentCancelApi.as_view(), name="cancel"),
    path("<int:tournament_id>/join/", entries.TournamentJoinApi.as_view(), name="join"),
    path("<int:tournament_id>/withdraw/", entries.TournamentWithdrawApi.as_view(), name="withdraw"),
    path("<int:tournament_id>/rejoin/", entries.TournamentRejoinApi.as_view(), name="rejoin"),
    path(
        "<int:tournament_id>/players/<str:username>/withdraw/",
        entries.PlayerWithdrawApi.as_view(),
        name="player-withdraw",
    ),
    path(
        "<int:tournament_id>/players/<str:username>/reinstate/",
        entries.PlayerReinstateApi.as_view(),
        name="player-reinstate",
    ),
    path(
        "<int:tournament_id>/entries/<int:entry_id>/disqualify/",
        entries.EntryDisqualifyApi.as_view(),
        name="entry-disqualify",
    ),
    path(
        "<int:tournament_id>/entries/<int:entry_id>/",
        entry_data.EntryFideDataApi.as_view(),
        name="entry-fide-data",
    ),
    path(
        "<int:tournament_id>/rating-report/",
        rating_report.RatingReportApi.as_view(),
        name="rating-report",
    ),
    path(
        "<int:tournament_id>/request-bye/",
        entries.TournamentRequestByeApi.as_view(),
        name="request-bye",
    ),
    path(
        "<int:tournament_id>/standings/", events.TournamentStandingsApi.as_view(), name="standings"
    ),
    path("<int:tournament_id>/rounds/", rounds.RoundListApi.as_view(), name="rounds"),
    path("<int:tournament_id>/rounds/<int:number>/", rounds.RoundDetailApi.as_view(), name="round"),
    path(
        "<int:tournament_id>/pairings/<int:pairing_id>/result/",
        results.PairingResultApi.as_view(),
        name="pairing-result",
    ),
    path(
        "<int:tournament_id>/registered/",
        registered.RegisteredEntriesApi.as_view(),
        name="registered",
    ),
    path(
        "<int:tournament_id>/registered/<int:entry_id>/claim/",
        registered.EntryClaimCreateApi.as_view(),
        name="entry-claim",
    ),
    path(
        "<int:tournament_id>/registered/<int:entry_id>/link/",
        registered.EntryLinkApi.as_view(),
        name="entry-link",
    ),
    path(
        "<int:tournament_id>/registered/claims/",
        registered.EntryClaimListApi.as_view(),
        name="entry-claims",
    ),
    path(
        "<int:tournament_id>/registered/claims/<int:claim_id>/",
        registered.EntryClaimDeleteApi.as_view(),
        name="entry-claim-delete",
    ),
    path(
        "<int:tournament_id>/registered/claims/<int:claim_id>/approve/",
        registered.EntryClaimApproveApi.as_view(),
        name="entry-claim-approve",
    ),
    path(
        "<int:tournament_id>/forbidden-pairings/",
        entries.ForbiddenPairingListCreateApi.as_view(),
        name="forbidden-pairings",
    ),
    path(
        "<int:tournament_id>/forbidden-pairings/<int:pair_id>/",
        entries.ForbiddenPairingDeleteApi.as_view(),
        name="forbidden-pairing",
    ),
    path(
        "<int:tournament_id>/manual-pairings/",
        rounds.ManualPairingApi.as_view(),
        name="manual-pairings",
    ),
    path(
        "<int:tournament_id>/start-next-round/",
        rounds.StartNextRoundApi.as_view(),
        name="start-next-round",
    ),
    path(
        "<int:tournament_id>/bans/<str:username>/lift/",
        entries.NoShowBanLiftApi.as_view(),
        name="ban-lift",
    ),
    path(
        "<int:tournament_id>/schedule-next-round/",
        rounds.ScheduleNextRoundApi.as_view(),
        name="schedule-next-round",
    ),
    path("<int:tournament_id>/bans/", entries.NoShowBanListApi.as_view(), name="bans"),
    path(
        "<int:tournament_id>/entries/<int:entry_id>/no-show-ban/",
        entries.NoShowBanPreviewApi.as_view(),
        name="no-show-ban-preview",
    ),
    path(
        "<int:tournament_id>/pairing-proposal/",
        rounds.PairingProposalApi.as_view(),
        name="pairing-proposal",
    ),
    path(
        "<int:tournament_id>/entry-conditions/",
        events.EntryConditionsApi.as_view(),
        name="entry-conditions",
    ),
    path("<int:tournament_id>/export/trf/", trf.TrfExportApi.as_view(), name="export-trf"),
    path("<int:tournament_id>/prizes/", prizes.TournamentPrizesApi.as_view(), name="prizes"),
    path("<int:tournament_id>/audit/", audit.AuditListApi.as_view(), name="audit"),
    path("<int:tournament_id>/audit.csv", audit.AuditCsvApi.as_view(), name="audit-csv"),
    path("<int:tournament_id>/cohosts/", cohosts.CoHostInviteApi.as_view(), name="cohosts"),
    path(
        "<int:tournament_id>/cohosts/<slug:team>/",
        cohosts.CoHostRemoveApi.as_view(),
        name="cohost",
    ),
    path(
        "<int:tournament_id>/cohosts/<slug:team>/accept/",
        cohosts.CoHostAcceptApi.as_view(),
        name="cohost-accept",
    ),
    path(
        "<int:tournament_id>/cohosts/<slug:team>/decline/",
        cohosts.CoHostDeclineApi.as_view(),
        name="cohost-decline",
    ),
    path(
        "<int:tournament_id>/player-team/", cohosts.PlayerTeamSetApi.as_view(), name="player-team"
    ),
    path(
        "<int:tournament_id>/teammates-check/",
        cohosts.TeammatesCheckApi.as_view(),
        name="teammates-check",
    ),
    path(
        "<int:tournament_id>/team-standings/",
        cohosts.TeamStandingsApi.as_view(),
        name="team-standings",
    ),
    path("<int:tournament_id>/check-in/", entries.TournamentCheckInApi.as_view(), name="check-in"),
    path(
        "<int:tournament_id>/players/<str:username>/check-in/",
        entries.PlayerCheckInApi.as_view(),
        name="player-check-in",
    ),
    path(
        "<int:tournament_id>/calendar.ics",
        calendar.TournamentCalendarApi.as_view(),
        name="calendar",
    ),
    path(
        "players/<str:username>/calendar.ics",
        calendar.PlayerCalendarApi.as_view(),
        name="player-calendar",
    ),
]

# The same feeds on lichess-style paths at the host root (config/urls.py), the ones the
# event page links to: /swiss/{id}.ics and /@/{username}/swiss.ics.
calendar_urlpatterns = [
    path("swiss/<int:tournament_id>.ics", calendar.TournamentCalendarRootApi.as_view()),
    path("@/<str:username>/swiss.ics", calendar.PlayerCalendarRootApi.as_view()),
]
