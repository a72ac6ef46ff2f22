from django.apps import AppConfig


class OtbConfig(AppConfig):
    name = "arbiter.otb"
    label = "otb"
