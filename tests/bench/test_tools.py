"""The benchmarks' measuring tools (bench/tools.py) measure what they say: PostgreSQL's CPU
counted over every backend of the database, also one that exits during the run (a connection
recycled by CONN_MAX_AGE once made the database's CPU per deal negative); load generators
that send what a spectator's page sends and report what they cost; percentiles with the
confidence their sample count gives (checked against an exact computation and by simulation)."""

import http.server
import random
import threading
import time
from fractions import Fraction
from math import comb

import psycopg
import pytest
from django.db import connection

from bench import tools

pytestmark = pytest.mark.django_db

BURN = "SELECT count(*) FROM generate_series(1, 3000000)"  # a few hundred ms of a backend's CPU


def connect(database: str | None = None) -> psycopg.Connection:
    server = connection.settings_dict
    return psycopg.connect(
        host=server["HOST"] or "127.0.0.1",
        port=server["PORT"] or 5432,
        user=server["USER"],
        password=server["PASSWORD"] or "",
        dbname=database or server["NAME"],
        autocommit=True,
    )


def backend_pid(session: psycopg.Connection) -> int:
    return session.execute("SELECT pg_backend_pid()").fetchone()[0]


def test_a_backend_that_exits_during_the_run_keeps_what_it_used():
    session = connect()
    session.execute(BURN)  # CPU before the run: what vanished from the old sum
    pid = backend_pid(session)
    before = tools.process_cpu(pid)
    with tools.BackendCpu(connection.settings_dict["NAME"], exclude=own_backends()) as counted:
        session.execute(BURN)
        time.sleep(0.3)  # sampled after its work
        used = tools.process_cpu(pid) - before
        session.close()
        time.sleep(0.3)
    assert used > 0.02
    assert counted.exited == 1
    assert counted.started == 0
    assert counted.seconds == pytest.approx(used, abs=0.02)


def test_a_backend_started_and_gone_during_the_run_counts_from_its_start_and_others_not():
    other_database = connect("postgres")  # another database's backend on the same server
    with tools.BackendCpu(connection.settings_dict["NAME"], exclude=own_backends()) as counted:
        other_database.execute(BURN)
        session = connect()
        session.execute(BURN)
        time.sleep(0.3)
        session.close()
        time.sleep(0.3)
    other_database.close()
    assert counted.started == 1
    assert counted.exited == 1
    assert counted.seconds > 0.02
    assert "1 started, 1 exited" in counted.note()
    assert backend_count(counted) == 1  # the postgres database's backend is not counted


class FakeProcesses:
    """A process table for ``tools.BackendCpu``: pid → (database or "" for no backend, start
    time, CPU ticks), changed between samples as a test says."""

    def __init__(self, monkeypatch, table: dict[int, tuple[str, int, int]]) -> None:
        self.table = table
        monkeypatch.setattr(tools, "all_pids", lambda: sorted(self.table))
        monkeypatch.setattr(tools, "backend_database", lambda pid: self.table[pid][0])
        monkeypatch.setattr(tools, "_stat", self.stat)

    def stat(self, pid: int) -> list[str]:
        _database, start, ticks = self.table[pid]
        fields = ["S"] + ["0"] * 40  # stat's fields after the command name: state first
        fields[11], fields[19] = str(ticks), str(start)
        return fields


