from django.contrib import admin

from arbiter.ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "speed", "rating", "deviation", "volatility", "games", "last_rated_at")
    list_filter = ("speed",)
    search_fields = ("user__username",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("user", "speed", "opponent", "score", "rating_before", "rating_after")
    list_filter = ("speed",)
    search_fields = ("user__username",)
    raw_id_fields = ("user", "opponent", "pairing")
