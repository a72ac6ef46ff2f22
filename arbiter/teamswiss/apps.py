from django.apps import AppConfig


class TeamSwissConfig(AppConfig):
    name = "arbiter.teamswiss"
    label = "teamswiss"
    verbose_name = "Team Swiss"
