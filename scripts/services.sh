#!/usr/bin/env bash
# Make sure the PostgreSQL and Redis the test suite needs are installed, running and reachable,
# and that Debian's Chromium is there for the Playwright suite (never `playwright install`).
# Idempotent: does nothing when both already answer. Fails loudly (non-zero) otherwise.
set -euo pipefail

PGHOST=127.0.0.1 PGPORT=5432 REDIS_PORT=6379

have() { command -v "$1" >/dev/null 2>&1; }
pg_up() { have pg_isready && pg_isready -q -h "$PGHOST" -p "$PGPORT"; }
redis_up() { have redis-cli && [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }

apt_install() {
  [ "$(id -u)" = 0 ] || { echo "services: need root to apt-get install $*" >&2; return 1; }
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! pg_up; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then apt_install postgresql; fi
  for version in $(ls /etc/postgresql); do
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  done
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
pg_up || { echo "services: PostgreSQL is not reachable on $PGHOST:$PGPORT" >&2; exit 1; }

if ! redis_up; then
  have redis-server || apt_install redis-server
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" \
    --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
fi
redis_up || { echo "services: Redis is not reachable on 127.0.0.1:$REDIS_PORT" >&2; exit 1; }

if [ ! -x /usr/bin/chromium ]; then apt_install chromium; fi
[ -x /usr/bin/chromium ] || { echo "services: /usr/bin/chromium is missing" >&2; exit 1; }
# PgBouncer, for the test that serves through it (tests/ops/test_pgbouncer.py); not started.
if [ ! -x /usr/sbin/pgbouncer ]; then apt_install pgbouncer; fi
[ -x /usr/sbin/pgbouncer ] || { echo "services: /usr/sbin/pgbouncer is missing" >&2; exit 1; }
# nginx, for scripts/topology.sh and its test (tests/ops/test_topology_script.py); not started.
if [ ! -x /usr/sbin/nginx ]; then apt_install nginx; fi
[ -x /usr/sbin/nginx ] || { echo "services: /usr/sbin/nginx is missing" >&2; exit 1; }

# The suite's base database (pytest creates its own test_* databases next to it).
psql_cmd=(psql -h "$PGHOST" -p "$PGPORT" -U postgres -tAc)
if [ "$("${psql_cmd[@]}" "SELECT 1 FROM pg_database WHERE datname='arbiter'")" != 1 ]; then
  "${psql_cmd[@]}" "CREATE DATABASE arbiter" >/dev/null
fi
echo "services: PostgreSQL and Redis are up, Chromium, PgBouncer and nginx are installed"
