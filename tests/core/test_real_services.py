"""Under CI the suite must demonstrably run on PostgreSQL and Redis (never a silent fallback)."""

import kombu.transport.redis
import pytest
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection

from config.celery_app import app

pytestmark = pytest.mark.django_db


def test_the_suite_uses_postgresql_and_redis():
    # The test settings never fall back: this holds locally and under CI=true alike.
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__name__ == "RedisPubSubChannelLayer"
    assert settings.EMBEDDED is False
    # The Redis transport, or its subclass that survives a Redis restart (arbiter.core.broker).
    assert isinstance(app.connection_for_write().transport, kombu.transport.redis.Transport)
    assert settings.CELERY_BROKER_URL.startswith("redis://")
