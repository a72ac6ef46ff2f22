"""Settings shared by every environment. Values come from the environment (12-factor).

Embedded mode (no REDIS_URL): in-memory channel layer, in-process task runner, local cache.
With REDIS_URL: channels-redis, Celery on Redis, Redis cache. See docs/configuration.md.
"""

import re
import warnings
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent
env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="dev-insecure-change-me-0123456789abcdefghij")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    # The admin with a throttled login (arbiter.users.admin_site).
    "arbiter.users.apps.ThrottledAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "arbiter.common",
    "arbiter.core",
    "arbiter.realtime",
    "arbiter.users",
    "arbiter.teams",
    "arbiter.ratings",
    "arbiter.games",
    "arbiter.tournaments",
    "arbiter.teamswiss",
    # Over-the-board games and the broadcast PGN feeds (docs/otb-games.md).
    "arbiter.otb",
    # National federation rating reports (docs/exports.md).
    "arbiter.exports",
    "arbiter.tools",
    "arbiter.demo",
    "django_vite",
    "arbiter.web",
]

MIDDLEWARE = [
    # First: surplus writers to one event wait here before they take a database connection.
    "arbiter.common.write_gate.EventWriteGate",
    "django.middleware.security.SecurityMiddleware",
    "arbiter.common.middleware.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of the answer from the `arbiter_language` cookie or Accept-Language; the
    # signed-in user's own setting overrides it below (arbiter.common.i18n, docs/i18n.md).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A session user's `language` (an API token's user gets theirs in its authentication).
    "arbiter.common.i18n.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "arbiter.common.middleware.ApiJsonErrorsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded mode's writers (requests, the tick) share one file. WAL lets readers go on
    # during a write; IMMEDIATE takes the write lock when a transaction begins, so two
    # transactions never both read and then fail to upgrade ("database is locked" at once,
    # whatever the timeout); the timeout is how long a writer waits for the lock.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": env.int("SQLITE_BUSY_TIMEOUT_SECONDS", default=30),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
# A connection pool per process on PostgreSQL: otherwise every request (and task) opens a new
# backend, which cost the database more CPU than the queries under load. (Persistent
# connections would not do: under ASGI they are per thread, and sockets use many threads.)
DATABASE_POOL_SIZE = env.int("DATABASE_POOL_SIZE", default=10)  # 0: no pool
# How long a request (or task) waits for a pooled connection when every one is taken. Past it
# the request answers 503 with Retry-After (arbiter.common.middleware; docs/live.md, "A pool
# exhausted"), rather than hold its thread longer for a connection that is not coming soon.
DATABASE_POOL_TIMEOUT = env.float("DATABASE_POOL_TIMEOUT", default=5.0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DATABASE_POOL_SIZE:
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DATABASE_POOL_SIZE,
        "timeout": DATABASE_POOL_TIMEOUT,
    }
# PgBouncer in transaction mode between the processes and PostgreSQL (docs/deploy.md): a
# server connection serves a client for one transaction only, so nothing may outlive one:
# no server-side cursors (`.iterator()` keeps a named cursor across fetches) and no prepared
# statements (PgBouncer 1.18, Debian 12's, does not carry them between server connections).
DATABASE_POOLER = env.str("DATABASE_POOLER", default="")
if DATABASE_POOLER not in ("", "pgbouncer"):
    raise ImproperlyConfigured(f"DATABASE_POOLER={DATABASE_POOLER!r}: '' or 'pgbouncer'")
if DATABASE_POOLER and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = None
# Writes to one event wait for its lock holder holding a pooled connection each: at most this
# many per web process go that far (all the pool but two, left for reads, which hold one for
# milliseconds), the others wait without one, in order, and get 503 after the wait bound
# (arbiter.common.write_gate). Half the pool kept writers out of a group commit they could
# have joined: docs/live.md, "Waiting together".
EVENT_WRITERS_PER_PROCESS = env.int(
    "ARBITER_EVENT_WRITERS_PER_PROCESS", default=max(2, DATABASE_POOL_SIZE - 2)
)
EVENT_WRITE_WAIT_SECONDS = env.float("ARBITER_EVENT_WRITE_WAIT_SECONDS", default=60.0)
# The write gate's paths: an event's (every write under it is gated) and those it lets through.
# A join spends most of its time hashing the event's password, holding no connection then;
# gated, fifty players joining at once would queue behind each other's hashes into 503s.
# lichess's paths to the same events share the same gate (docs/lichess-api.md).
EVENT_WRITE_GATE_URLS = [
    {"event": "api:swiss:detail", "ungated": ["api:swiss:join"]},
    {"event": "lichess:swiss", "kwarg": "swiss_id", "ungated": ["lichess:swiss-join"]},
]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "users.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Interface languages (docs/i18n.md): English is the source; each named in its own language.
# Adding one: a new migration for `User.language`'s choices, and a catalogue (`update`).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("ru", "Русский"),
    ("ar", "العربية"),
]
LOCALE_PATHS = [BASE_DIR / "arbiter" / "locale"]
# Set by the browser app's language picker for visitors (one year, path /, SameSite=Lax).
LANGUAGE_COOKIE_NAME = "arbiter_language"
LANGUAGE_COOKIE_AGE = 365 * 86400
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env.path("DJANGO_STATIC_ROOT", default=BASE_DIR / "staticfiles")
# Only `collectstatic` (the production image) fills STATIC_ROOT; everywhere else the finders
# below serve the bundle, and WhiteNoise's start-up warning that the folder is missing
# ("No directory at: …/staticfiles/", with DEBUG off, as `make run` serves) tells nothing.
# Silenced for that folder only. Not by leaving STATIC_ROOT unset while it is missing:
# collectstatic needs it set to create it.
warnings.filterwarnings(
    "ignore", message=re.escape(f"No directory at: {STATIC_ROOT}"), category=UserWarning
)
# The browser app's bundle (`npm run build` in frontend/, see docs/frontend.md): served from
# where Vite writes it, so `make run` needs no collectstatic step.
# ARBITER_FRONTEND_DIST: a copy elsewhere (the e2e server and the browser bench serve a private
# copy, so that a rebuild in the working tree cannot pull files from under them).
FRONTEND_DIST = Path(env.str("ARBITER_FRONTEND_DIST", default=str(BASE_DIR / "frontend" / "dist")))
STATICFILES_DIRS = [FRONTEND_DIST]
WHITENOISE_USE_FINDERS = True
# Vite names built files `<name>-<8-character hash>.<ext>`: cache them forever.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^/?static/assets/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$"
DJANGO_VITE = {
    "default": {"dev_mode": False, "manifest_path": FRONTEND_DIST / "manifest.json"},
}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# --- Redis or embedded -------------------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
EMBEDDED = not REDIS_URL

