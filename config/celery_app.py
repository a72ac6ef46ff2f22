"""The Celery application. Workers: `celery -A config worker`, beat: `celery -A config beat`."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("arbiter", task_cls="arbiter.core.embedded:EmbeddableTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
