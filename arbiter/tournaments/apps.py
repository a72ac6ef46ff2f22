from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "arbiter.tournaments"
    label = "tournaments"
