from django.apps import AppConfig


class TeamSwissConfig(AppConfig):
    name = "arbiter.teamswiss"
    label = "teamswiss"
    verbose_name = "Team Swiss"

    def ready(self) -> None:
        from arbiter.games.signals import game_arbitrated, game_ended  # the apps are loaded now
        from arbiter.teamswiss.receivers import on_game_arbitrated, on_game_ended

        game_ended.connect(on_game_ended, dispatch_uid="teamswiss.game_result")
        game_arbitrated.connect(on_game_arbitrated, dispatch_uid="teamswiss.game_audit")
