"""Karlchen behind PgBouncer in transaction pooling (deploy/pgbouncer.ini.template, Debian's
pgbouncer, which bin/services installs), for real: captains at six tables record deals at once
through a PgBouncer that has two server connections, with ``DB_PREPARED_STATEMENTS=false`` as
the README says. Every deal is stored once, the per-table totals agree, and the six processes'
transactions really shared the two connections."""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from django.db import connection

from deploy import pgbouncer
from scoring.models import Deal, SeriesTotal
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)

REPO = Path(__file__).resolve().parent.parent
TABLES, DEALS, POOL_SIZE = 6, 6, 2

# What one captain's phone does, in a process of its own, through PgBouncer: record the deals
# of its table and note the server connection (backend pid) each one ran on.
CAPTAIN = """
import json, sys
import django
django.setup()
from django.db import connection
from scoring.domain.deals import record_deal
from seating.models import Table
from tests.factories.api import NORMAL
from tests.factories.tournaments import CAPTAIN
table = Table.objects.get(pk=int(sys.argv[1]))
pids = []
for _ in range(int(sys.argv[2])):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pids.append(cursor.fetchone()[0])
print(json.dumps(pids))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def bouncer():
    """A PgBouncer of the shipped config on a free port, in front of the test database's server;
    its address. Run as the postgres user where the tests run as root (PgBouncer refuses root)."""
    binary = pgbouncer.binary()
    assert binary, "pgbouncer is not installed: bin/services installs Debian's package"
    server = connection.settings_dict
    folder = Path(tempfile.mkdtemp(prefix="karlchen-pgbouncer-"))
    (folder / "userlist.txt").write_text(f'"{server["USER"]}" "{server["PASSWORD"]}"\n')
    port = free_port()
    config = pgbouncer.render(
        {
            "PG_HOST": server["HOST"] or "127.0.0.1",
            "PG_PORT": str(server["PORT"] or 5432),
            "LISTEN_ADDR": "127.0.0.1",
            "LISTEN_PORT": str(port),
            "AUTH_FILE": str(folder / "userlist.txt"),
            "POOL_SIZE": str(POOL_SIZE),
            "LOG_FILE": str(folder / "pgbouncer.log"),
            "PID_FILE": str(folder / "pgbouncer.pid"),
        }
    )
    (folder / "pgbouncer.ini").write_text(config)
    command = [binary, str(folder / "pgbouncer.ini")]
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        for path in folder.iterdir():
            shutil.chown(path, "postgres")
        command = ["runuser", "-u", "postgres", "--", *command]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_until_listening(port, process)
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stdout.close()
        shutil.rmtree(folder, ignore_errors=True)


def wait_until_listening(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"pgbouncer stopped: {process.stdout.read().decode()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("pgbouncer did not listen within 10 s")


def through(bouncer: str) -> dict[str, str]:
    server = connection.settings_dict
    url = f"postgres://{server['USER']}:{server['PASSWORD']}@{bouncer}/{server['NAME']}"
    return {**os.environ, "DATABASE_URL": url, "DB_PREPARED_STATEMENTS": "false"}


def test_captains_record_deals_at_once_through_pgbouncer_in_transaction_pooling(bouncer):
    tables = [seated_table(4) for _ in range(TABLES)]
    captains = [
        subprocess.Popen(
            [sys.executable, "-c", CAPTAIN, str(table.pk), str(DEALS)],
            cwd=REPO,
            env=through(bouncer),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for table in tables
    ]
    answers = [captain.communicate(timeout=120) for captain in captains]
    assert [captain.returncode for captain in captains] == [0] * TABLES, answers
    backends = {pid for stdout, _stderr in answers for pid in json.loads(stdout)}
    assert len(backends) <= POOL_SIZE  # six processes, two server connections
    for table in tables:
        assert Deal.objects.filter(table=table).count() == DEALS
        seats = dict(table.seats.values_list("entry_id", "position"))
        totals = SeriesTotal.objects.filter(table=table).values_list("entry_id", "points")
        assert {seats[entry]: points for entry, points in totals} == {
            1: DEALS,
            2: -DEALS,
            3: DEALS,
            4: -DEALS,
        }
