"""Karlchen behind PgBouncer in transaction pooling (deploy/pgbouncer.ini.template, Debian's
pgbouncer, which bin/services installs), for real: captains at six tables record deals at once
through a PgBouncer that has two server connections, with ``DB_PREPARED_STATEMENTS=false`` as
the README says. Every deal is stored once, the per-table totals agree, and the six processes'
transactions really shared the two connections."""

import ipaddress
import json
import os
import subprocess
import sys
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


@pytest.fixture
def bouncer():
    """A PgBouncer of the shipped config on a free loopback port, in front of the test
    database's server (deploy/pgbouncer.py); its address."""
    assert pgbouncer.binary(), "pgbouncer is not installed: bin/services installs Debian's package"
    with pgbouncer.running(server_values(), POOL_SIZE) as running:
        yield running.address


def server_values() -> dict[str, str]:
    server = connection.settings_dict
    return {
        "PG_HOST": server["HOST"] or "127.0.0.1",
        "PG_PORT": str(server["PORT"] or 5432),
        "PG_USER": server["USER"],
        "PG_PASSWORD": server["PASSWORD"] or "",
    }


def listening_addresses(port: int) -> set[str]:
    """The local addresses of the sockets listening on ``port`` (/proc/net/tcp and tcp6)."""
    addresses = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                if len(address) == 8:
                    addresses.add(str(ipaddress.IPv4Address(bytes.fromhex(address)[::-1])))
                else:  # four little-endian words
                    words = [bytes.fromhex(address[i : i + 8])[::-1] for i in range(0, 32, 8)]
                    addresses.add(str(ipaddress.IPv6Address(b"".join(words))))
    return addresses


def test_a_local_pgbouncer_listens_on_loopback_only():
    with pgbouncer.running(server_values(), POOL_SIZE) as running:
        port = int(running.address.rsplit(":", 1)[1])
        assert listening_addresses(port) == {"127.0.0.1"}


def test_the_config_listens_where_told_and_in_its_container_on_every_interface(tmp_path):
    values = {**server_values(), "LISTEN_PORT": "6543"}
    told = pgbouncer.write_config({**values, "LISTEN_ADDR": "127.0.0.1"}, tmp_path / "told")
    container = pgbouncer.write_config(values, tmp_path / "container")
    assert "listen_addr = 127.0.0.1" in told.read_text()
    assert "listen_addr = 0.0.0.0" in container.read_text()


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
