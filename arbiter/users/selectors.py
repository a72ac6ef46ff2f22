from django.db.models import QuerySet
from django.utils import timezone

from arbiter.users.models import ApiToken, User
from arbiter.users.tokens import TOKEN_PREFIX, token_digest


def api_token_list(*, user: User) -> QuerySet[ApiToken]:
    """The user's tokens not revoked, expired ones included (their owner sees them lapse)."""
    return ApiToken.objects.filter(user=user, revoked_at__isnull=True)


def _active_tokens() -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(
        revoked_at__isnull=True, expires_at__gt=timezone.now(), user__is_active=True
    )


def api_token_get_active(*, token: str) -> ApiToken | None:
    """The active token matching this plain value, with its user, or None."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    try:  # `get`, not `first()`: the digest is unique, and `first()` would add an ORDER BY
        return _active_tokens().select_related("user").get(digest=token_digest(token))
    except ApiToken.DoesNotExist:
        return None


def api_token_get_active_by_id(*, token_id: int) -> ApiToken | None:
    """The token, with its user, if it is still active (a socket's periodic re-check)."""
    return _active_tokens().select_related("user").filter(id=token_id).first()


def user_get_active(*, user_id: int) -> User | None:
    return User.objects.filter(id=user_id, is_active=True).first()


def user_get_by_username(*, username: str) -> User | None:
    """An active user by username, case-insensitively (how usernames are matched at login)."""
    return User.objects.filter(username__iexact=username, is_active=True).first()