CHANNEL_LAYERS: dict[str, dict[str, object]]
# Which channels-redis layer carries pushes (docs/live.md, "Fan-out": both measured on the same
# benchmarks). Read with Redis or without, so that a wrong value fails at start either way.
CHANNEL_LAYER = env.str("ARBITER_CHANNEL_LAYER", default="pubsub")
if CHANNEL_LAYER not in ("pubsub", "core"):
    raise ImproperlyConfigured(
        f"ARBITER_CHANNEL_LAYER is {CHANNEL_LAYER!r}: use 'pubsub' (the default) or 'core'"
    )
# The shared cache's Redis connections per process: a blocking pool, so a request past the
# last connection waits for one (up to the timeout) instead of failing. redis-py's plain pool
# raised MaxConnectionsError at its default 100, and more than 100 requests at once in one
# HTTP process were 500s (benchmarks/bench_topology.py, docs/deploy.md "Capacity model").
CACHE_POOL_OPTIONS: dict[str, object] = {
    "pool_class": "redis.BlockingConnectionPool",
    "max_connections": env.int("ARBITER_CACHE_MAX_CONNECTIONS", default=200),
    "timeout": env.float("ARBITER_CACHE_POOL_TIMEOUT", default=5.0),
}
if EMBEDDED:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES: dict[str, dict[str, object]] = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    }
else:
    # Pub/sub channels are not scoped by Redis database number, hence the prefix (the core
    # layer's keys are, and take the prefix as well).
    _channel_prefix = env.str("ARBITER_CHANNEL_PREFIX", default="arbiter")
    # The channel layer sharded over several Redis instances (docs/deploy.md): channels_redis
    # spreads groups and channels over its hosts by a consistent hash (it does not speak Redis
    # Cluster). Every process must list the same URLs in the same order. Unset: REDIS_URL.
    _channel_urls = env.list("ARBITER_CHANNEL_REDIS_URLS", default=[REDIS_URL])
    if CHANNEL_LAYER == "pubsub":
        # A group message is published once; each server process hands it to its own sockets.
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": _channel_urls, "prefix": _channel_prefix},
            }
        }
    else:
        # Sorted sets: a group message is written once per server process (one Redis key holds
        # every socket of a process), so `capacity` bounds a whole process's backlog, not one
        # socket's: 1,000 is seconds of pushes at hundreds a second (the default 100 drops
        # messages silently once a busy process lags). `expiry` 60 s: a push older than that
        # is stale. `group_expiry` 1 day, the default: a socket open longer leaves its groups.
        # redis-py 8's defaults break this layer: a 5 s socket timeout races the layer's own
        # 5 s BZPOPMIN, and the loser's socket never hears the layer again (channels_redis
        # issue 422), and a pool of 100 connections that raises when exhausted, while every
        # group_add/group_discard takes one (1,000 sockets closing at once left their groups).
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {
                    "hosts": [
                        {"address": url, "socket_timeout": 10, "max_connections": 1000}
                        for url in _channel_urls
                    ],
                    "prefix": _channel_prefix,
                    "capacity": 1000,
                    "expiry": 60,
                    "group_expiry": 86400,
                },
            }
        }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": CACHE_POOL_OPTIONS,
        }
    }

