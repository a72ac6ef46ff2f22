from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "arbiter.common"
    label = "common"

    def ready(self) -> None:
        from arbiter.common import schema  # noqa: F401  (registers the OpenAPI extensions)
