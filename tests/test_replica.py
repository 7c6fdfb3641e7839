"""Spectators' reads computed on a real streaming replica (``DATABASE_REPLICA_URL``,
karlchen/replica.py), never staler than the change they are cached for.

The test makes a replica of the test database's server (pg_basebackup; bin/services lets the
loopback replicate) and starts it on a free port. Karlchen runs in processes of their own with
``DATABASE_URL`` and ``DATABASE_REPLICA_URL`` set, as a web node would: a spectator's read of
the standings is computed on the replica once it has replayed the last change, on the primary
while it lags behind (replay paused) or is unreachable, and is right in every case.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from karlchen.replica import lsn
from scoring.models import Deal
from tests.factories.api import publish
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)

REPO = Path(__file__).resolve().parent.parent

# A web node's work, in a process of its own: a spectator's read of a URL, or a captain's deal
# at a table; what it answered and the statements each database ran for it.
NODE = """
import json, sys
import django
django.setup()
from django.db import connections
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
ran = {"primary": [], "replica": []}
def recorder(alias):
    def record(execute, sql, params, many, context):
        ran[alias].append(sql)
        return execute(sql, params, many, context)
    return record
with connections["default"].execute_wrapper(recorder("primary")), \\
        connections["replica"].execute_wrapper(recorder("replica")):
    if sys.argv[1] == "read":
        response = Client().get(sys.argv[2])
        answer = {"status": response.status_code, "body": response.json()}
    else:
        from scoring.domain.deals import record_deal
        from seating.models import Table
        from tests.factories.api import NORMAL
        from tests.factories.tournaments import CAPTAIN
        record_deal(Table.objects.get(pk=int(sys.argv[2])), deal=NORMAL, by=CAPTAIN)
        answer = {}
