from django.urls import path

from arbiter.users import apis

urlpatterns = [
    path("register/", apis.UserRegisterApi.as_view(), name="register"),
    path("login/", apis.AuthLoginApi.as_view(), name="login"),
    path("logout/", apis.AuthLogoutApi.as_view(), name="logout"),
    path("csrf/", apis.AuthCsrfApi.as_view(), name="csrf"),
    path("me/", apis.AuthMeApi.as_view(), name="me"),
    path("session/", apis.AuthSessionApi.as_view(), name="session"),
    path("me/settings/", apis.AuthMeSettingsApi.as_view(), name="me-settings"),
    path("tokens/", apis.ApiTokenListCreateApi.as_view(), name="tokens"),
    path("tokens/<int:token_id>/", apis.ApiTokenRevokeApi.as_view(), name="token-revoke"),
    path("socket-ticket/", apis.SocketTicketCreateApi.as_view(), name="socket-ticket"),
]

# Public profiles, under /api/users/ (arbiter.api.urls).
profile_urlpatterns = [
    path("<str:username>/", apis.UserProfileApi.as_view(), name="profile"),
    path("<str:username>/rating-history/", apis.RatingHistoryApi.as_view(), name="rating-history"),
]
