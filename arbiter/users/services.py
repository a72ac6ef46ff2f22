from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, InvalidInput, NotFound
from arbiter.users.models import ApiToken, User
from arbiter.users.tokens import token_digest, token_generate

USERNAME_TAKEN = "A user with that username already exists."


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
    token = ApiToken(user=user, name=name, prefix=prefix, digest=token_digest(plain))
    token.full_clean()
    token.save()
    return token, plain


@transaction.atomic
def api_token_revoke(*, user: User, token_id: int) -> ApiToken:
    token = ApiToken.objects.select_for_update().filter(user=user, id=token_id).first()
    if token is None:
        raise NotFound("No such token.")
    if token.revoked_at is not None:
        raise ApplicationError("This token is already revoked.")
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    return token


def api_token_touch(*, token: ApiToken) -> None:
    """Record use, at most once a minute per token to spare writes on busy clients."""
    now = timezone.now()
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
        ApiToken.objects.filter(id=token.id).update(last_used_at=now)
