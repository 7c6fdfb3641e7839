# ruff: noqa: E402 - Django is set up before the models are imported
"""Benchmark: the standings of a big tournament, and deals recorded per second.

Builds a 400-player Doppelkopf tournament with 8 series of 100 four-tables and 24 deals each
(19 200 deals, stored with bulk inserts exactly as ``record_deal`` stores them: Deal, its
DealRevision, four RevisionPoints, ``Deal.current``), then measures
  (a) ``tournaments.domain.standings.standings`` uncached (median of N runs) and the cached read,
  (b) recording deals on fresh tables in this process: ``record_deal`` directly and the endpoint
      ``POST /api/v1/tables/{id}/deals/`` with the captain's token (Django test client),
  (c) ``record_deal`` in 4 forked processes at once,
  (d) the figure that counts, deals/s through the API: gunicorn (``--workers`` sync workers, the
      production settings: ``DEBUG=false``, persistent connections) on a loopback port, driven by
      ``--clients`` captains at once (threads, ``http.client``), each recording on its own tables;
      median of ``--http-runs`` runs on fresh tables after a warm-up run, p50/p99 latency, and the
      CPU time per deal of the workers, of every PostgreSQL backend of the database (sampled
      from /proc, so a connection recycled by ``CONN_MAX_AGE`` keeps what it used) and of the
      clients (on a shared machine steadier than deals/s: 2 cores give at most
      2000 / (their sum) deals/s).
Prints figures next to the targets (standings ≤ 100 ms, ≥ 200 recorded deals/s), and what each
part can and cannot show; asserts nothing. On a busy machine the figures move a lot: compare
medians of several runs, or the CPU per deal.

Runs on a throwaway test database (Django's test-runner utilities create ``test_<NAME>`` and drop
it afterwards; SQLite: a temporary file, and no (d)), so it never touches real data:

    .venv/bin/python bench/standings.py [--only standings,recording,http] [--runs 7]
        [--record 200] [--http-runs 3] [--http-deals 480] [--clients 8] [--workers 3]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/karlchen_bench REDIS_URL=redis://… \\
        .venv/bin/python bench/standings.py
"""

import argparse
import contextlib
import datetime
import http.client
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid
import warnings
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
warnings.filterwarnings("ignore", "No directory at", UserWarning)  # whitenoise: no collectstatic
# Keys of its own in a shared Redis, so that no real tournament's cached standings are touched.
os.environ.setdefault(
    "SECRET_KEY", f"karlchen-bench-{secrets.token_hex(16)}"
)  # gunicorn: DEBUG off
os.environ.setdefault("CACHE_KEY_PREFIX", f"karlchen-bench-{uuid.uuid4().hex[:8]}")

import django

django.setup()

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import OuterRef, Subquery
from django.test import Client
from django.test.utils import (
    CaptureQueriesContext,
)

from bench import tools
from bench.throwaway import on_throwaway_database
from karlchen.actors import Actor
from people.models import Player
from results.domain.ranking_cache import organiser_ranking
from results.domain.standings import standings
from rules.doppelkopf import deal_from_dict
from scoring import demo
from scoring.domain.deals import record_deal
from scoring.domain.totals import refresh_totals
from scoring.models import Deal, DealRevision, RevisionPoints
from seating.domain.seating import seat_series
from seating.models import Seat, Table
from tournaments.domain.tournaments import create_tournament
from tournaments.enums import TournamentStatus
from tournaments.models import Entry, Series, Tournament

TARGET_STANDINGS_MS = 100
TARGET_DEALS_PER_S = 200
PLAYERS, SERIES, TABLE_SIZE = 400, 8, 4
PARTS = {"standings", "recording", "http"}  # (a), (b) and (c), (d)
TEMPLATES = 24  # distinct generated series, reused across the 800 tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only",
        type=lambda text: set(text.split(",")),
        default=PARTS,
        help=f"what to measure, comma-separated (default: {','.join(sorted(PARTS))})",
    )
    parser.add_argument("--runs", type=int, default=7, help="standings runs (median)")
    parser.add_argument("--record", type=int, default=200, help="deals to record per method")
    http = parser.add_argument_group("(d) through HTTP")
    http.add_argument("--http-runs", type=int, default=3, help="runs (median), after a warm-up")
    http.add_argument("--http-deals", type=int, default=480, help="deals per run (about)")
    http.add_argument("--clients", type=int, default=8, help="captains recording at once")
    http.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    http.add_argument("--threads", type=int, default=1, help="threads per worker (>1: gthread)")
    args = parser.parse_args()

    on_throwaway_database(run, args)


