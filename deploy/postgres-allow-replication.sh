#!/bin/sh
# Run once by the postgres image when `db` is first initialised (docker-entrypoint-initdb.d):
# let the `replica` service replicate, with the same password as every other connection.
set -eu
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
