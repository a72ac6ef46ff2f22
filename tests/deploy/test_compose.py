"""No Docker engine runs here: parse the compose file and check what it would run exists."""

import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_has_the_production_services():
    services = compose()["services"]
    assert {"postgres", "redis", "web", "celeryworker", "celerybeat"} <= services.keys()
    assert services["postgres"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    for name in ("web", "celeryworker", "celerybeat"):
        assert services[name]["build"] == "."
        env = services[name]["environment"]
        assert env["DJANGO_SETTINGS_MODULE"] == "config.settings.production"
        assert env["REDIS_URL"].startswith("redis://redis:")
        assert env["DATABASE_URL"].startswith("postgres://")


def test_compose_commands_point_at_real_entry_points():
    services = compose()["services"]
    assert "manage.py serve --host 0.0.0.0 --port 8000 --workers" in services["web"]["command"]
    assert services["celeryworker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    assert services["celerybeat"]["command"][:4] == ["celery", "-A", "config", "beat"]
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