def run(args) -> None:
    vendor = connection.vendor
    with connection.cursor() as cursor:
        cursor.execute("select sqlite_version()" if vendor == "sqlite" else "show server_version")
        (version,) = cursor.fetchone()
    print(f"database: {vendor} {version} ({connection.settings_dict['NAME']}, throwaway)")
    print(f"cache: {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}")
    print(tools.machine())
    organiser = get_user_model().objects.create_user("bench-orga")

    if "standings" in args.only:
        started = time.perf_counter()
        tournament = build_tournament(organiser)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # as autovacuum would soon after such a load
        print(f"built in {time.perf_counter() - started:.1f} s with bulk inserts (then ANALYZE)")
        print_counts(tournament)
        measure_standings(tournament, args.runs)
    if "recording" in args.only:
        measure_recording(organiser, args.record)
    if "http" in args.only:
        measure_http(organiser, args)


# --- the big tournament ----------------------------------------------------------------------


def build_tournament(organiser) -> Tournament:
    rng = random.Random(2026)
    tournament = create_tournament(
        by=Actor.of_user(organiser),
        name="Bench",
        date=datetime.date(2026, 12, 5),
        series_count=SERIES,
        status=TournamentStatus.RUNNING,
    )
    table_settings = tournament.series_settings(TABLE_SIZE)
    templates = [
        demo.generate_series(random.Random(seed), table_settings) for seed in range(TEMPLATES)
    ]
    with transaction.atomic():
        players = Player.objects.bulk_create(
            Player(name=f"Spieler {n}", club_name=f"Bench-Club {n % 20 + 1}")
            for n in range(1, PLAYERS + 1)
        )
        entries = Entry.objects.bulk_create(
            Entry(tournament=tournament, player=player, start_number=n, checked_in=True)
            for n, player in enumerate(players, start=1)
        )
        for series in tournament.series.order_by("number"):
            build_series(rng, series, entries, templates)
    return tournament


