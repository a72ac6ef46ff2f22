from django.db.models import QuerySet

from arbiter.users.models import ApiToken, User
from arbiter.users.tokens import TOKEN_PREFIX, token_digest


def api_token_list(*, user: User) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user, revoked_at__isnull=True)


def api_token_get_active(*, token: str) -> ApiToken | None:
    """The active token matching this plain value, with its user, or None."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    return (
        ApiToken.objects.select_related("user")
        .filter(digest=token_digest(token), revoked_at__isnull=True, user__is_active=True)
        .first()
    )


def user_get_by_username(*, username: str) -> User | None:
    """An active user by username, case-insensitively (how usernames are matched at login)."""
    return User.objects.filter(username__iexact=username, is_active=True).first()
