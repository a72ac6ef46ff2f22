"""GET /api/health/live/: the liveness probe answers from the process alone, touching neither
the database nor the cache (issue 38: also the benchmarks' cheapest view)."""


def test_liveness_answers_without_database_or_cache(api_client, settings):
    # No django_db mark: any query raises. A cache that cannot be reached: any use raises
    # (redis.ConnectionError), as the readiness check's test shows.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        }
    }
    response = api_client.get("/api/health/live/")
    assert response.status_code == 200
    assert response.json() == {"ok": True}


def test_liveness_ignores_credentials(api_client):
    # No authentication classes: a bad token is not even looked at (no 401, no query).
    api_client.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    response = api_client.get("/api/health/live/")
    assert response.status_code == 200
    assert response.json() == {"ok": True}
