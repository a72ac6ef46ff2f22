from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "arbiter.ratings"
    label = "ratings"
