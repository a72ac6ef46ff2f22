from django.urls import path

from arbiter.tournaments import apis

urlpatterns = [
    path("", apis.TournamentListCreateApi.as_view(), name="list"),
    path("import-trf/", apis.TrfImportApi.as_view(), name="import-trf"),
    path("<int:tournament_id>/", apis.TournamentDetailApi.as_view(), name="detail"),
    path("<int:tournament_id>/cancel/", apis.TournamentCancelApi.as_view(), name="cancel"),
    path("<int:tournament_id>/join/", apis.TournamentJoinApi.as_view(), name="join"),
    path("<int:tournament_id>/withdraw/", apis.TournamentWithdrawApi.as_view(), name="withdraw"),
    path("<int:tournament_id>/rejoin/", apis.TournamentRejoinApi.as_view(), name="rejoin"),
    path(
        "<int:tournament_id>/players/<str:username>/withdraw/",
        apis.PlayerWithdrawApi.as_view(),
        name="player-withdraw",
    ),
    path(
        "<int:tournament_id>/players/<str:username>/reinstate/",
        apis.PlayerReinstateApi.as_view(),
        name="player-reinstate",
    ),
    path(
        "<int:tournament_id>/request-bye/",
        apis.TournamentRequestByeApi.as_view(),
        name="request-bye",
    ),
    path("<int:tournament_id>/standings/", apis.TournamentStandingsApi.as_view(), name="standings"),
    path("<int:tournament_id>/rounds/", apis.RoundListApi.as_view(), name="rounds"),
    path("<int:tournament_id>/rounds/<int:number>/", apis.RoundDetailApi.as_view(), name="round"),
    path(
        "<int:tournament_id>/pairings/<int:pairing_id>/result/",
        apis.PairingResultApi.as_view(),
        name="pairing-result",
    ),
    path("<int:tournament_id>/registered/", apis.RegisteredEntriesApi.as_view(), name="registered"),
    path(
        "<int:tournament_id>/registered/<int:entry_id>/claim/",
        apis.EntryClaimCreateApi.as_view(),
        name="entry-claim",
    ),
    path(
        "<int:tournament_id>/registered/<int:entry_id>/link/",
        apis.EntryLinkApi.as_view(),
        name="entry-link",
    ),
    path(
        "<int:tournament_id>/registered/claims/",
        apis.EntryClaimListApi.as_view(),
        name="entry-claims",
    ),
    path(
        "<int:tournament_id>/registered/claims/<int:claim_id>/",
        apis.EntryClaimDeleteApi.as_view(),
        name="entry-claim-delete",
    ),
    path(
        "<int:tournament_id>/registered/claims/<int:claim_id>/approve/",
        apis.EntryClaimApproveApi.as_view(),
        name="entry-claim-approve",
    ),
    path(
        "<int:tournament_id>/forbidden-pairings/",
        apis.ForbiddenPairingListCreateApi.as_view(),
        name="forbidden-pairings",
    ),
    path(
        "<int:tournament_id>/forbidden-pairings/<int:pair_id>/",
        apis.ForbiddenPairingDeleteApi.as_view(),
        name="forbidden-pairing",
    ),
    path(
        "<int:tournament_id>/manual-pairings/",
        apis.ManualPairingApi.as_view(),
        name="manual-pairings",
    ),
    path(
        "<int:tournament_id>/start-next-round/",
        apis.StartNextRoundApi.as_view(),
        name="start-next-round",
    ),
    path(
        "<int:tournament_id>/bans/<str:username>/lift/",
        apis.NoShowBanLiftApi.as_view(),
        name="ban-lift",
    ),
    path(
        "<int:tournament_id>/schedule-next-round/",
        apis.ScheduleNextRoundApi.as_view(),
        name="schedule-next-round",
    ),
    path("<int:tournament_id>/bans/", apis.NoShowBanListApi.as_view(), name="bans"),
    path(
        "<int:tournament_id>/pairing-proposal/",
        apis.PairingProposalApi.as_view(),
        name="pairing-proposal",
    ),
    path(
        "<int:tournament_id>/entry-conditions/",
        apis.EntryConditionsApi.as_view(),
        name="entry-conditions",
    ),
    path("<int:tournament_id>/export/trf/", apis.TrfExportApi.as_view(), name="export-trf"),
]
