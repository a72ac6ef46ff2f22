#!/usr/bin/env bash
# `make dev`: Django (API, admin, WebSocket) on DJANGO_PORT and Vite's dev server with hot
# reload on VITE_PORT (5173), which proxies /api, /ws and /admin to Django. Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${DJANGO_PORT:-8000}"
vite_port="${VITE_PORT:-5173}"
DJANGO_DEBUG="${DJANGO_DEBUG:-1}" .venv/bin/python manage.py serve --port "$port" &
django=$!
trap 'kill "$django" 2>/dev/null || true; wait "$django" 2>/dev/null || true' EXIT INT TERM
echo "dev: open http://localhost:$vite_port/ (Django on port $port)"
cd frontend && DJANGO_PORT="$port" npm run dev -- --port "$vite_port"