print(json.dumps({**answer, **ran}))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def as_postgres(command: list[str]) -> list[str]:
    """PostgreSQL's programs refuse to run as root."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@pytest.fixture(scope="module")
def replica(django_db_setup, django_db_blocker):
    """A streaming replica of the test database's server on a free port; its port."""
    server = connection.settings_dict
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("SHOW server_version_num")
        major = int(cursor.fetchone()[0]) // 10000
    binaries = Path(f"/usr/lib/postgresql/{major}/bin")
    folder = Path(tempfile.mkdtemp(prefix="karlchen-replica-"))
    data, port = folder / "data", free_port()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    host, primary_port = server["HOST"] or "127.0.0.1", str(server["PORT"] or 5432)
    password = server["PASSWORD"] or ""
    subprocess.run(
        as_postgres(
            [str(binaries / "pg_basebackup"), "-h", host, "-p", primary_port, "-U",
             server["USER"], "-D", str(data), "-R", "-X", "stream", "-c", "fast"]
        ),
        env={**os.environ, "PGPASSWORD": password},
        check=True,
        capture_output=True,
    )  # fmt: skip
    # Debian keeps a cluster's configuration outside its data folder: the replica gets its own.
    (data / "postgresql.conf").write_text(
        f"port = {port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{folder}'\n"
        "hot_standby = on\nfsync = off\n"
    )
    (data / "pg_hba.conf").write_text("local all all trust\nhost all all 127.0.0.1/32 trust\n")
    with (data / "postgresql.auto.conf").open("a") as auto:
        auto.write(
            f"primary_conninfo = 'host={host} port={primary_port} user={server['USER']} "
            f"password={password}'\n"
        )
    if os.geteuid() == 0:
        for path in (data / "postgresql.conf", data / "pg_hba.conf"):
            shutil.chown(path, "postgres")
    process = subprocess.Popen(
        as_postgres([str(binaries / "postgres"), "-D", str(data)]),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_until_recovering(port, process)
        yield port
    finally:
        process.terminate()  # a smart shutdown: it has no clients left
        process.wait(timeout=30)
        process.stdout.close()
        shutil.rmtree(folder, ignore_errors=True)


def wait_until_recovering(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the replica stopped: {process.stdout.read().decode()}")
        try:
            with on_replica(port) as replica:
                if replica.execute("SELECT pg_is_in_recovery()").fetchone()[0]:
                    return
        except psycopg.OperationalError:
            time.sleep(0.2)
    raise AssertionError("the replica did not come up within 60 s")


def on_replica(port: int) -> psycopg.Connection:
    return psycopg.connect(
        host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True
    )


def replayed(port: int) -> None:
    """Wait until the replica has replayed everything the primary has written so far."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn()")
        written = lsn(str(cursor.fetchone()[0]))
    deadline = time.monotonic() + 30
    with on_replica(port) as replica:
        while time.monotonic() < deadline:
            position = replica.execute("SELECT pg_last_wal_replay_lsn()").fetchone()[0]
            if lsn(str(position)) >= written:
                return
            time.sleep(0.05)
    raise AssertionError("the replica did not catch up within 30 s")


def paused(standby: psycopg.Connection) -> None:
    """Wait until replay has stopped, not only been asked to: a pause takes effect at the next
    WAL record the replica would replay, so without this the deal that follows may still be
    replayed (seen on a fast machine). Each try writes a record that carries no data."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = standby.execute("SELECT pg_get_wal_replay_pause_state()").fetchone()[0]
        if state == "paused":
            return
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_logical_emit_message(false, 'karlchen-test', 'pause')")
        time.sleep(0.05)
    raise AssertionError("the replica's replay did not pause within 30 s")


def node(replica_port: int, *command: str) -> dict:
    server = connection.settings_dict
    address = f"{server['USER']}:{server['PASSWORD']}@{server['HOST'] or '127.0.0.1'}"
    environment = {
        **os.environ,
        "DATABASE_URL": f"postgres://{address}:{server['PORT'] or 5432}/{server['NAME']}",
        "DATABASE_REPLICA_URL": f"postgres://{address}:{replica_port}/{server['NAME']}",
        "REPLICA_CONNECT_TIMEOUT": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", NODE, *command],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def standings_of(table) -> str:
    return f"/api/v1/tournaments/{table.series.tournament_id}/standings/"


def totals(answer: dict) -> list[int]:
    return [row["total"] for row in answer["body"]]


def read_the_standings(sql: list[str]) -> bool:
    """The statements computed the standings (the per-table totals they add up)."""
    return any("scoring_seriestotal" in statement for statement in sql)


# Each test reads once before the change it looks at: a read that finds no token in the cache
# draws one naming the primary's position at that moment, which a replica of a busy server
# has not replayed yet (so that read is computed on the primary, rightly).


def test_a_spectators_read_is_computed_on_the_replica_once_it_has_replayed_the_change(replica):
    table = seated_table(4)
    publish(table.series.tournament)
    node(replica, "read", standings_of(table))  # the cache's first tokens: the primary's now
    node(replica, "deal", str(table.pk))
    replayed(replica)

    answer = node(replica, "read", standings_of(table))

    assert answer["status"] == 200
    assert sorted(totals(answer)) == [-1, -1, 1, 1]
    assert read_the_standings(answer["replica"])
    assert not read_the_standings(answer["primary"])


def test_while_the_replica_lags_behind_the_read_is_computed_on_the_primary(replica):
    table = seated_table(4)
    publish(table.series.tournament)
    node(replica, "read", standings_of(table))
    with on_replica(replica) as standby:
        standby.execute("SELECT pg_wal_replay_pause()")
        try:
            paused(standby)
            node(replica, "deal", str(table.pk))
            lagging = node(replica, "read", standings_of(table))
        finally:
            standby.execute("SELECT pg_wal_replay_resume()")

    assert sorted(totals(lagging)) == [-1, -1, 1, 1]  # the deal the replica has not replayed
    assert read_the_standings(lagging["primary"])
    assert not read_the_standings(lagging["replica"])

    node(replica, "deal", str(table.pk))
    replayed(replica)
    caught_up = node(replica, "read", standings_of(table))

    assert sorted(totals(caught_up)) == [-2, -2, 2, 2]
    assert read_the_standings(caught_up["replica"])


def test_without_a_reachable_replica_the_read_is_computed_on_the_primary(replica):
    table = seated_table(4)
    publish(table.series.tournament)
    nobody = free_port()  # no server listens there
    node(nobody, "deal", str(table.pk))

    answer = node(nobody, "read", standings_of(table))

    assert answer["status"] == 200
    assert sorted(totals(answer)) == [-1, -1, 1, 1]
    assert read_the_standings(answer["primary"])
    assert answer["replica"] == []


def test_a_captains_deal_is_written_to_the_primary_only(replica):
    table = seated_table(4)
    replayed(replica)

    answer = node(replica, "deal", str(table.pk))

    assert any(statement.startswith("INSERT") for statement in answer["primary"])
    assert answer["replica"] == []
    assert Deal.objects.filter(table=table).count() == 1
