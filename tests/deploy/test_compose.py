"""No Docker engine runs here: parse the compose file and check what it would run exists."""

import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


APP_SERVICES = (
    "migrate",
    "web-http-a",
    "web-http-b",
    "web-socket-a",
    "web-socket-b",
    "worker-pairing",
    "worker-live",
    "beat",
)
WEB_SERVICES = ("web-http-a", "web-http-b", "web-socket-a", "web-socket-b")


def test_compose_has_the_production_services():
    services = compose()["services"]
    stores = {"postgres", "pgbouncer", "redis", "redis-channels-a", "redis-channels-b", "nginx"}
    assert stores | set(APP_SERVICES) <= services.keys()
    assert services["postgres"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    for name in APP_SERVICES:
        assert services[name]["build"] == "."
        env = services[name]["environment"]
        assert env["DJANGO_SETTINGS_MODULE"] == "config.settings.production"
        assert env["REDIS_URL"].startswith("redis://redis:")
        assert env["DATABASE_URL"].startswith("postgres://")
        # One channel ring and one queue layout in every process (docs/deploy.md).
        assert env["ARBITER_CHANNEL_REDIS_URLS"] == (
            "redis://redis-channels-a:6379/0,redis://redis-channels-b:6379/0"
        )
        assert env["ARBITER_TASK_QUEUES"] == "split"
    # The running processes go through PgBouncer; the migration straight to PostgreSQL.
    assert "@pgbouncer:6432/" in services["web-http-a"]["environment"]["DATABASE_URL"]
    assert "@postgres:5432/" in services["migrate"]["environment"]["DATABASE_URL"]
    # nginx's files are in the repository: its main file (room for the sockets) and the routing.
    for volume in services["nginx"]["volumes"]:
        assert (ROOT / volume.split(":")[0]).is_file(), volume


def test_compose_commands_point_at_real_entry_points():
    services = compose()["services"]
    for name in WEB_SERVICES:
        assert "manage.py serve --host 0.0.0.0 --port 8000 --workers" in services[name]["command"]
    for name, jobs in (("worker-pairing", "pairing,default"), ("worker-live", "live,ratings")):
        assert services[name]["command"].startswith("celery -A config worker")
        assert services[name]["environment"]["ARBITER_WORKER_JOBS"] == jobs
    assert services["beat"]["command"][:4] == ["celery", "-A", "config", "beat"]
    # The modules those commands load exist and import.
    for module in ("config.asgi", "config.celery_app"):
        code = f"import {module}"
        env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.test")
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    assert (ROOT / "Dockerfile").is_file()


def _production_env() -> dict[str, str]:
    return dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY="x" * 20 + "a-long-random-production-secret-value",
        DJANGO_ALLOWED_HOSTS="arbiter.example.org",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/arbiter",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )


def test_production_settings_pass_check_deploy():
    env = _production_env()
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_to_start_without_secrets():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.production"
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_leaves_the_access_log_to_the_proxy_unless_asked():
    """uvicorn's line per request is off in production (the proxy logs), on when asked."""
    env = _production_env()
    env.pop("ARBITER_ACCESS_LOG", None)
    code = (
        "import django; django.setup(); "
        "from arbiter.core.management.commands.serve import server_options; "
        "print(server_options()['access_log'])"
    )

    def access_log(**extra: str) -> str:
        run = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={**env, **extra},
            capture_output=True,
            text=True,
            check=True,
        )
        return run.stdout.strip()

    assert access_log() == "False"
    assert access_log(ARBITER_ACCESS_LOG="true") == "True"
