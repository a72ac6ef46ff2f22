from django.contrib import admin

from arbiter.ratings.models import UserRating


@admin.register(UserRating)
class UserRatingAdmin(admin.ModelAdmin):
    list_display = ("user", "speed", "rating")
    list_filter = ("speed",)
    search_fields = ("user__username",)
