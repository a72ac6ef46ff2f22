from django.urls import path

from arbiter.users import api

urlpatterns = [
    path("register/", api.UserRegisterApi.as_view(), name="register"),
    path("login/", api.AuthLoginApi.as_view(), name="login"),
    path("logout/", api.AuthLogoutApi.as_view(), name="logout"),
    path("csrf/", api.AuthCsrfApi.as_view(), name="csrf"),
    path("me/", api.AuthMeApi.as_view(), name="me"),
    path("session/", api.AuthSessionApi.as_view(), name="session"),
    path("me/settings/", api.AuthMeSettingsApi.as_view(), name="me-settings"),
    path("tokens/", api.ApiTokenListCreateApi.as_view(), name="tokens"),
    path("tokens/<int:token_id>/", api.ApiTokenRevokeApi.as_view(), name="token-revoke"),
    path("socket-ticket/", api.SocketTicketCreateApi.as_view(), name="socket-ticket"),
]

# Public profiles, under /api/users/ (arbiter.api.urls).
profile_urlpatterns = [
    path("<str:username>/", api.UserProfileApi.as_view(), name="profile"),
    path("<str:username>/rating-history/", api.RatingHistoryApi.as_view(), name="rating-history"),
]