def build_series(rng, series: Series, entries: list[Entry], templates) -> None:
    order = entries[:]
    rng.shuffle(order)
    tables = []
    for number in range(1, len(order) // TABLE_SIZE + 1):
        table = Table(series=series, number=number, token_nonce=secrets.token_hex(16))
        table.token_hash = Table.hash_token(table.captain_token())
        tables.append(table)
    Table.objects.bulk_create(tables)
    seated = {
        table.pk: order[index * TABLE_SIZE : (index + 1) * TABLE_SIZE]
        for index, table in enumerate(tables)
    }
    Seat.objects.bulk_create(
        Seat(series=series, table=table, position=position, entry=entry)
        for table in tables
        for position, entry in enumerate(seated[table.pk], start=1)
    )
    played = [(table, rng.choice(templates)) for table in tables]
    deals = Deal.objects.bulk_create(
        Deal(
            table=table,
            number=generated.upcoming.number,
            kind=generated.kind.value,
            dealer=generated.upcoming.dealer,
            sitting_out=generated.upcoming.sitting_out,
        )
        for table, template in played
        for generated in template
    )
    sources = [(table, generated) for table, template in played for generated in template]
    revisions = DealRevision.objects.bulk_create(
        DealRevision(
            deal=deal,
            version=1,
            input=stored_input(generated),
            result=stored_result(generated.score),
            author_label="bench",
        )
        for deal, (_table, generated) in zip(deals, sources, strict=True)
    )
    RevisionPoints.objects.bulk_create(
        (
            RevisionPoints(
                revision=revision,
                entry=seated[table.pk][position - 1],
                position=position,
                points=points,
            )
            for revision, (table, generated) in zip(revisions, sources, strict=True)
            for position, points in generated.score.points.items()
        ),
        batch_size=5000,
    )
    Deal.objects.filter(table__series=series).update(
        current_id=Subquery(DealRevision.objects.filter(deal=OuterRef("pk")).values("pk")[:1])
    )
    refresh_totals([table.pk for table in tables])  # as every deal write keeps them


def stored_input(generated) -> dict:
    """What record_deal stores as the revision's input: the engine's deal as a dict."""
    return asdict(deal_from_dict({**generated.deal, "seats": list(generated.upcoming.players)}))


def stored_result(score) -> dict:
    """What record_deal stores as the revision's result (scoring.domain.deals._result)."""
    return {
        "winner": score.winner,
        "value": score.value,
        "lines": [asdict(line) for line in score.lines],
        "points": {str(seat): points for seat, points in sorted(score.points.items())},
    }


def print_counts(tournament: Tournament) -> None:
    in_tournament = {"series__tournament": tournament}
    counts = {
        "players": tournament.entries.count(),
        "series": tournament.series.count(),
        "tables": Table.objects.filter(**in_tournament).count(),
        "seats": Seat.objects.filter(**in_tournament).count(),
        "deals": Deal.objects.filter(table__series__tournament=tournament).count(),
        "revisions": DealRevision.objects.filter(
            deal__table__series__tournament=tournament
        ).count(),
        "revision points": RevisionPoints.objects.filter(
            revision__deal__table__series__tournament=tournament
        ).count(),
    }
    print("rows: " + ", ".join(f"{count} {name}" for name, count in counts.items()))


# --- (a) standings ---------------------------------------------------------------------------


def measure_standings(tournament: Tournament, runs: int) -> None:
    rows = standings(tournament)  # warm up (connection, query plan, imports)
    if len(rows) != PLAYERS or sum(row.total for row in rows) != 0:
        raise SystemExit(f"the standings are wrong: {len(rows)} rows")
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        standings(tournament)
        timings.append((time.perf_counter() - started) * 1000)
    with CaptureQueriesContext(connection) as queries:
        standings(tournament)
    print(
        f"(a) standings, uncached, {PLAYERS} players, {runs} runs: median "
        f"{statistics.median(timings):.1f} ms (min {min(timings):.1f}, max {max(timings):.1f}), "
        f"{len(queries)} queries; target ≤ {TARGET_STANDINGS_MS} ms: "
        f"{verdict(statistics.median(timings) <= TARGET_STANDINGS_MS)}"
    )
    organiser_ranking(tournament)  # computes and caches the body
    timings = []
    for _ in range(max(runs, 50)):
        started = time.perf_counter()
        organiser_ranking(tournament)
        timings.append((time.perf_counter() - started) * 1000)
    print(
        f"    standings, cached body, {len(timings)} reads: median "
        f"{statistics.median(timings):.2f} ms (min {min(timings):.2f}, max {max(timings):.2f})"
    )
    print(
        "    can show: what a cache miss costs one process and its queries on these cores. Cannot "
        "show: many readers at once (they share the cached body: live.py)"
    )


# --- (b) recording ---------------------------------------------------------------------------


DEALS_PER_TABLE = 20  # of 24: every table still has deals to go
CAPTAIN = Actor.captain("bench")
BENCH = Actor.system("bench")  # the organiser's steps of setting a benchmark up


def measure_recording(organiser, count: int) -> None:
    direct, api, parallel = fresh_tables(
        organiser, "Bench recording", 3, -(-count // DEALS_PER_TABLE)
    )
    report("record_deal()", timed(workload(direct, count), record_directly))
    measure_parallel(workload(parallel, count), record_directly, processes=PROCESSES)

    client, statuses = Client(), Counter()
    tokens = {table.pk: table.captain_token() for table in api}

    def record_through_api(table, generated):
        response = client.post(
            f"/api/v1/tables/{table.pk}/deals/",
            data={"deal": generated.deal, "idempotency_key": uuid.uuid4().hex},
            content_type="application/json",
            headers={"authorization": f"Table {tokens[table.pk]}"},
        )
        statuses[response.status_code] += 1
        if response.status_code != 201 and statuses[response.status_code] == 1:
            print(f"    first {response.status_code}: {response.content[:300]!r}")

    report(
        "POST /api/v1/tables/{id}/deals/ (test client, captain token)",
        timed(workload(api, count), record_through_api),
        statuses,
    )
    print(
        "    can show: one save's work in one process, one after another, without HTTP; (c) the "
        "same in 4 processes at once on these cores. Cannot show: gunicorn and HTTP in front "
        "(d), or a machine of one's own (the other work here takes its share of the cores)"
    )


def fresh_tables(organiser, name: str, series: int, tables: int) -> list[list[Table]]:
    """A running tournament of ``series`` series, each seated with ``tables`` empty four-tables."""
    tournament = create_tournament(
        by=Actor.of_user(organiser),
        name=name,
        date=datetime.date(2026, 12, 6),
        series_count=series,
        status=TournamentStatus.RUNNING,
    )
    players = Player.objects.bulk_create(
        Player(name=f"{name} {n}") for n in range(1, tables * TABLE_SIZE + 1)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=player, start_number=n)
        for n, player in enumerate(players, start=1)
    )
    plan = [entries[i : i + TABLE_SIZE] for i in range(0, len(entries), TABLE_SIZE)]
    return [seat_series(one, plan, by=BENCH) for one in tournament.series.order_by("number")]


def workload(tables: list[Table], count: int | None = None) -> list:
    """(table, generated deal) in the order tables play: deal 1 everywhere, then 2, …"""
    table_settings = tables[0].series.tournament.series_settings(TABLE_SIZE)
    per_table = [
        demo.generate_series(random.Random(table.number), table_settings, deals=DEALS_PER_TABLE)
        for table in tables
    ]
    return [
        (table, deals[index])
        for index in range(DEALS_PER_TABLE)
        for table, deals in zip(tables, per_table, strict=True)
    ][:count]


def record_directly(table, generated) -> None:
    record_deal(
        table,
        deal=generated.deal,
        by=CAPTAIN,
        number=generated.upcoming.number,
        idempotency_key=uuid.uuid4().hex,
    )


PROCESSES = 4  # captains saving at once: as several web workers would on the 2 cores


def measure_parallel(work, record, *, processes: int) -> None:
    """Deals/s with ``processes`` recording at once, each its own tables (a forked process each,
    with its own database connection), timed from a common start to the last one's end."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    tables = sorted({table.pk for table, _ in work})
    share = {pk: index % processes for index, pk in enumerate(tables)}
    chunks = [[item for item in work if share[item[0].pk] == n] for n in range(processes)]
    start, finished = context.Event(), context.Queue()
    children = [
        context.Process(target=_record_chunk, args=(chunk, record, start, finished))
        for chunk in chunks
    ]
    connection.close()  # each child opens its own
    for child in children:
        child.start()
    time.sleep(1.0)  # let every child connect before the clock starts
    began = time.perf_counter()
    start.set()
    recorded = sum(finished.get(timeout=300) for _ in children)
    elapsed = time.perf_counter() - began
    for child in children:
        child.join()
    rate = recorded / elapsed
    print(
        f"(c) record_deal() in {processes} processes at once: {recorded} deals in {elapsed:.2f} s"
        f" = {rate:.0f} deals/s; target ≥ {TARGET_DEALS_PER_S} deals/s: "
        f"{verdict(rate >= TARGET_DEALS_PER_S)}"
    )


def _record_chunk(chunk, record, start, finished) -> None:
    from django.db import connections

    connections.close_all()  # the parent's connection is not this process's to use
    connection.ensure_connection()
    start.wait()
    for table, generated in chunk:
        record(table, generated)
    finished.put(len(chunk))
    connections.close_all()


# --- (d) through HTTP: gunicorn in front, concurrent captains -------------------------------


def measure_http(organiser, args) -> None:
    """Deals/s through the whole stack: gunicorn workers (production settings, ``DEBUG=false``)
    on loopback, ``args.clients`` captains at once, each with a keep-alive connection and its
    own tables, recording round-robin on them; ``args.http_runs`` runs on fresh tables.

    Also the CPU time per deal of the workers, of their PostgreSQL backends and of the clients:
    on a shared machine a steadier figure than deals/s for comparing changes."""
    if connection.vendor != "postgresql":
        print("(d) HTTP: PostgreSQL only (SQLite serialises all writers)")
        return
    per_run = -(-args.http_deals // DEALS_PER_TABLE // args.clients) * args.clients
    series = fresh_tables(organiser, "Bench HTTP", args.http_runs + 1, per_run)
    with gunicorn(args.workers, args.threads) as server:
        runs = [http_run(server, tables, args.clients) for tables in series]
    warm_up, runs = runs[0], runs[1:]  # the first run starts the workers' connections and imports
    rates = [run.deals / run.seconds for run in runs]
    latencies = sorted(latency for run in runs for latency in run.latencies)
    statuses = sum((run.answers for run in runs), Counter())
    cpu = {part: statistics.median(run.cpu_ms[part] / run.deals for run in runs) for part in CPU}
    workers = (
        f"{args.workers} sync workers"
        if args.threads == 1
        else (f"{args.workers} gthread workers × {args.threads} threads")
    )
    median, each = statistics.median(rates), ", ".join(f"{rate:.0f}" for rate in rates)
    print(
        f"(d) POST /api/v1/tables/{{id}}/deals/ over HTTP, gunicorn {workers}, {args.clients} "
        f"clients, {len(runs)} runs of {runs[0].deals} deals after a warm-up run "
        f"({warm_up.deals / warm_up.seconds:.0f}/s): median {median:.0f} deals/s (runs: {each}); "
        f"latency p50 {percentile(latencies, 50):.1f} ms, p99 {percentile(latencies, 99):.1f} ms; "
        f"answers {dict(statuses)}; target ≥ {TARGET_DEALS_PER_S} deals/s: "
        f"{verdict(median >= TARGET_DEALS_PER_S)}"
    )
    print("    CPU per deal (median): " + ", ".join(f"{part} {cpu[part]:.1f} ms" for part in CPU))
    print(f"    the database's CPU, per run: {'; '.join(run.backends for run in runs)}")
    print(f"    latency: {tools.tail_note(latencies)}")
    print(
        "    can show: what a deal costs through the whole app on these cores (the CPU per deal "
        "is the steadiest figure; deals/s follow the other work on the machine). Cannot show: "
        "a dedicated server's deals/s, a network, PgBouncer or the proxy in front (friday.py)"
    )


CPU = ("workers", "database", "clients")


@dataclass
class HttpRun:
    deals: int
    seconds: float
    latencies: list[float]
    answers: Counter
    cpu_ms: dict[str, float]
    backends: str  # what the database's CPU rests on


@contextlib.contextmanager
def gunicorn(workers: int, threads: int, *, nice: int = 0, **extra_environment: str):
    """gunicorn serving the app on a free loopback port against this throwaway database
    (``nice``: at a lower CPU priority; ``extra_environment``: e.g. other settings)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    environment = {
        **os.environ,
        "DATABASE_URL": url._replace(path=f"/{connection.settings_dict['NAME']}").geturl(),
        "DEBUG": "false",
        "SECRET_KEY": settings.SECRET_KEY,  # the captain tokens are derived from it
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        "PYTHONWARNINGS": "ignore:No directory at:UserWarning",  # whitenoise: no collectstatic
        **extra_environment,
    }
    command = [
        *(["nice", "-n", str(nice)] if nice else []),
        str(Path(sys.executable).with_name("gunicorn")),
        "karlchen.wsgi:application",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
        f"--threads={threads}",
        "--log-level=warning",
    ]
    root = Path(__file__).resolve().parent.parent
    server = subprocess.Popen(command, env=environment, cwd=root)
    try:
        wait_until_serving(port, server)
        server.port = port
        yield server
    finally:
        server.terminate()
        server.wait(timeout=30)


def wait_until_serving(port: int, server: subprocess.Popen) -> None:
    for _ in range(200):
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("gunicorn did not start")


def http_run(server: subprocess.Popen, tables: list[Table], clients: int) -> HttpRun:
    """``clients`` captains recording at once, each on its share of ``tables``."""
    work = workload(tables)
    shares = [[item for item in work if item[0].pk % clients == n] for n in range(clients)]
    tokens = {table.pk: table.captain_token() for table in tables}
    start = threading.Barrier(clients + 1)
    results = [None] * clients

    def captain(n: int) -> None:
        client = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        start.wait()
        results[n] = [post_deal(client, table, generated, tokens) for table, generated in shares[n]]
        client.close()

    threads = [threading.Thread(target=captain, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    with database_backends() as backends:
        cpu_before = cpu_seconds(server)
        start.wait()
        began = time.perf_counter()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
        cpu_after = cpu_seconds(server)
    cpu_ms = {part: (cpu_after[part] - cpu_before[part]) * 1000 for part in ("workers", "clients")}
    cpu_ms["database"] = backends.seconds * 1000
    answers = [answer for result in results for answer in result]
    return HttpRun(
        len(answers),
        elapsed,
        [ms for ms, _ in answers],
        Counter(code for _, code in answers),
        cpu_ms,
        backends.note(),
    )


def cpu_seconds(server: subprocess.Popen) -> dict[str, float]:
    """CPU seconds so far of gunicorn's workers and of this process (the clients); the
    database's are counted by ``tools.BackendCpu`` over the run."""
    workers = tools.children_of(server.pid)
    return {"workers": sum(map(tools.process_cpu, workers)), "clients": time.process_time()}


def database_backends() -> tools.BackendCpu:
    """Every backend of this database but this process's own connection, sampled while a run
    lasts."""
    with connection.cursor() as cursor:
        cursor.execute("select pg_backend_pid()")
        (own,) = cursor.fetchone()
    return tools.BackendCpu(connection.settings_dict["NAME"], exclude={own})


def post_deal(client, table, generated, tokens) -> tuple[float, int]:
    body = json.dumps({"deal": generated.deal, "idempotency_key": uuid.uuid4().hex})
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Table {tokens[table.pk]}",
        "Host": "127.0.0.1",
    }
    began = time.perf_counter()
    client.request("POST", f"/api/v1/tables/{table.pk}/deals/", body, headers)
    response = client.getresponse()
    content = response.read()
    if response.status != 201:
        print(f"    {response.status}: {content[:300]!r}")
    return (time.perf_counter() - began) * 1000, response.status


percentile = tools.percentile


def timed(work, record) -> tuple[float, list[float], int]:
    # Counting through an execute wrapper: CaptureQueriesContext would format every statement
    # (the debug cursor) and so slow down what is measured.
    latencies, queries = [], []

    def count(execute, sql, params, many, context):
        queries.append(1)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        started = time.perf_counter()
        for table, generated in work:
            one = time.perf_counter()
            record(table, generated)
            latencies.append((time.perf_counter() - one) * 1000)
        elapsed = time.perf_counter() - started
    return elapsed, latencies, len(queries)


def report(what: str, measured, statuses: Counter | None = None) -> None:
    elapsed, latencies, queries = measured
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95) - 1]
    answers = f", answers {dict(statuses)}" if statuses else ""
    rate = len(latencies) / elapsed
    print(
        f"(b) {what}: {len(latencies)} deals on fresh tables in {elapsed:.2f} s = {rate:.0f} "
        f"deals/s (per deal: median {statistics.median(latencies):.1f} ms, p95 {p95:.1f}, max "
        f"{latencies[-1]:.1f}; {queries / len(latencies):.0f} queries){answers}; "
        f"target ≥ {TARGET_DEALS_PER_S} deals/s: "
        f"{verdict(rate >= TARGET_DEALS_PER_S)}"
    )


def verdict(met: bool) -> str:
    return "meets" if met else "MISSES"


if __name__ == "__main__":
    main()
