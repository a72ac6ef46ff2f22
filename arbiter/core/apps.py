from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "arbiter.core"
    label = "core"
