#!/usr/bin/env bash
# Arbiter past one machine, on this one, without docker (docs/deploy.md, "Past one machine"):
# nginx in front of two HTTP and two socket processes (`manage.py serve`), Celery workers by
# job, beat, PgBouncer in transaction mode in front of PostgreSQL, and the channel layer
# sharded over two Redis servers of its own. The same topology as docker-compose.yml.
#
#   scripts/topology.sh up        start everything, migrate, wait until ready, print the URL
#   scripts/topology.sh down      stop everything it started (pid files); nothing is left
#   scripts/topology.sh status    each process, and the readiness answer
#   scripts/topology.sh stop|start NAME   one process of a running topology (e.g. pgbouncer)
#
# Knobs (environment; `up` keeps them in the state directory for the other commands):
#   TOPOLOGY_DIR (/tmp/arbiter-topology)  state: config, pid files, logs
#   TOPOLOGY_PORT (8080)                  nginx
#   TOPOLOGY_HTTP_PORTS ("8101 8102"), TOPOLOGY_SOCKET_PORTS ("8111 8112")
#   TOPOLOGY_CHANNEL_REDIS_PORTS ("6391 6392"), TOPOLOGY_PGBOUNCER_PORT (6432)
#   TOPOLOGY_PG_HOST (127.0.0.1), TOPOLOGY_PG_PORT (5432): PostgreSQL, user postgres (trust)
#   TOPOLOGY_DATABASE (arbiter_topology)  created if absent, then migrated
#   TOPOLOGY_REDIS_URL (redis://127.0.0.1:6379/3)  the broker and the cache
#   TOPOLOGY_SETTINGS (config.settings.production), TOPOLOGY_PAIRING_WORKERS (1),
#   TOPOLOGY_CONCURRENCY (2, task processes per worker), TOPOLOGY_TIMEOUT (120 s to be ready),
#   DATABASE_POOL_SIZE (4 per process: 4 web + 3 x 2 task processes through PgBouncer)
# Every other variable (ARBITER_*, DJANGO_*, DATABASE_POOL_SIZE, ...) reaches the processes.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TEMPLATES=$ROOT/scripts/topology
DIR=${TOPOLOGY_DIR:-/tmp/arbiter-topology}
RUN=$DIR/run
LOGS=$DIR/logs
APPS=(web-http-a web-http-b web-socket-a web-socket-b beat worker-live)
STORES=(pgbouncer redis-channels-a redis-channels-b)

say() { printf 'topology: %s\n' "$*"; }
die() {
  printf 'topology: %s\n' "$*" >&2
  exit 1
}

