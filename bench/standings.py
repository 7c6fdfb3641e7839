# ruff: noqa: E402 - Django is set up before the models are imported
"""Benchmark: the standings of a big tournament, and deals recorded per second.

Builds a 400-player Doppelkopf tournament with 8 series of 100 four-tables and 24 deals each
(19 200 deals, stored with bulk inserts exactly as ``record_deal`` stores them: Deal, its
DealRevision, four RevisionPoints, ``Deal.current``), then measures
  (a) ``tournaments.domain.standings.standings`` uncached (median of N runs) and the cached read,
  (b) recording deals on fresh tables: ``record_deal`` directly and, where it exists, the
      endpoint ``POST /api/v1/tables/{id}/deals/`` with the captain's token (Django test client).
Prints figures next to the targets (standings ≤ 100 ms, ≥ 200 recorded deals/s); asserts nothing.

Runs on a throwaway test database (Django's test-runner utilities create ``test_<NAME>`` and drop
it afterwards; SQLite: a temporary file), so it never touches real data:

    .venv/bin/python bench/standings.py [--runs 7] [--record 200]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/karlchen_bench \\
        .venv/bin/python bench/standings.py
"""

import argparse
import datetime
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
import uuid
import warnings
from collections import Counter
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
warnings.filterwarnings("ignore", "No directory at", UserWarning)  # whitenoise: no collectstatic
# Keys of its own in a shared Redis, so that no real tournament's cached standings are touched.
os.environ.setdefault("CACHE_KEY_PREFIX", f"karlchen-bench-{uuid.uuid4().hex[:8]}")

import django

django.setup()

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import OuterRef, Subquery
from django.test import Client
from django.test.utils import (
    CaptureQueriesContext,
    setup_databases,
    setup_test_environment,
    teardown_databases,
    teardown_test_environment,
)
from django.urls import Resolver404, resolve

from scoring.domain.deals import Author, record_deal, standings_cache_key
from scoring.engine.doppelkopf import deal_from_dict
from scoring.models import Deal, DealRevision, RevisionPoints
from tournaments import demo
from tournaments.domain.entries import create_tournament
from tournaments.domain.seating import seat_series
from tournaments.domain.standings import cached_standings, standings
from tournaments.enums import TournamentStatus
from tournaments.models import Club, Entry, Player, Seat, Series, Table, Tournament

TARGET_STANDINGS_MS = 100
TARGET_DEALS_PER_S = 200
PLAYERS, SERIES, TABLE_SIZE = 400, 8, 4
TEMPLATES = 24  # distinct generated series, reused across the 800 tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="standings runs (median)")
    parser.add_argument("--record", type=int, default=200, help="deals to record per method")
    args = parser.parse_args()

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):  # a file, as the embedded setup has, not :memory:
        database.setdefault("TEST", {})["NAME"] = str(
            Path(tempfile.gettempdir()) / f"karlchen-bench-{uuid.uuid4().hex[:8]}.sqlite3"
        )
    setup_test_environment(debug=False)
    old_config = setup_databases(
        verbosity=0, interactive=False, aliases={"default"}, serialized_aliases=set()
    )
    try:
        run(args)
    finally:
        teardown_databases(old_config, verbosity=0)
        teardown_test_environment()


def run(args) -> None:
    vendor = connection.vendor
    with connection.cursor() as cursor:
        cursor.execute("select sqlite_version()" if vendor == "sqlite" else "show server_version")
        (version,) = cursor.fetchone()
    print(f"database: {vendor} {version} ({connection.settings_dict['NAME']}, throwaway)")
    print(f"cache: {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}")
    organiser = get_user_model().objects.create_user("bench-orga")

    started = time.perf_counter()
    tournament = build_tournament(organiser)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # as autovacuum would soon after such a load
    print(f"built in {time.perf_counter() - started:.1f} s with bulk inserts (then ANALYZE)")
    print_counts(tournament)

    measure_standings(tournament, args.runs)
    measure_recording(organiser, args.record)


# --- the big tournament ----------------------------------------------------------------------


def build_tournament(organiser) -> Tournament:
    rng = random.Random(2026)
    tournament = create_tournament(
        by=organiser,
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
        clubs = Club.objects.bulk_create(Club(name=f"Bench-Club {n}") for n in range(1, 21))
        players = Player.objects.bulk_create(
            Player(name=f"Spieler {n}", club=clubs[n % len(clubs)]) for n in range(1, PLAYERS + 1)
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
    cache.delete(standings_cache_key(tournament.pk))
    cached_standings(tournament)  # fills the cache
    timings = []
    for _ in range(max(runs, 50)):
        started = time.perf_counter()
        cached_standings(tournament)
        timings.append((time.perf_counter() - started) * 1000)
    print(
        f"    standings, cached, {len(timings)} reads: median {statistics.median(timings):.2f} ms "
        f"(min {min(timings):.2f}, max {max(timings):.2f})"
    )
    cache.delete(standings_cache_key(tournament.pk))


# --- (b) recording ---------------------------------------------------------------------------


def measure_recording(organiser, count: int) -> None:
    deals_per_table = 20  # of 24: every table still has deals to go
    tables = -(-count // deals_per_table)
    tournament = create_tournament(
        by=organiser,
        name="Bench recording",
        date=datetime.date(2026, 12, 6),
        series_count=3,
        status=TournamentStatus.RUNNING,
    )
    players = Player.objects.bulk_create(
        Player(name=f"Aufnahme {n}") for n in range(1, tables * TABLE_SIZE + 1)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=player, start_number=n)
        for n, player in enumerate(players, start=1)
    )
    plan = [entries[i : i + TABLE_SIZE] for i in range(0, len(entries), TABLE_SIZE)]
    direct, api, parallel = (
        seat_series(series, plan) for series in tournament.series.order_by("number")
    )
    table_settings = tournament.series_settings(TABLE_SIZE)

    def workload(tables_):
        """(table, generated deal) in the order tables play: deal 1 everywhere, then 2, …"""
        per_table = [
            demo.generate_series(random.Random(table.number), table_settings, deals=deals_per_table)
            for table in tables_
        ]
        return [
            (table, deals[index])
            for index in range(deals_per_table)
            for table, deals in zip(tables_, per_table, strict=True)
        ][:count]

    captain = Author(user=None, label="bench")

    def record_directly(table, generated):
        record_deal(
            table,
            deal=generated.deal,
            by=captain,
            number=generated.upcoming.number,
            idempotency_key=uuid.uuid4().hex,
        )

    report("record_deal()", timed(workload(direct), record_directly))
    measure_parallel(workload(parallel), record_directly, processes=PROCESSES)

    path = f"/api/v1/tables/{api[0].pk}/deals/"
    try:
        endpoint = resolve(path).func.__name__ != "api_not_found"
    except Resolver404:
        endpoint = False
    if not endpoint:
        print(f"    POST {path}: not there yet (measured record_deal only)")
        return
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
        timed(workload(api), record_through_api),
        statuses,
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
