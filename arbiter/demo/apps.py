from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "arbiter.demo"
    label = "demo"
    verbose_name = "Demo data"
