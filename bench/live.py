"""Benchmark: the live standings under many polling phones, and recording deals meanwhile.

Builds the 400-player tournament of bench/standings.py (8 series played, a 9th seated and
empty), serves it with gunicorn (production settings) on loopback, and drives it with an asyncio
load generator (httpx): ``--clients`` concurrent clients for ``--seconds`` each, in ``--rounds``
interleaved rounds, against
  - ``GET /api/v1/tournaments/{id}/standings/`` (what a spectator's page polls), with no ETag,
  - the same with ``If-None-Match`` (the page's usual poll: a 304),
  - ``GET /bench/bare/``: a bare Django view answering a constant JSON of the same size from the
    same cache (the floor; bench/live_urls.py),
printing requests/s and p50/p99 latency (medians over the rounds) and the ratio of time per
request to the bare view. Then it records deals of the 9th series one after another over HTTP,
first on a quiet server, then while the clients poll the standings (each deal makes the cached
ranking stale), and prints their p50/p99 and the ratio. Targets: standings within 1.5× of the
bare view; recording during the load within 2× of the quiet latency. Asserts nothing.

Needs PostgreSQL and Redis (the gunicorn workers share the cache):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/karlchen_bench \\
    REDIS_URL=redis://127.0.0.1:6379/11 .venv/bin/python bench/live.py
"""

import argparse
import asyncio
import http.client
import os
import statistics
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import logging

import httpx
import standings as base  # sets Django up on a throwaway database's settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from live_urls import BARE_KEY

from bench.throwaway import on_throwaway_database
from tournaments.domain.entries import add_missing_series
from tournaments.domain.ranking import public_ranking
from tournaments.domain.seating import seat_series

TARGET_RATIO, TARGET_RECORDING = 1.5, 2.0


@dataclass
class Load:
    requests: int
    seconds: float
    latencies: list[float]  # ms, sorted
    statuses: Counter
    cpu_ms: float  # the gunicorn workers' CPU time per request

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds

    def p(self, percent: int) -> float:
        return base.percentile(self.latencies, percent)


def main() -> None:
    logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per request
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent polling clients")
    parser.add_argument("--seconds", type=float, default=4.0, help="length of one load run")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--deals", type=int, default=40, help="deals recorded per phase")
    args = parser.parse_args()
    if connection.vendor != "postgresql" or "REDIS_URL" not in os.environ:
        raise SystemExit("bench/live.py needs DATABASE_URL (PostgreSQL) and REDIS_URL")
    on_throwaway_database(run, args)


def run(args) -> None:
    organiser = get_user_model().objects.create_user("bench-orga")
    started = time.perf_counter()
    tournament = base.build_tournament(organiser)
    tables = seat_extra_series(tournament)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    body = public_ranking(tournament.pk)
    cache.set(BARE_KEY, body.content, None)
    print(
        f"built in {time.perf_counter() - started:.1f} s: {base.PLAYERS} players, "
        f"{base.SERIES} series played, series {base.SERIES + 1} seated; "
        f"standings body {len(body.content)} bytes"
    )
    standings = f"/api/v1/tournaments/{tournament.pk}/standings/"
    variants = {
        "standings, no ETag": (standings, {}),
        "standings, If-None-Match (304)": (standings, {"If-None-Match": body.etag}),
        "bare view, constant JSON": ("/bench/bare/", {}),
    }
    settings_module = {"DJANGO_SETTINGS_MODULE": "bench.live_settings"}
    with base.gunicorn(args.workers, 1, **settings_module) as server:
        measure_reads(server, variants, args)
        print(f"recording {args.deals} deals one after another (the 9th series), over HTTP:")
        work = iter(base.workload(tables))
        measure_recording("one pool", server, server, work, tables, standings, args)
    # Captains in a pool of their own, spectators' pool at a lower CPU priority (nice 10).
    with (
        base.gunicorn(args.workers, 1, nice=10, **settings_module) as readers,
        base.gunicorn(2, 1, **settings_module) as writers,
    ):
        name = "captains' own pool"
        measure_recording(name, readers, writers, work, tables, standings, args)


def seat_extra_series(tournament) -> list:
    """A series more, seated and empty: the deals recorded while the ranking is polled."""
    tournament.series_count += 1
    tournament.save(update_fields=["series_count"])
    add_missing_series(tournament)
    entries = list(tournament.entries.order_by("start_number"))
    plan = [entries[i : i + base.TABLE_SIZE] for i in range(0, len(entries), base.TABLE_SIZE)]
    return seat_series(tournament.series.get(number=base.SERIES + 1), plan)


# --- reads -----------------------------------------------------------------------------------


