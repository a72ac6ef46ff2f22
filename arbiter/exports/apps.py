from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "arbiter.exports"
    label = "exports"