# Celery: Redis broker, or the in-process runner of arbiter.core.embedded (delays honoured).
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=REDIS_URL or None)
CELERY_TASK_ALWAYS_EAGER = False
# Nothing waits for a task's return value. Storing one subscribed the sender to its result, on a
# new Redis connection per request thread: a few percent of a result request's CPU.
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker and beat outlive a broker outage of any length: they retry for ever (Celery stops
# after 100 attempts, about 50 minutes), and the worker's Redis transport survives losing the
# connection while it holds unacknowledged messages (arbiter.core.broker, docs/deploy.md).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):  # kombu's Redis transport, both
    CELERY_BROKER_TRANSPORT = "arbiter.core.broker:Transport"
# A task still running when the connection drops finishes (tasks are idempotent; a round
# paired is worth keeping) rather than being killed because its message may come back.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# Queues by job (arbiter.core.task_queues, docs/deploy.md): `single` puts every task on the
# default queue (embedded mode, one worker); `split` routes each to its job's queue, named
# after the default queue (`celery.pairing`, `celery.live`, `celery.ratings`, `celery`), and
# a worker consumes the queues of ARBITER_WORKER_JOBS (every job's when unset). Every process
# that sends tasks (web, worker, beat) must agree on it.
CELERY_TASK_DEFAULT_QUEUE = "celery"  # the test settings give each pytest process its own
TASK_QUEUES = env.str("ARBITER_TASK_QUEUES", default="single")
if TASK_QUEUES not in ("single", "split"):
    raise ImproperlyConfigured(f"ARBITER_TASK_QUEUES={TASK_QUEUES!r}: 'single' or 'split'")
WORKER_JOBS = env.list("ARBITER_WORKER_JOBS", default=[])
if TASK_QUEUES == "split":
    CELERY_TASK_ROUTES = ("arbiter.core.task_queues.task_route",)
# Beat records its own heartbeat (arbiter.core.beat); the worker's comes from core.heartbeat.
CELERY_BEAT_SCHEDULER = "arbiter.core.beat:HeartbeatScheduler"
# GET /api/health/ is 503 when the worker's or beat's last heartbeat is older than this.
HEARTBEAT_SECONDS = env.float("ARBITER_HEARTBEAT_SECONDS", default=5.0)
HEARTBEAT_MAX_AGE_SECONDS = env.float("ARBITER_HEARTBEAT_MAX_AGE_SECONDS", default=60.0)
# GET /api/health/ (readiness) runs its checks at most once per this many seconds per process
# (docs/deploy.md); 0 checks on every probe.
HEALTH_CACHE_SECONDS = env.float("ARBITER_HEALTH_CACHE_SECONDS", default=2.0)
# The tick that starts due rounds (scheduling is data: SwissTournament.next_round_at).
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "swiss-tick": {
        "task": "tournaments.tick",
        "schedule": env.float("ARBITER_TICK_SECONDS", default=2.0),
    },
    # Team Swiss: line-ups close when due (arbiter.teamswiss.tasks).
    "teamswiss-tick": {
        "task": "teamswiss.tick",
        "schedule": env.float("ARBITER_TICK_SECONDS", default=2.0),
    },
    # Online games: the server flags a clock within 1 s of its expiry (arbiter.games.tasks).
    "games-flag": {
        "task": "games.flag_tick",
        "schedule": env.float("ARBITER_FLAG_TICK_SECONDS", default=0.5),
    },
    # A version ping whose trailing task was lost is sent late, not never (arbiter.realtime).
    "realtime-reload-catch-up": {
        "task": "realtime.reload_catch_up",
        "schedule": env.float("ARBITER_TICK_SECONDS", default=2.0),
    },
    # The worker's heartbeat: proof that tasks are being run (health, docs/deploy.md).
    "core-heartbeat": {
        "task": "core.heartbeat",
        "schedule": HEARTBEAT_SECONDS,
        "options": {"expires": HEARTBEAT_MAX_AGE_SECONDS},  # no backlog after an outage
    },
}
if TASK_QUEUES == "split":  # a heartbeat through each job's queue too (health sees each)
    from arbiter.core.task_queues import job_heartbeats

    CELERY_BEAT_SCHEDULE |= job_heartbeats(
        seconds=HEARTBEAT_SECONDS, expires=HEARTBEAT_MAX_AGE_SECONDS
    )