# --- configuration --------------------------------------------------------------------------
configure() {
  export TOPOLOGY_DIR=$DIR
  export TOPOLOGY_PORT=${TOPOLOGY_PORT:-8080}
  export TOPOLOGY_HTTP_PORTS=${TOPOLOGY_HTTP_PORTS:-"8101 8102"}
  export TOPOLOGY_SOCKET_PORTS=${TOPOLOGY_SOCKET_PORTS:-"8111 8112"}
  export TOPOLOGY_CHANNEL_REDIS_PORTS=${TOPOLOGY_CHANNEL_REDIS_PORTS:-"6391 6392"}
  export TOPOLOGY_PGBOUNCER_PORT=${TOPOLOGY_PGBOUNCER_PORT:-6432}
  export TOPOLOGY_PG_HOST=${TOPOLOGY_PG_HOST:-127.0.0.1}
  export TOPOLOGY_PG_PORT=${TOPOLOGY_PG_PORT:-5432}
  export TOPOLOGY_DATABASE=${TOPOLOGY_DATABASE:-arbiter_topology}
  export TOPOLOGY_REDIS_URL=${TOPOLOGY_REDIS_URL:-redis://127.0.0.1:6379/3}
  export TOPOLOGY_SETTINGS=${TOPOLOGY_SETTINGS:-config.settings.production}
  export TOPOLOGY_PAIRING_WORKERS=${TOPOLOGY_PAIRING_WORKERS:-1}
  export TOPOLOGY_CONCURRENCY=${TOPOLOGY_CONCURRENCY:-2}
  export TOPOLOGY_TIMEOUT=${TOPOLOGY_TIMEOUT:-120}
  if [[ -z ${TOPOLOGY_PYTHON:-} ]]; then
    TOPOLOGY_PYTHON=$ROOT/.venv/bin/python
    [[ -x $TOPOLOGY_PYTHON ]] || TOPOLOGY_PYTHON=$(command -v python3 || true)
  fi
  export TOPOLOGY_PYTHON
  read -r -a HTTP_PORTS <<<"$TOPOLOGY_HTTP_PORTS"
  read -r -a SOCKET_PORTS <<<"$TOPOLOGY_SOCKET_PORTS"
  read -r -a CHANNEL_PORTS <<<"$TOPOLOGY_CHANNEL_REDIS_PORTS"
  for list in HTTP_PORTS SOCKET_PORTS CHANNEL_PORTS; do
    local -n ports=$list
    [[ ${#ports[@]} -eq 2 ]] || die "$list needs two ports, got '${ports[*]}'"
  done
  [[ $TOPOLOGY_PAIRING_WORKERS =~ ^[1-9][0-9]*$ ]] || die "TOPOLOGY_PAIRING_WORKERS: a count"
  [[ $TOPOLOGY_DATABASE =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "TOPOLOGY_DATABASE: a plain name"
  PAIRING_WORKERS=()
  for ((i = 1; i <= TOPOLOGY_PAIRING_WORKERS; i++)); do PAIRING_WORKERS+=("worker-pairing-$i"); done
  NAMES=(nginx "${APPS[@]}" "${PAIRING_WORKERS[@]}" "${STORES[@]}")

  # What every Arbiter process of the topology reads (docs/configuration.md).
  export DJANGO_SETTINGS_MODULE=$TOPOLOGY_SETTINGS
  export REDIS_URL=$TOPOLOGY_REDIS_URL
  unset CELERY_BROKER_URL CELERY_RESULT_BACKEND # the broker is REDIS_URL, as in compose
  export ARBITER_CHANNEL_REDIS_URLS="redis://127.0.0.1:${CHANNEL_PORTS[0]}/0,redis://127.0.0.1:${CHANNEL_PORTS[1]}/0"
  export ARBITER_TASK_QUEUES=split
  export DATABASE_URL="postgres://postgres@127.0.0.1:$TOPOLOGY_PGBOUNCER_PORT/$TOPOLOGY_DATABASE"
  export DATABASE_POOLER=pgbouncer
  export DATABASE_POOL_SIZE=${DATABASE_POOL_SIZE:-4}
  export DJANGO_ALLOWED_HOSTS=${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}
  # Plain HTTP on the loopback: production's redirect to HTTPS would send every request away.
  export DJANGO_SECURE_SSL_REDIRECT=${DJANGO_SECURE_SSL_REDIRECT:-false}
  unset ARBITER_WORKER_JOBS # set per worker below
}

# The environment of `up`, for `start NAME` later: the same ports, settings and variables.
env_save() { # readable by its owner only: it holds the secret key
  local name
  for name in $(compgen -e); do
    case $name in
      TOPOLOGY_* | ARBITER_* | DJANGO_* | DATABASE_* | REDIS_URL | FORWARDED_ALLOW_IPS | PATH)
        printf 'export %s=%q\n' "$name" "${!name}"
        ;;
    esac
  done | (umask 077 && cat >"$DIR/topology.env")
}

render() { # TEMPLATE OUTPUT VARIABLE...: only those are substituted (nginx's $host stays)
  local template=$1 output=$2 names="" name
  shift 2
  for name in "$@"; do names+="\${$name} "; done
  envsubst "$names" <"$TEMPLATES/$template" >"$output"
  chmod 644 "$output"
}

# --- processes ------------------------------------------------------------------------------
pid_of() { [[ -s $RUN/$1.pid ]] && read -r pid _ <"$RUN/$1.pid" && echo "$pid"; }

started_at() { # PID: its start time, so that a pid reused by another process is not ours
  local stat fields
  read -r stat 2>/dev/null <"/proc/$1/stat" || return 1
  read -r -a fields <<<"${stat##*) }"
  # A zombie is gone (nothing reaps orphans at once here: this machine's init does not).
  [[ ${fields[0]} != Z ]] || return 1
  echo "${fields[19]}"
}

live_groups() { # the process groups with a member that is not a zombie, one a line
  local stat fields
  for stat in /proc/[0-9]*/stat; do
    read -r stat 2>/dev/null <"$stat" || continue
    read -r -a fields <<<"${stat##*) }"
    [[ ${fields[0]} == Z ]] || echo "${fields[2]}"
  done | sort -u
}

running() { # NAME: its process is alive and is the one the pid file names
  local pid start now
  [[ -s $RUN/$1.pid ]] || return 1
  read -r pid start <"$RUN/$1.pid"
  now=$(started_at "$pid") || return 1
  [[ $now == "$start" ]]
}

# A process in a session of its own (setsid does not fork here: the background child is no
# group leader), so $! is its pid and `kill -- -pid` reaches all it starts.
spawn() {
  local name=$1
  shift
  setsid "$@" >>"$LOGS/$name.log" 2>&1 </dev/null &
  local pid=$!
  echo "$pid $(started_at "$pid" || echo 0)" >"$RUN/$name.pid"
}

celery_worker() { # NAME JOBS
  spawn "$1" env ARBITER_WORKER_JOBS="$2" "$TOPOLOGY_PYTHON" -m celery -A config worker \
    -n "$1@%h-$TOPOLOGY_PORT" -c "$TOPOLOGY_CONCURRENCY" -l info --without-mingle --without-gossip
}

start_one() {
  local name=$1 as_user=()
  cd "$ROOT"
  case $name in
    redis-channels-a | redis-channels-b)
      local port=${CHANNEL_PORTS[0]}
      [[ $name == redis-channels-b ]] && port=${CHANNEL_PORTS[1]}
      spawn "$name" redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no
      ;;
    pgbouncer)
      # PgBouncer refuses to run as root; as the database's user it reads its 644 files.
      [[ $(id -u) == 0 ]] && as_user=(-u postgres)
      spawn pgbouncer pgbouncer "${as_user[@]}" "$DIR/pgbouncer/pgbouncer.ini"
      ;;
    web-http-a) spawn "$name" "$TOPOLOGY_PYTHON" manage.py serve --port "${HTTP_PORTS[0]}" ;;
    web-http-b) spawn "$name" "$TOPOLOGY_PYTHON" manage.py serve --port "${HTTP_PORTS[1]}" ;;
    web-socket-a) spawn "$name" "$TOPOLOGY_PYTHON" manage.py serve --port "${SOCKET_PORTS[0]}" ;;
    web-socket-b) spawn "$name" "$TOPOLOGY_PYTHON" manage.py serve --port "${SOCKET_PORTS[1]}" ;;
    worker-pairing-*) celery_worker "$name" pairing,default ;;
    worker-live) celery_worker "$name" live,ratings ;;
    beat)
      spawn beat "$TOPOLOGY_PYTHON" -m celery -A config beat -l info -s "$RUN/beat-schedule"
      ;;
    nginx)
      # nginx's master never runs as root: started by root it runs as nobody, which owns
      # the directory nginx writes to (pid, logs, temporary files).
      [[ $(id -u) == 0 ]] && as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
      spawn nginx "${as_user[@]}" nginx -p "$DIR/nginx" -e "$DIR/nginx/error.log" \
        -c "$DIR/nginx/nginx.conf"
      ;;
    *) die "no process named '$name' (one of: ${NAMES[*]})" ;;
  esac
}

