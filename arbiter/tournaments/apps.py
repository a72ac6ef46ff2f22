from django.apps import AppConfig
from django.utils.translation import gettext, ngettext

from arbiter.trf.i18n import translations_install


class TournamentsConfig(AppConfig):
    name = "arbiter.tournaments"
    label = "tournaments"

    def ready(self) -> None:
        from arbiter.games.signals import game_arbitrated, game_ended  # the apps are loaded now
        from arbiter.tournaments.receivers import on_game_arbitrated, on_game_ended

        game_ended.connect(on_game_ended, dispatch_uid="tournaments.game_result")
        game_arbitrated.connect(on_game_arbitrated, dispatch_uid="tournaments.game_audit")
        # The rule engines import no Django: their texts are translated through it from here.
        translations_install(gettext=gettext, ngettext=ngettext)
