from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from arbiter.users.models import ApiToken, User
from arbiter.users.services import api_tokens_lost, user_access_lost


@admin.register(User)
class ArbiterUserAdmin(UserAdmin):
    """Deactivating or deleting a user here closes their open sockets at once."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if change and not obj.is_active:
            user_access_lost(user_id=obj.id)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        user_id = obj.id
        super().delete_model(request, obj)
        user_access_lost(user_id=user_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        ids = list(queryset.values_list("id", flat=True))
        super().delete_queryset(request, queryset)
        for user_id in ids:
            user_access_lost(user_id=user_id)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Revoking, expiring or deleting a token here closes the sockets it opened."""

    list_display = (
        "user",
        "name",
        "prefix",
        "created_at",
        "last_used_at",
        "expires_at",
        "revoked_at",
    )
    readonly_fields = ("digest", "prefix")

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if change and (obj.revoked_at is not None or obj.expires_at <= timezone.now()):
            api_tokens_lost(token_ids=[obj.id])

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        token_id = obj.id
        super().delete_model(request, obj)
        api_tokens_lost(token_ids=[token_id])

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        ids = list(queryset.values_list("id", flat=True))
        super().delete_queryset(request, queryset)
        api_tokens_lost(token_ids=ids)
