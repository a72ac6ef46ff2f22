from django.apps import AppConfig


class ToolsConfig(AppConfig):
    name = "arbiter.tools"
    label = "tools"
