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
ranking stale), and prints their p50/p99 and the ratio, for each layout:
  - one pool: every request to one gunicorn pool, directly, and through the shipped proxy;
  - the deployment of docker-compose.yml: the shipped proxy (deploy/nginx.conf.template in a
    local nginx) in front of the spectators' pool and the captains' own pool, with the pool sizes
    and the CPU weights (cpu_shares, approximated by nice levels) read from docker-compose.yml, and
    for comparison the same without the CPU weights.
Pollers and captains both go through the proxy where there is one, as phones do (so the
proxy's one-second cache of spectators' reads is part of those layouts, as deployed). Targets:
standings within 1.5× of the bare view; recording during the load within 2× of the quiet
latency. Asserts nothing.

Needs PostgreSQL and Redis (the gunicorn workers share the cache) and, for the layouts behind the
proxy, nginx (bin/services installs it):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/karlchen_bench \\
    REDIS_URL=redis://127.0.0.1:6379/11 .venv/bin/python bench/live.py
"""

import argparse
import asyncio
import contextlib
import gzip
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
import yaml
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from live_urls import BARE_KEY

from bench.throwaway import on_throwaway_database
from deploy import proxy
from results.domain.ranking_cache import public_ranking
from seating.domain.seating import seat_series
from tournaments.domain.tournaments import add_missing_series

TARGET_RATIO, TARGET_RECORDING = 1.5, 2.0
COMPOSE = Path(__file__).resolve().parent.parent / "docker-compose.yml"
# The kernel's CPU weight of each nice level 0..19 (sched_prio_to_weight). Only ratios count:
# nice 0's 1024 stands for cpu_shares' default 1024.
NICE_WEIGHTS = [1024, 820, 655, 526, 423, 335, 272, 215, 172, 137]
NICE_WEIGHTS += [110, 87, 70, 56, 45, 36, 29, 23, 18, 15]


@dataclass
class Deployment:
    """What docker-compose.yml ships: the captains' pool size and both pools' CPU weights."""

    captain_workers: int
    web_shares: int
    captains_shares: int

    @classmethod
    def shipped(cls) -> "Deployment":
        services = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]
        concurrency = services["captains"]["environment"]["WEB_CONCURRENCY"]
        default = concurrency.split(":-", 1)[1].rstrip("}")  # ${CAPTAINS_CONCURRENCY:-2}
        shares = [services[name].get("cpu_shares", 1024) for name in ("web", "captains")]
        return cls(int(default), *shares)

    @property
    def spectators_nice(self) -> int:
        """The nice level whose weight relative to nice 0 is nearest to web's relative share."""
        wanted = 1024 * self.web_shares / self.captains_shares
        return min(range(len(NICE_WEIGHTS)), key=lambda nice: abs(NICE_WEIGHTS[nice] - wanted))


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
    parser.add_argument(
        "--workers", type=int, default=3, help="gunicorn workers (web's, and the one pool's)"
    )
    parser.add_argument("--deals", type=int, default=40, help="deals recorded per phase")
    parser.add_argument(
        "--spectators-nice",
        type=int,
        help="nice level of web's pool instead of the one derived from docker-compose.yml",
    )
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
        f"standings body {len(body.content)} bytes ({len(gzip.compress(body.content, 1))} "
        "gzipped at the proxy's level 1)"
    )
    standings = f"/api/v1/tournaments/{tournament.pk}/standings/"
    variants = {
        "standings, no ETag": (standings, {}),
        "standings, If-None-Match (304)": (standings, {"If-None-Match": body.etag}),
        "bare view, constant JSON": ("/bench/bare/", {}),
    }
    settings_module = {"DJANGO_SETTINGS_MODULE": "bench.live_settings"}
    shipped = Deployment.shipped()
    nginx = proxy.nginx_binary() is not None
    with base.gunicorn(args.workers, 1, **settings_module) as server:
        measure_reads(server, variants, args)
        print(f"recording {args.deals} deals one after another (the 9th series), over HTTP:")
        work = iter(base.workload(tables))
        measure_recording("one pool, direct", server.port, work, tables, standings, args)
        if nginx:
            with behind_proxy(server, server) as port:
                name = "one pool, through the proxy"
                measure_recording(name, port, work, tables, standings, args)
    if not nginx:
        print("  nginx is not installed (bin/services installs it): no layout behind the proxy")
        return
    nice = shipped.spectators_nice
    weighted = (
        f"as shipped: two pools, through the proxy, web at nice {nice} for cpu_shares "
        f"{shipped.web_shares}:{shipped.captains_shares}"
    )
    if args.spectators_nice is not None:
        nice = args.spectators_nice
        weighted = f"two pools, through the proxy, web at nice {nice} (--spectators-nice)"
    for spectators_nice, name in (
        (0, "two pools, through the proxy, equal CPU weights"),
        (nice, weighted),
    ):
        with (
            base.gunicorn(args.workers, 1, nice=spectators_nice, **settings_module) as readers,
            base.gunicorn(shipped.captain_workers, 1, **settings_module) as writers,
            behind_proxy(readers, writers) as port,
        ):
            measure_recording(name, port, work, tables, standings, args)
    print(
        f"  (pools: web {args.workers} workers, captains {shipped.captain_workers}. nice weighs "
        "each process, cpu_shares a whole container: web's busy workers together weigh more "
        "here than its container would, so this errs in the spectators' favour)"
    )


@contextlib.contextmanager
def behind_proxy(web, captains):
    """The shipped nginx config in front of the two servers: its port."""
    with proxy.running(f"127.0.0.1:{web.port}", f"127.0.0.1:{captains.port}") as running:
        yield running.port


def seat_extra_series(tournament) -> list:
    """A series more, seated and empty: the deals recorded while the ranking is polled."""
    tournament.series_count += 1
    tournament.save(update_fields=["series_count"])
    add_missing_series(tournament)
    entries = list(tournament.entries.order_by("start_number"))
    plan = [entries[i : i + base.TABLE_SIZE] for i in range(0, len(entries), base.TABLE_SIZE)]
    return seat_series(tournament.series.get(number=base.SERIES + 1), plan, by=base.BENCH)


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


async def load(port: int, path: str, headers: dict, clients: int, seconds: float) -> Load:
    """``clients`` clients asking for ``path`` as fast as answered, for ``seconds``."""
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    latencies, statuses = [], Counter()
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=30
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
    run = asyncio.run(load(server.port, path, headers, clients, seconds))
    run.cpu_ms = (base.cpu_seconds(server)["workers"] - before) * 1000 / max(run.requests, 1)
    return run


# --- recording during the load ---------------------------------------------------------------


def measure_recording(name, port: int, work, tables, standings: str, args) -> None:
    """Deals one after another to ``port``, quiet, then while clients poll it."""
    tokens = {table.pk: table.captain_token() for table in tables}
    # Warm-up: every worker booted (gunicorn listens before its workers have imported the app,
    # and a niced pool boots slowly, into the quiet figure) and connected.
    asyncio.run(load(port, standings, {}, args.clients, 1.0))
    record(port, [next(work) for _ in range(3)], tokens)
    time.sleep(0.5)
    quiet = record(port, [next(work) for _ in range(args.deals)], tokens)
    stop = threading.Event()
    polling = threading.Thread(target=poll_until, args=(port, standings, args.clients, stop))
    polling.start()
    time.sleep(1.0)  # the load is under way
    loaded = record(port, [next(work) for _ in range(args.deals)], tokens)
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
