from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "arbiter.teams"
    label = "teams"
