#!/usr/bin/env bash
# The real app for the Playwright suite (frontend/playwright.config.ts starts it as its
# webServer): a fresh PostgreSQL database, migrations, then `manage.py serve` (uvicorn), a
# Celery worker and Celery beat on Redis, with the built bundle and the demo data. Everything it started is
# stopped when it gets SIGTERM/SIGINT or exits. Usage: scripts/e2e-server.sh PORT
#
# It runs on the test settings (DEBUG off, HTTP cookies, fast password hashing) with a queue,
# channel prefix, cache prefix and database of its own, so it never meets a concurrent pytest
# run or another e2e server on the same PostgreSQL and Redis.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:?usage: $0 PORT}"
name="e2e_${port}_$$"
db="arbiter_${name}"
logs="/tmp/arbiter-${name}"
mkdir -p "$logs"

export DJANGO_SETTINGS_MODULE=config.settings.test
export DATABASE_URL="postgres://postgres@127.0.0.1:5432/${db}"
export ARBITER_TEST_DATABASE_NAME="$db" ARBITER_TEST_QUEUE="$name"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/0}"
export ARBITER_TICK_SECONDS="${ARBITER_TICK_SECONDS:-1}"
export PYTHONUNBUFFERED=1
PY=.venv/bin/python
export PGOPTIONS="-c client_min_messages=warning"  # no NOTICE for a database not there
psql_admin=(psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -qtAc)

# E2E_DIST: a bundle built elsewhere (`npx vite build --outDir …`), so that two people working
# in one tree do not rebuild each other's frontend/dist under a starting server.
dist="${E2E_DIST:-frontend/dist}"
[ -f "$dist/manifest.json" ] || { echo "e2e-server: build the bundle first ($dist)" >&2; exit 1; }
# A private copy of the bundle: a rebuild in the working tree meanwhile cannot break this server.
rm -rf "$logs/dist" && cp -r "$dist" "$logs/dist"
export ARBITER_FRONTEND_DIST="$logs/dist"

pids=()
cleanup() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  "${psql_admin[@]}" "DROP DATABASE IF EXISTS ${db} WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$logs/beat-schedule"* "$logs/dist"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

"${psql_admin[@]}" "DROP DATABASE IF EXISTS ${db} WITH (FORCE)" >/dev/null
"${psql_admin[@]}" "CREATE DATABASE ${db}" >/dev/null
"$PY" manage.py migrate --noinput -v 0
"$PY" manage.py seed_demo >"$logs/seed.log" 2>&1  # the demo event the screenshots show

"$PY" -m celery -A config worker -Q "$name" -P solo -c 1 -l info -n "${name}@%h" \
  --without-mingle --without-gossip --without-heartbeat >"$logs/worker.log" 2>&1 &
pids+=($!)
"$PY" -m celery -A config beat -l info -s "$logs/beat-schedule" >"$logs/beat.log" 2>&1 &
pids+=($!)
echo "e2e-server: database $db, logs in $logs"
"$PY" manage.py serve --host 127.0.0.1 --port "$port" >"$logs/web.log" 2>&1 &
pids+=($!)
wait -n "${pids[@]}"
echo "e2e-server: a process stopped early; the end of its logs:" >&2
tail -n 20 "$logs"/*.log >&2
exit 1
