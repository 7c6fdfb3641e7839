#!/bin/sh
# The `replica` service (docker-compose.yml, profile "replica"): a streaming replica of `db`.
# On its first start it copies the primary (pg_basebackup, which also writes standby.signal and
# how to reach the primary), then it follows the primary's WAL as a hot standby that Karlchen's
# web processes read from (DATABASE_REPLICA_URL; karlchen/replica.py).
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -q -h "$PRIMARY_HOST" -U "$POSTGRES_USER"; do sleep 1; done
  PGPASSWORD="$POSTGRES_PASSWORD" pg_basebackup -h "$PRIMARY_HOST" -U "$POSTGRES_USER" \
    -D "$PGDATA" -R -X stream -c fast
  echo "primary_conninfo = 'host=$PRIMARY_HOST user=$POSTGRES_USER password=$POSTGRES_PASSWORD'" \
    >> "$PGDATA/postgresql.auto.conf"
  chmod 700 "$PGDATA"
fi
exec postgres -D "$PGDATA" -c hot_standby=on