def test_a_pid_handed_to_a_new_process_neither_subtracts_nor_counts_as_ours(monkeypatch):
    """pid_max is 32 768 here: a backend's pid came back as another process and the sum went
    below zero (its first sample was the old backend's)."""
    processes = FakeProcesses(
        monkeypatch, {42: ("karlchen", 1000, 500), 43: ("karlchen", 1001, 100), 7: ("", 5, 0)}
    )
    counted = tools.BackendCpu("karlchen")
    counted.sample(starting=True)
    processes.table[42] = ("karlchen", 1000, 500 + tools.TICKS)  # one second of work
    processes.table[43] = ("karlchen", 1001, 100 + tools.TICKS // 2)
    counted.sample()
    del processes.table[42], processes.table[7]  # both exit
    counted.sample()
    processes.table[42] = ("", 2000, 3)  # no backend, with the old backend's pid
    processes.table[7] = ("karlchen", 2001, 2 * tools.TICKS)  # a backend, with a stranger's pid
    counted.sample()
    processes.table[7] = ("karlchen", 2001, 3 * tools.TICKS)  # a second more
    counted.sample()
    # an independent sum: 42 and 43 from their first sample, 7 (new) from its start
    expected = 1 + 0.5 + (3 - 0)
    assert counted.seconds == pytest.approx(expected)
    assert (counted.started, counted.exited) == (1, 1)
    assert backend_count(counted) == 3


def own_backends() -> set[int]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return {cursor.fetchone()[0]}


def backend_count(counted: tools.BackendCpu) -> int:
    return len(counted.last)


# --- percentiles -----------------------------------------------------------------------------


def exact_interval(n: int, p: int, confidence: Fraction) -> tuple[int, int] | None:
    """The ranks (1-based) of the order-statistic interval, from exact binomial sums."""
    q = Fraction(p, 100)
    pmf = [comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(n + 1)]
    tail = (1 - confidence) / 2
    below = [sum(pmf[:k]) for k in range(n + 2)]  # P(B < k)
    lower = max(k for k in range(n + 2) if below[k] <= tail)
    upper = min(k for k in range(n + 1) if 1 - below[k + 1] <= tail)  # P(B > upper) ≤ tail
    return None if lower < 1 or upper + 1 > n else (lower, upper + 1)


@pytest.mark.parametrize(("n", "p"), [(50, 90), (120, 50), (400, 95), (265, 99), (60, 10)])
def test_percentile_intervals_agree_with_exact_binomial_sums(n, p):
    ordered = list(range(1, n + 1))  # the value is its rank
    assert tools.percentile_interval(ordered, p) == exact_interval(n, p, Fraction(95, 100))


def test_a_p99_of_265_samples_has_no_interval_and_the_note_says_so():
    ordered = sorted(random.Random(1).random() for _ in range(265))
    assert tools.percentile_interval(ordered, 99) is None
    assert "265 samples (2.6 beyond it; too few samples" in tools.tail_note(ordered)
    assert tools.samples_for(99) == 1000


def test_the_interval_covers_the_true_p99_in_about_95_of_100_samples():
    rng, covered, trials = random.Random(2026), 0, 400
    for _ in range(trials):
        ordered = sorted(rng.random() for _ in range(1500))  # uniform: the true p99 is 0.99
        low, high = tools.percentile_interval(ordered, 99)
        covered += low <= 0.99 <= high
    assert 0.93 <= covered / trials <= 0.995


def test_percentile_is_the_nearest_rank():
    ordered = [float(n) for n in range(1, 101)]
    assert tools.percentile(ordered, 50) == 50.0
    assert tools.percentile(ordered, 99) == 99.0
    assert tools.percentile([7.0], 99) == 7.0


# --- load generators -------------------------------------------------------------------------


class Recorder(http.server.BaseHTTPRequestHandler):
    """Answers every GET with a small JSON and the ETag "v1"; a 304 to If-None-Match "v1"."""

    protocol_version = "HTTP/1.1"  # keep-alive, as gunicorn behind wrk
    answered: list[int]

    def do_GET(self) -> None:
        fresh = self.headers.get("If-None-Match") == '"v1"'
        self.answered.append(304 if fresh else 200)
        body = b"" if fresh else b'{"ranking": []}'
        self.send_response(304 if fresh else 200)
        self.send_header("ETag", '"v1"')
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def server():
    Recorder.answered = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1], Recorder.answered
    httpd.shutdown()
    httpd.server_close()


def test_wrk_counts_the_answers_and_its_own_cpu(server):
    port, answered = server
    assert tools.wrk_binary(), tools.WRK_HINT
    run = tools.wrk(f"http://127.0.0.1:{port}/x", connections=4, seconds=1)
    assert run.requests > 50
    assert abs(run.requests - len(answered)) <= 4  # the answers in flight at the end
    assert run.errors == 0
    assert 0 < run.p50_ms <= run.p99_ms
    assert 0 < run.generator_cpu < run.seconds  # it used CPU, and less than a core


def test_wrk_sends_the_headers_asked_for_and_follows_the_etag_as_a_page_does(server):
    port, answered = server
    tools.wrk(
        f"http://127.0.0.1:{port}/x", connections=2, seconds=1, headers={"If-None-Match": '"v1"'}
    )
    assert set(answered) == {304}
    answered.clear()
    process = tools.start_wrk(
        f"http://127.0.0.1:{port}/x", connections=2, seconds=60, follow_etag=True
    )
    time.sleep(1.0)
    run = tools.parse_wrk(*tools.stop_wrk(process))
    assert answered.count(200) == 2  # one per connection, then the ETag it got
    assert answered.count(304) > 20
    assert run.requests > 20


def test_the_python_client_follows_the_etag_and_reports_its_cpu(server):
    port, answered = server
    run = tools.python_load(port, "/x", connections=3, seconds=0.5, follow_etag=True)
    assert answered.count(200) == 3
    assert answered.count(304) == run.requests - 3
    assert run.errors == 0
    assert run.generator_cpu > 0
