from typing import Any

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

NAME_MAX_LENGTH = 100
DESCRIPTION_MAX_LENGTH = 2000
MESSAGE_MAX_LENGTH = 500


class Team(models.Model):
    """A group of players. Who may join is decided by `join_policy`."""

    class JoinPolicy(models.TextChoices):
        OPEN = "open", _("Open")
        REQUEST = "request", _("By request")

    name = models.CharField(max_length=NAME_MAX_LENGTH)
    # name.casefold(), written on every save: the search compares folded text on both sides,
    # since SQLite's LIKE and lower() fold ASCII only (and PostgreSQL's depend on the locale).
    name_folded = models.CharField(max_length=NAME_MAX_LENGTH * 3, editable=False, default="")
    # Room for the "-<n>" suffix added when two names slugify alike.
    slug = models.SlugField(max_length=NAME_MAX_LENGTH + 12, unique=True)
    # TextField.max_length is not enforced by full_clean(); the validator is.
    description = models.TextField(
        blank=True, validators=[MaxLengthValidator(DESCRIPTION_MAX_LENGTH)]
    )
    join_policy = models.CharField(
        max_length=16, choices=JoinPolicy.choices, default=JoinPolicy.OPEN
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name"), "id"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="teams_team_name_ci_unique",
                violation_error_message=_("A team with that name already exists."),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_folded = self.name.casefold()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_folded"}
        super().save(*args, **kwargs)


class Membership(models.Model):
    class Role(models.TextChoices):
        LEADER = "leader", _("Leader")
        MEMBER = "member", _("Member")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_memberships"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["team", "user"],
                name="teams_membership_team_user_unique",
                violation_error_message=_("This user is already a member of this team."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.team} ({self.role})"


class JoinRequest(models.Model):
    """A request to join a by-request team; leaders approve or refuse it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        APPROVED = "approved", _("Approved")
        REFUSED = "refused", _("Refused")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_join_requests"
    )
    message = models.TextField(blank=True, validators=[MaxLengthValidator(MESSAGE_MAX_LENGTH)])
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    # SET_NULL: the decision stays on record when the deciding account is deleted.
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "user"],
                condition=models.Q(status="pending"),
                name="teams_joinrequest_one_pending",
                violation_error_message=_("You already have a pending request to join this team."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.team} ({self.status})"
