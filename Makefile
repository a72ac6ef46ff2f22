# Arbiter: the two commands are `make run` and `make test`.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | sha1sum | cut -c1-12)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test lint bench lock worker beat clean

$(STAMP):
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.lock
	@rm -f $(VENV)/.installed-* && touch $(STAMP)

install: $(STAMP)

## run: the whole app on embedded defaults (SQLite, in-memory channels, in-process tasks)
run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py serve --host $(HOST) --port $(PORT)

## test: the whole suite on real PostgreSQL and Redis (started if stopped)
test: install
	bash scripts/services.sh
	@set +e; DJANGO_SETTINGS_MODULE=config.settings.test $(PY) -m pytest $(PYTEST_ARGS); rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests: failing" >&2; exit 1; fi; \
	  exit $$rc

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .

bench: install
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
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .mypy_cache .ruff_cache