# The tick gives a round due within this many seconds a task timed to its due time.
ROUND_START_LOOKAHEAD_SECONDS = env.float("ARBITER_ROUND_START_LOOKAHEAD_SECONDS", default=6.0)
# Embedded mode's in-process threads (arbiter.core.embedded): each beat entry has one of its
# own; a task named here runs in its lane, any other in `tasks`. Round starts and clock flags
# are what players wait for, so a burst of pushes never queues them.
EMBEDDED_TASK_LANES: dict[str, str] = {
    "tournaments.round_start_due": "schedule",
    "games.flag_at_expiry": "schedule",
}
EMBEDDED_LANE_THREADS: dict[str, int] = {"schedule": 2, "tasks": 4}
# Request threads running at once in one web process (config.http_slots): the rest wait on the
# event loop, first come first served, instead of a hundred threads sharing one GIL and one
# SQLite write lock. Embedded mode bounds them by default; 0 = unbounded.
# uvicorn's line per request (development; production's default is off: the proxy logs).
ACCESS_LOG = env.bool("ARBITER_ACCESS_LOG", default=True)
HTTP_CONCURRENCY = env.int("ARBITER_HTTP_CONCURRENCY", default=6 if EMBEDDED else 0)

# A public page is rendered once per read version (docs/live.md, "Reads"); the version the
# commits publish to the cache is trusted this long, then read from the database again.
READ_VERSION_SECONDS = env.int("ARBITER_READ_VERSION_SECONDS", default=10)

