# Karlchen: one image for the web process (gunicorn), the Celery worker and the migrate job.
# Configuration comes only from the environment at run time (see docker-compose.yml).
FROM python:3.11-slim

# PYTHONPATH: settings derive BASE_DIR from their own file, so the source tree in /app (with
# templates/, locale/ and staticfiles/) must win over the copy `pip install .` puts in site-packages.
# WEB_CONCURRENCY: gunicorn reads it itself as its default number of workers.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPATH=/app \
    WEB_CONCURRENCY=3

# WeasyPrint: Pango for layout, HarfBuzz's subsetter for fast font embedding, DejaVu as the font.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 \
        libpangoft2-1.0-0 \
        libharfbuzz-subset0 \
        fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

# /data/media: generated PDFs (a volume shared by web and worker; a new volume takes this owner).
RUN groupadd --system --gid 1000 karlchen \
    && useradd --system --uid 1000 --gid karlchen --create-home --home-dir /home/karlchen karlchen \
    && mkdir -p /data/media && chown karlchen:karlchen /data/media

WORKDIR /app

# Dependencies first, read from pyproject.toml, so a code change does not reinstall them all.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
    && pip install --no-cache-dir -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

COPY . .

# The build runs as root and leaves /app read-only for the runtime user. The SECRET_KEY and DEBUG
# given to collectstatic exist only for that one command: they are not part of the image's env.
RUN pip install --no-cache-dir . \
    && rm -rf build ./*.egg-info \
    && pybabel compile -d locale -D django \
    && SECRET_KEY=collectstatic-build-only-not-a-secret DEBUG=false \
        python manage.py collectstatic --noinput

USER karlchen:karlchen

EXPOSE 8000

CMD ["gunicorn", "karlchen.wsgi:application", "--bind", "0.0.0.0:8000", "--access-logfile", "-"]