stop_many() { # NAME...: SIGTERM every group, wait, SIGKILL what is left
  local name pid groups=()
  for name in "$@"; do
    pid=$(pid_of "$name") || continue
    # A leader that is gone (or a zombie) may have left its group behind (pool processes);
    # a pid in use by another process is never ours (see `running`).
    if running "$name" || ! started_at "$pid" >/dev/null; then
      kill -TERM -- "-$pid" 2>/dev/null || true
      groups+=("$pid")
    fi
  done
  local deadline=$((SECONDS + 15)) left live
  while :; do
    left=()
    live=" $(live_groups | tr '\n' ' ')"
    for pid in "${groups[@]}"; do [[ $live == *" $pid "* ]] && left+=("$pid"); done
    [[ ${#left[@]} -eq 0 || $SECONDS -ge $deadline ]] && break
    sleep 0.2
  done
  for pid in "${left[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
  for name in "$@"; do rm -f "$RUN/$name.pid"; done
}

# The proxy first (no new requests), then the processes, the stores they use last (so none
# of them logs a lost store while it stops). Also any pid file an `up` with other knobs left.
stop_all() {
  local apps=("${APPS[@]}" "${PAIRING_WORKERS[@]}") file name
  for file in "$RUN"/*.pid; do
    [[ -e $file ]] || continue
    name=${file##*/}
    name=${name%.pid}
    [[ " ${NAMES[*]} " == *" $name "* ]] || apps+=("$name")
  done
  stop_many nginx
  stop_many "${apps[@]}"
  stop_many "${STORES[@]}"
}

# --- checks ---------------------------------------------------------------------------------
need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is missing ($2)"
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

preflight() {
  need nginx "apt-get install -y nginx"
  need pgbouncer "apt-get install -y pgbouncer"
  need redis-server "apt-get install -y redis-server"
  need redis-cli "apt-get install -y redis-tools"
  need psql "apt-get install -y postgresql-client"
  need pg_isready "apt-get install -y postgresql-client"
  need envsubst "apt-get install -y gettext-base"
  need curl "apt-get install -y curl"
  need setsid "util-linux"
  [[ $(id -u) != 0 ]] || need setpriv "util-linux"
  [[ -n $TOPOLOGY_PYTHON && -x $TOPOLOGY_PYTHON ]] || die "no Python (make install, or TOPOLOGY_PYTHON)"
  local name port
  for name in "${NAMES[@]}"; do
    ! running "$name" || die "already running in $DIR ($name): scripts/topology.sh down first"
  done
  for port in "$TOPOLOGY_PORT" "${HTTP_PORTS[@]}" "${SOCKET_PORTS[@]}" "${CHANNEL_PORTS[@]}" \
    "$TOPOLOGY_PGBOUNCER_PORT"; do
    port_free "$port" || die "port $port is in use (set TOPOLOGY_*PORT* to free ones)"
  done
  pg_isready -q -h "$TOPOLOGY_PG_HOST" -p "$TOPOLOGY_PG_PORT" ||
    die "PostgreSQL does not answer on $TOPOLOGY_PG_HOST:$TOPOLOGY_PG_PORT (scripts/services.sh)"
  [[ $(redis-cli -u "$TOPOLOGY_REDIS_URL" ping 2>/dev/null) == PONG ]] ||
    die "Redis does not answer at $TOPOLOGY_REDIS_URL (scripts/services.sh)"
}

# --- up -------------------------------------------------------------------------------------
prepare_dir() {
  mkdir -p "$RUN" "$LOGS" "$DIR/pgbouncer" "$DIR/nginx/tmp"
  # PgBouncer (as postgres) and nginx (as nobody) read their files here.
  chmod 755 "$DIR" "$RUN" "$LOGS" "$DIR/pgbouncer" "$DIR/nginx"
  rm -f "$RUN"/*.pid
  printf '"postgres" ""\n' >"$DIR/pgbouncer/userlist.txt"
  chmod 644 "$DIR/pgbouncer/userlist.txt"
  PGBOUNCER_DIR=$DIR/pgbouncer render pgbouncer.ini.template "$DIR/pgbouncer/pgbouncer.ini" \
    TOPOLOGY_DATABASE TOPOLOGY_PG_HOST TOPOLOGY_PG_PORT TOPOLOGY_PGBOUNCER_PORT PGBOUNCER_DIR
  NGINX_DIR=$DIR/nginx render nginx.conf.template "$DIR/nginx/nginx.conf" NGINX_DIR
  ARBITER_HTTP_A=127.0.0.1:${HTTP_PORTS[0]} ARBITER_HTTP_B=127.0.0.1:${HTTP_PORTS[1]} \
    ARBITER_SOCKET_A=127.0.0.1:${SOCKET_PORTS[0]} ARBITER_SOCKET_B=127.0.0.1:${SOCKET_PORTS[1]} \
    ARBITER_PROXY_PORT=127.0.0.1:$TOPOLOGY_PORT ARBITER_PROXY_ACCESS_LOG=$DIR/nginx/access.log \
    ARBITER_FORWARDED_PROTO="\$scheme" ARBITER_PROXY_CACHE_DIR=$DIR/nginx/cache \
    render arbiter.conf.template "$DIR/nginx/arbiter.conf" \
    ARBITER_HTTP_A ARBITER_HTTP_B ARBITER_SOCKET_A ARBITER_SOCKET_B ARBITER_PROXY_PORT \
    ARBITER_PROXY_ACCESS_LOG ARBITER_FORWARDED_PROTO ARBITER_PROXY_CACHE_DIR
  if [[ $(id -u) == 0 ]]; then chown -R nobody:nogroup "$DIR/nginx"; fi
  # Production settings want a secret: one of this state directory's own, kept across ups.
  if [[ $TOPOLOGY_SETTINGS == config.settings.production && -z ${DJANGO_SECRET_KEY:-} ]]; then
    [[ -s $DIR/secret-key ]] || (umask 077 && head -c 48 /dev/urandom | base64 -w0 >"$DIR/secret-key")
    DJANGO_SECRET_KEY=$(<"$DIR/secret-key")
    export DJANGO_SECRET_KEY
  fi
}

migrate() {
  local psql_cmd=(psql -h "$TOPOLOGY_PG_HOST" -p "$TOPOLOGY_PG_PORT" -U postgres -v ON_ERROR_STOP=1 -tAc)
  if [[ $("${psql_cmd[@]}" "SELECT 1 FROM pg_database WHERE datname = '$TOPOLOGY_DATABASE'") != 1 ]]; then
    "${psql_cmd[@]}" "CREATE DATABASE \"$TOPOLOGY_DATABASE\"" >/dev/null
    say "created database $TOPOLOGY_DATABASE"
  fi
  # Straight to PostgreSQL: DDL holds its locks for a whole migration, which is no business of
  # the pooler (PgBouncer is for the many short transactions of the running processes).
  (
    cd "$ROOT"
    DATABASE_URL="postgres://postgres@$TOPOLOGY_PG_HOST:$TOPOLOGY_PG_PORT/$TOPOLOGY_DATABASE" \
      DATABASE_POOLER='' DATABASE_POOL_SIZE=0 \
      "$TOPOLOGY_PYTHON" manage.py migrate --noinput >>"$LOGS/migrate.log" 2>&1
  ) || {
    tail -n 20 "$LOGS/migrate.log" >&2
    die "migrate failed (log: $LOGS/migrate.log)"
  }
}

wait_port() { # NAME PORT
  local deadline=$((SECONDS + 30))
  until ! port_free "$2"; do
    running "$1" || fail_process "$1"
    ((SECONDS < deadline)) || die "$1 does not listen on $2 (log: $LOGS/$1.log)"
    sleep 0.1
  done
}

fail_process() {
  say "$1 exited; the end of $LOGS/$1.log:" >&2
  tail -n 25 "$LOGS/$1.log" >&2 || true
  exit 1
}

http_status() { curl -s -o /dev/null -m 5 -w '%{http_code}' "$1" || true; }

wait_ready() {
  local deadline=$((SECONDS + TOPOLOGY_TIMEOUT)) name port ok
  while :; do
    for name in "${NAMES[@]}"; do running "$name" || fail_process "$name"; done
    ok=1
    # Each web process ready by itself (database through PgBouncer, both channel shards, the
    # broker, the heartbeats; each keeps its own answer a moment), each worker consuming,
    # then the whole through nginx.
    for port in "${HTTP_PORTS[@]}" "${SOCKET_PORTS[@]}"; do
      [[ $(http_status "http://127.0.0.1:$port/api/health/") == 200 ]] || ok=0
    done
    for name in worker-live "${PAIRING_WORKERS[@]}"; do
      grep -q ' ready\.' "$LOGS/$name.log" 2>/dev/null || ok=0
    done
    if ((ok)) && [[ $(http_status "http://127.0.0.1:$TOPOLOGY_PORT/api/health/") == 200 ]]; then
      return 0
    fi
    if ((SECONDS >= deadline)); then
      curl -s -m 5 "http://127.0.0.1:$TOPOLOGY_PORT/api/health/" >&2 || true
      die "not ready within ${TOPOLOGY_TIMEOUT} s (logs: $LOGS)"
    fi
    sleep 0.5
  done
}

up() {
  preflight
  prepare_dir
  env_save
  # Whatever fails from here on, nothing is left running.
  trap 'status=$?; if ((status)); then stop_all; fi' EXIT
  local name
  start_one redis-channels-a
  start_one redis-channels-b
  start_one pgbouncer
  wait_port redis-channels-a "${CHANNEL_PORTS[0]}"
  wait_port redis-channels-b "${CHANNEL_PORTS[1]}"
  wait_port pgbouncer "$TOPOLOGY_PGBOUNCER_PORT"
  migrate
  for name in web-http-a web-http-b web-socket-a web-socket-b "${PAIRING_WORKERS[@]}" \
    worker-live beat nginx; do
    start_one "$name"
  done
  wait_ready
  trap - EXIT
  say "ready: http://127.0.0.1:$TOPOLOGY_PORT/ (state and logs: $DIR; stop: scripts/topology.sh down)"
}

status() {
  local name pid down=0
  for name in "${NAMES[@]}"; do
    if running "$name"; then
      pid=$(pid_of "$name")
      printf '%-18s running (pid %s)\n' "$name" "$pid"
    else
      printf '%-18s stopped\n' "$name"
      down=1
    fi
  done
  if running nginx; then
    printf 'readiness          %s %s\n' \
      "$(http_status "http://127.0.0.1:$TOPOLOGY_PORT/api/health/")" \
      "http://127.0.0.1:$TOPOLOGY_PORT/api/health/"
  fi
  return "$down"
}

main() {
  local command=${1:-}
  [[ $# -ge 1 ]] && shift
  # The other commands act on the topology `up` described.
  if [[ $command != up && -r $DIR/topology.env ]]; then
    # shellcheck source=/dev/null
    source "$DIR/topology.env"
  fi
  configure
  case $command in
    up) up ;;
    down)
      stop_all
      say "stopped (state kept in $DIR)"
      ;;
    status) status ;;
    stop)
      [[ $# -eq 1 ]] || die "usage: scripts/topology.sh stop NAME"
      [[ " ${NAMES[*]} " == *" $1 "* ]] || die "no process named '$1' (one of: ${NAMES[*]})"
      stop_many "$1"
      ;;
    start)
      [[ $# -eq 1 ]] || die "usage: scripts/topology.sh start NAME"
      ! running "$1" || die "$1 is running"
      start_one "$1"
      ;;
    *) die "usage: scripts/topology.sh up|down|status|stop NAME|start NAME" ;;
  esac
}

main "$@"
