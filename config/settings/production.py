"""Production settings: secrets, hosts and the database come from the environment, with no
defaults. Everything else is the base settings, extended (see docs/deploy.md)."""

from config.settings.base import *  # noqa: F403
from config.settings.base import DATABASES, env

DEBUG = False
SECRET_KEY = env.str("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")

# The base settings read both URLs too, with fallbacks production must not get silently
# (SQLite; embedded mode, in which a Celery worker waits on an in-memory broker for ever):
# production insists on the variables and keeps the rest, the psycopg pool included.
env.str("DATABASE_URL")
env.str("REDIS_URL")
# A connection goes back to the pool when its request or task ends. Django refuses persistent
# connections next to a pool, and without one (DATABASE_POOL_SIZE=0) they would be kept per
# thread under ASGI: one idle backend per thread that ever ran a query.
DATABASES["default"]["CONN_MAX_AGE"] = 0

# The reverse proxy keeps the access log; uvicorn's own line per request is CPU on every move
# and refetch (docs/deploy.md).
ACCESS_LOG = env.bool("ARBITER_ACCESS_LOG", default=False)

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = env.bool("DJANGO_SECURE_HSTS_PRELOAD", default=True)
SECURE_CONTENT_TYPE_NOSNIFF = True
