from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class CaseInsensitiveUserManager(UserManager["User"]):
    def get_by_natural_key(self, username: str | None) -> "User":
        return self.get(username__iexact=username)


class User(AbstractUser):
    """A player, team leader or arbiter. Usernames are unique regardless of case."""

    email = models.EmailField(blank=True)
    # Taken to the game page when a round pairs them (docs/games.md, "Round start").
    redirect_to_game = models.BooleanField(default=True, db_default=True)
    # The interface language the user chose; "" follows the browser (the language cookie, then
    # Accept-Language). It beats both (arbiter.common.i18n, docs/i18n.md).
    language = models.CharField(
        max_length=8, blank=True, default="", db_default="", choices=settings.LANGUAGES
    )

    objects = CaseInsensitiveUserManager()  # type: ignore[misc]

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("username"),
                name="users_user_username_ci_unique",
                violation_error_message=_("A user with that username already exists."),
            )
        ]


class ApiToken(models.Model):
    """A personal API token. Only a SHA-256 digest is stored; the token is shown once. It
    stops working when revoked, when it expires, or when its user is deactivated."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=12, db_index=True)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user} / {self.name} ({self.prefix}…)"