# An event's version pings come at most once a second, and further apart when its watchers
# would refetch more pages than this each second (arbiter.realtime.ping.reload_interval).
RELOAD_REFETCHES_PER_SECOND = env.float("ARBITER_RELOAD_REFETCHES_PER_SECOND", default=1000.0)

# The lichess Board API's streams write an empty line this often (lichess: about 7 s).
LICHESS_STREAM_KEEPALIVE_SECONDS = env.float("ARBITER_STREAM_KEEPALIVE_SECONDS", default=6.0)

# --- REST API ------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: its WWW-Authenticate header makes DRF answer 401 (not 403) to anonymous.
        "arbiter.users.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "arbiter.common.pagination.DefaultPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "arbiter.common.schema.AutoSchema",
    "EXCEPTION_HANDLER": "arbiter.common.exception_handler.api_exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "auth": env.str("ARBITER_AUTH_THROTTLE_RATE", default="20/min"),
        "join": env.str("ARBITER_JOIN_THROTTLE_RATE", default="30/min"),
        "create": env.str("ARBITER_CREATE_THROTTLE_RATE", default="60/hour"),
        "game": env.str("ARBITER_GAME_ACTION_THROTTLE_RATE", default="300/min"),
    },
    # Throttles key on the client address: REMOTE_ADDR, or with N trusted reverse proxies in
    # front the address the last of them appended to X-Forwarded-For. Never the header as the
    # client wrote it, which anyone can change on every request.
    "NUM_PROXIES": env.int("ARBITER_NUM_PROXIES", default=0),
    "DEFAULT_PARSER_CLASSES": ["arbiter.common.parsers.DepthSafeJSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Arbiter API",
    "DESCRIPTION": "Swiss tournaments with FIDE Dutch pairings and FIDE/EGF tiebreaks.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Operation ids and tags are named from the path after /api/: the lichess paths at the
    # root (/swiss/{id}.trf, /team/…) must not shorten the common prefix and rename them all.
    "SCHEMA_PATH_PREFIX": "/api/",
    # Swagger UI assets come from the sidecar package: nothing is fetched from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name for choice sets that several fields share.
    "ENUM_NAME_OVERRIDES": {
        "ColourEnum": ["white", "black"],
        # Named so that the team Swiss sets below leave these names as they were.
        "ResultEnum": ["1-0", "0-1", "1/2-1/2", "+-", "-+", "--"],
        "LichessSwissStatusEnum": ["created", "started", "finished"],
        # Team Swiss (arbiter.teamswiss): a board's result from White's side ("" unplayed).
        "TeamSwissResultEnum": ["1-0", "0-1", "1/2", "+-", "-+", "--"],
        "TeamSwissRoundStatusEnum": ["lineups", "playing", "complete"],
        "TeamSwissTeamStatusEnum": ["active", "withdrawn"],
        "TeamSwissSideEnum": ["w", "b"],
        # An over-the-board game's own result (arbiter.otb), "*" while it is entered.
        "OtbResultEnum": ["*", "1-0", "0-1", "1/2-1/2"],
    },
    # The socket messages last: the enum hook rebuilds the components from the registry, and
    # a message's `event` stays a one-value enum in place (a literal type in TypeScript).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        # The Board API's streams (async views, which the generator does not list).
        "arbiter.lichess.board.schema.board_streams_hook",
        # Last of the lichess ones: their error answers in lichess's shape.
        "arbiter.lichess.schema.lichess_errors_hook",
        "arbiter.common.schema.socket_messages_hook",
    ],
}
# The socket messages each app declares, added to the schema by the hook above.
ARBITER_SOCKET_MESSAGES = [
    "arbiter.tournaments.api.socket_schema.SOCKETS",
    "arbiter.games.api.socket_schema.SOCKETS",
    "arbiter.teamswiss.api.socket_schema.SOCKETS",
]

# Personal API tokens expire this many days after they are created; sockets re-check their
# credentials this often (a revocation closes them at once; this catches expiry and any close
# message lost). docs/security.md.
API_TOKEN_LIFETIME_DAYS = env.int("ARBITER_API_TOKEN_LIFETIME_DAYS", default=365)
SOCKET_AUTH_RECHECK_SECONDS = env.float("ARBITER_SOCKET_AUTH_RECHECK_SECONDS", default=60.0)

