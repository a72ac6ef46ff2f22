from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "arbiter.games"
    label = "games"
