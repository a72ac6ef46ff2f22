from django.contrib import admin

from arbiter.teams.models import JoinRequest, Membership, Team


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("user",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "join_policy", "created_at")
    list_filter = ("join_policy",)
    search_fields = ("name", "slug")
    readonly_fields = ("created_at",)
    inlines = (MembershipInline,)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("team", "user", "role", "joined_at")
    list_filter = ("role",)
    search_fields = ("team__name", "user__username")
    list_select_related = ("team", "user")
    autocomplete_fields = ("team", "user")


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):
    list_display = ("team", "user", "status", "created_at", "decided_by", "decided_at")
    list_filter = ("status",)
    search_fields = ("team__name", "user__username")
    list_select_related = ("team", "user", "decided_by")
    raw_id_fields = ("team", "user", "decided_by")