# The most players one event holds through registered entries and TRF imports (the CSV import
# takes at most 2,000 rows a request). A 9,999-player import took a server down (issue 25):
# the pairing engine's time and memory grow with the square of the field. docs/security.md.
MAX_EVENT_PLAYERS = env.int("ARBITER_MAX_EVENT_PLAYERS", default=2000)
# The most teams one team Swiss event holds (registrations and TRF imports, arbiter.common.caps):
# gacrux's C.04.6 engine took 2.2 s for round 5 of 200 teams, 33 s of 300 under load.
MAX_EVENT_TEAMS = env.int("ARBITER_MAX_EVENT_TEAMS", default=200)
# How long a pairing run that died (its process killed) keeps its event from being paired
# (arbiter/tournaments/services/pairing_lease.py); a live run renews it every quarter of this.
PAIRING_LEASE_SECONDS = env.int("ARBITER_PAIRING_LEASE_SECONDS", default=60)
# Security headers of every response (arbiter.common.middleware; docs/security.md). Scripts,
# styles, fonts and sockets from this origin only ('self' covers ws:/wss: to it); inline styles
# allowed (chessground and Swagger UI position elements with style attributes); images also
# as data: URLs (the favicon, chessground's piece and board images).
CONTENT_SECURITY_POLICY = env.str(
    "ARBITER_CONTENT_SECURITY_POLICY",
    default="; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    ),
)
PERMISSIONS_POLICY = env.str(
    "ARBITER_PERMISSIONS_POLICY",
    default=(
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), "
        "midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=()"
    ),
)

# Abuse limits (docs/security.md; REST game actions: the "game" throttle rate above): frames
# per socket (a token bucket: this many a second, bursts up to `BURST`; past it the socket
# closes with 1008), and long-lived connections per user, sockets and Board-API streams
# together, across web processes (past it a socket closes with 4429, a stream is a 429). Each
# holds a place leased this long and renewed while it lives: a process that dies gives its
# places back when their lease runs out (arbiter.realtime.connections).
SOCKET_FRAMES_PER_SECOND = env.float("ARBITER_SOCKET_FRAMES_PER_SECOND", default=10.0)
SOCKET_FRAME_BURST = env.int("ARBITER_SOCKET_FRAME_BURST", default=40)
LIVE_CONNECTIONS_PER_USER = env.int(
    "ARBITER_LIVE_CONNECTIONS_PER_USER",
    default=env.int("ARBITER_SOCKETS_PER_USER", default=50),  # its name until sockets only
)
LIVE_CONNECTION_LEASE_SECONDS = env.float("ARBITER_LIVE_CONNECTION_LEASE_SECONDS", default=60.0)

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # the browser client reads it to send X-CSRFToken
# JSON on API paths (lichess's streams are plain views, so Django's check answers there).
CSRF_FAILURE_VIEW = "arbiter.common.views.csrf_failure"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("ARBITER_LOG_LEVEL", default="INFO")},
    # The periodic tasks and the live push run every few seconds: Celery's INFO lines about
    # them (sent, received, succeeded) are dropped; what they do is logged by themselves.
    "filters": {
        "routine_tasks": {
            "()": "arbiter.common.log_filters.RoutineTaskFilter",
            "tasks": [e["task"] for e in CELERY_BEAT_SCHEDULE.values()] + ["tournaments.live_push"],
        }
    },
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        **{
            name: {"filters": ["routine_tasks"]}
            for name in ("celery.beat", "celery.worker.strategy", "celery.app.trace")
        },
        # One line per move a game socket handled, with its time (benchmarks/bench_games.py);
        # slow moves are logged as warnings whatever this says.
        "arbiter.games.timing": {"level": env.str("ARBITER_GAME_TIMING_LOG", default="WARNING")},
    },
}
