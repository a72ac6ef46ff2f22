import secrets
from datetime import timedelta
from typing import TypedDict

from django.conf import settings
from django.contrib.auth import logout, password_validation
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arbiter.common.exceptions import ApplicationError, InvalidInput, NotFound
from arbiter.users import effects
from arbiter.users.models import ApiToken, User
from arbiter.users.tokens import (
    session_credential,
    token_credential,
    token_digest,
    token_generate,
    user_credential,
)

# A socket ticket is good for one connection within this many seconds.
SOCKET_TICKET_SECONDS = 30

USERNAME_TAKEN = _("A user with that username already exists.")


def user_register(*, username: str, email: str, password: str) -> User:
    user = User(username=username, email=email)
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise InvalidInput({"password": exc.messages}) from exc
    if User.objects.filter(username__iexact=username).exists():
        raise InvalidInput({"username": [USERNAME_TAKEN]})
    user.set_password(password)
    user.full_clean()
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError as exc:  # a concurrent registration won the Lower(username) race
        raise InvalidInput({"username": [USERNAME_TAKEN]}) from exc
    return user


@transaction.atomic
def api_token_create(*, user: User, name: str) -> tuple[ApiToken, str]:
    """Create a token and return it with its plain value, which is never stored."""
    plain, prefix = token_generate()
    expires_at = timezone.now() + timedelta(days=settings.API_TOKEN_LIFETIME_DAYS)
    token = ApiToken(
        user=user, name=name, prefix=prefix, digest=token_digest(plain), expires_at=expires_at
    )
    token.full_clean()
    token.save()
    return token, plain


@transaction.atomic
def api_token_revoke(*, user: User, token_id: int) -> ApiToken:
    token = ApiToken.objects.select_for_update().filter(user=user, id=token_id).first()
    if token is None:
        raise NotFound(gettext("No such token."))
    if token.revoked_at is not None:
        raise ApplicationError(gettext("This token is already revoked."))
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    effects.credentials_revoked(credentials=[token_credential(token.id)])
    return token


def api_token_touch(*, token: ApiToken) -> None:
    """Record use, at most once a minute per token to spare writes on busy clients."""
    now = timezone.now()
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
        ApiToken.objects.filter(id=token.id).update(last_used_at=now)


def user_logout(*, request: HttpRequest) -> None:
    """End the session, and close the sockets it opened."""
    session_key = request.session.session_key
    logout(request)
    if session_key:
        effects.credentials_revoked(credentials=[session_credential(session_key)])


def user_access_lost(*, user_id: int) -> None:
    """The user was deactivated or deleted (the admin): close every socket of theirs."""
    effects.credentials_revoked(credentials=[user_credential(user_id)])


def api_tokens_lost(*, token_ids: list[int]) -> None:
    """Tokens revoked, expired or deleted by hand (the admin): close their sockets."""
    effects.credentials_revoked(credentials=[token_credential(i) for i in token_ids])


# --- Socket tickets ----------------------------------------------------------------------


class SocketTicket(TypedDict):
    """What a ticket stands for: the user and the credential that obtained it (one of a
    token or a session, or neither when the request was authenticated otherwise)."""

    user_id: int
    token_id: int | None
    session_key: str | None


def _ticket_key(ticket: str) -> str:
    return f"socket-ticket:{token_digest(ticket)}"  # the cache never holds a usable ticket


def socket_ticket_create(
    *, user: User, token: ApiToken | None, session_key: str | None
) -> tuple[str, int]:
    """A single-use ticket to open one WebSocket, for clients that can set no header (a
    browser's WebSocket cannot). Short-lived, so its place in the URL (and in access logs)
    gives nothing away. Returns (ticket, seconds it stays valid)."""
    ticket = secrets.token_urlsafe(32)
    claims: SocketTicket = {
        "user_id": user.id,
        "token_id": token.id if token is not None else None,
        "session_key": None if token is not None else session_key,
    }
    cache.set(_ticket_key(ticket), claims, timeout=SOCKET_TICKET_SECONDS)
    return ticket, SOCKET_TICKET_SECONDS


def socket_ticket_redeem(*, ticket: str) -> SocketTicket | None:
    """The ticket's claims, once: of two connections racing with one ticket, only the one
    whose delete removed the entry gets them."""
    key = _ticket_key(ticket)
    claims: SocketTicket | None = cache.get(key)
    if claims is None or not cache.delete(key):
        return None
    return claims


@transaction.atomic
def user_settings_update(
    *, user: User, redirect_to_game: bool | None = None, language: str | None = None
) -> User:
    """The signed-in user's own settings; a field left out is kept. `language`: one of
    settings.LANGUAGES, or "" to follow the browser (arbiter.common.i18n)."""
    changed = []
    if redirect_to_game is not None:
        user.redirect_to_game = redirect_to_game
        changed.append("redirect_to_game")
    if language is not None:
        user.language = language
        changed.append("language")
    user.full_clean()
    if changed:
        user.save(update_fields=changed)
    return user
