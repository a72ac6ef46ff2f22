from django.contrib import admin

from arbiter.tournaments.models import SwissParticipant, SwissTournament


@admin.register(SwissTournament)
class SwissTournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "team", "status", "current_round", "num_rounds", "start_time")
    list_filter = ("status",)
    search_fields = ("name", "team__name")


@admin.register(SwissParticipant)
class SwissParticipantAdmin(admin.ModelAdmin):
    list_display = ("tournament", "user", "rating", "points", "rank", "status")
    search_fields = ("user__username",)