def measure_reads(server, variants: dict, args) -> None:
    for path, headers in variants.values():  # warm-up: connections, caches, workers' imports
        measured_load(server, path, headers, args.clients, 1.0)
    results = {name: [] for name in variants}
    for _ in range(args.rounds):
        for name, (path, headers) in variants.items():
            run = measured_load(server, path, headers, args.clients, args.seconds)
            results[name].append(run)
    print(
        f"reads: {args.clients} clients, {args.rounds} rounds of {args.seconds:.0f} s each, "
        f"gunicorn {args.workers} workers (medians over the rounds)"
    )
    medians = {name: median_of(runs) for name, runs in results.items()}
    bare = medians["bare view, constant JSON"]
    for name, figures in medians.items():
        statuses = sum((run.statuses for run in results[name]), Counter())
        print(
            f"  {name:<32} {figures['per_second']:6.0f} req/s, p50 {figures['p50']:6.1f} ms, "
            f"p99 {figures['p99']:6.1f} ms, workers' CPU {figures['cpu_ms']:.2f} ms/request; "
            f"{bare['per_second'] / figures['per_second']:.2f}× the bare view's time per "
            f"request, {figures['cpu_ms'] / bare['cpu_ms']:.2f}× its CPU; answers {dict(statuses)}"
        )
    for name in ("standings, no ETag", "standings, If-None-Match (304)"):
        ratio = bare["per_second"] / medians[name]["per_second"]
        met = base.verdict(ratio <= TARGET_RATIO)
        print(f"  {name}: target ≤ {TARGET_RATIO}× the bare view: {met}")


def median_of(runs: list[Load]) -> dict[str, float]:
    return {
        "per_second": statistics.median(run.per_second for run in runs),
        "p50": statistics.median(run.p(50) for run in runs),
        "p99": statistics.median(run.p(99) for run in runs),
        "cpu_ms": statistics.median(run.cpu_ms for run in runs),
    }


async def load(server, path: str, headers: dict, clients: int, seconds: float) -> Load:
    """``clients`` clients asking for ``path`` as fast as answered, for ``seconds``."""
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    latencies, statuses = [], Counter()
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{server.port}", limits=limits, timeout=30
    ) as client:
        deadline = time.perf_counter() + seconds

        async def poll() -> None:
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                response = await client.get(path, headers=headers)
                latencies.append((time.perf_counter() - began) * 1000)
                statuses[response.status_code] += 1

        began = time.perf_counter()
        await asyncio.gather(*(poll() for _ in range(clients)))
        elapsed = time.perf_counter() - began
    return Load(len(latencies), elapsed, sorted(latencies), statuses, 0.0)


def measured_load(server, path: str, headers: dict, clients: int, seconds: float) -> Load:
    """A load run, with the gunicorn workers' CPU time per request."""
    before = base.cpu_seconds(server)["workers"]
    run = asyncio.run(load(server, path, headers, clients, seconds))
    run.cpu_ms = (base.cpu_seconds(server)["workers"] - before) * 1000 / max(run.requests, 1)
    return run


# --- recording during the load ---------------------------------------------------------------


def measure_recording(name, readers, writers, work, tables, standings: str, args) -> None:
    """Deals one after another to ``writers``, quiet, then while clients poll ``readers``."""
    tokens = {table.pk: table.captain_token() for table in tables}
    record(writers.port, [next(work) for _ in range(3)], tokens)  # warm-up: workers' connections
    quiet = record(writers.port, [next(work) for _ in range(args.deals)], tokens)
    stop = threading.Event()
    polling = threading.Thread(
        target=poll_until, args=(readers.port, standings, args.clients, stop)
    )
    polling.start()
    time.sleep(1.0)  # the load is under way
    loaded = record(writers.port, [next(work) for _ in range(args.deals)], tokens)
    stop.set()
    polling.join()
    ratio = base.percentile(loaded, 50) / base.percentile(quiet, 50)
    print(
        f"  {name}: quiet p50 {base.percentile(quiet, 50):.1f} ms, p99 "
        f"{base.percentile(quiet, 99):.1f} ms; with {args.clients} clients polling p50 "
        f"{base.percentile(loaded, 50):.1f} ms, p99 {base.percentile(loaded, 99):.1f} ms: "
        f"{ratio:.2f}× the quiet p50; target ≤ {TARGET_RECORDING}×: "
        f"{base.verdict(ratio <= TARGET_RECORDING)}"
    )


def record(port: int, work: list, tokens: dict) -> list[float]:
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    latencies = sorted(
        base.post_deal(client, table, generated, tokens)[0] for table, generated in work
    )
    client.close()
    return latencies


def poll_until(port: int, path: str, clients: int, stop: threading.Event) -> None:
    """Spectators polling as their pages do (with the last ETag), until ``stop``."""

    async def spectators() -> None:
        limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=30
        ) as client:

            async def spectator() -> None:
                etag = ""
                while not stop.is_set():
                    response = await client.get(path, headers={"If-None-Match": etag})
                    etag = response.headers.get("ETag", etag)

            await asyncio.gather(*(spectator() for _ in range(clients)))

    asyncio.run(spectators())


if __name__ == "__main__":
    main()
