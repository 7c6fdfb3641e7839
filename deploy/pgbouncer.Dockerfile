# PgBouncer from Debian's package (the one tests/test_pgbouncer.py runs), configured at start from
# the environment by deploy/pgbouncer.py (the same template as the test: transaction pooling).
# Built with deploy/ as its context (the app image's .dockerignore leaves deploy/ out).
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends pgbouncer python3-minimal postgresql-client \
    && rm -rf /var/lib/apt/lists/*
COPY pgbouncer.py pgbouncer.ini.template /opt/karlchen-pgbouncer/
USER postgres
EXPOSE 6432
ENTRYPOINT ["python3", "/opt/karlchen-pgbouncer/pgbouncer.py"]
