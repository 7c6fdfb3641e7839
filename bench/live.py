"""Benchmark: the live standings under many polling phones, and recording deals meanwhile.

Builds the 400-player tournament of bench/standings.py (8 series played, a 9th seated and
empty), serves it with gunicorn (production settings) on loopback, and drives it with wrk (Debian's
``wrk``: C and epoll, a few per cent of a core where the server spends a whole one; without it a
raw asyncio client over sockets, which costs more and says so): ``--clients`` keep-alive
connections for ``--seconds`` each, in ``--rounds`` interleaved rounds, against
  - ``GET /api/v1/tournaments/{id}/standings/`` (what a spectator's page polls), with no ETag,
  - the same with ``If-None-Match`` (the page's usual poll: a 304),
  - ``GET /bench/bare/``: a bare Django view answering a constant JSON of the same size from the
    same Redis through Django's own cache (the floor, sharing no project code;
    bench/live_urls.py),
printing requests/s, p50/p99 latency and the CPU per request of the gunicorn workers and of the
load generator (medians over the rounds), and each variant's ratio to the bare view: of time
per request (the inverse of requests/s with the server saturated) and of the workers' CPU per
request (the server's own cost, whatever else runs on the cores). Then it records deals of
the 9th series one after another over HTTP, first on a quiet server, then while the clients
poll the standings (each deal makes the cached ranking stale; wrk's connections each send the
last ETag they got), and prints their p50 and maximum and the ratio, for each layout:
  - one pool: every request to one gunicorn pool, directly, and through the shipped proxy;
  - the deployment of docker-compose.yml: the shipped proxy (deploy/nginx.conf.template in a
    local nginx) in front of the spectators' pool and the captains' own pool, with the pool sizes
    and the CPU weights (cpu_shares, approximated by nice levels) read from docker-compose.yml, and
    for comparison the same without the CPU weights.
Pollers and captains both go through the proxy where there is one, as phones do (so the
proxy's one-second cache of spectators' reads is part of those layouts, as deployed). Targets:
standings within 1.5× of the bare view; recording during the load within 2× of the quiet
latency. Asserts nothing. What it can and cannot show is printed with the figures.

Needs PostgreSQL and Redis (the gunicorn workers share the cache) and, for the layouts behind the
proxy, nginx (bin/services installs it); wrk from Debian (`apt-get install wrk`), or it falls back
to the asyncio client and says so:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/karlchen_bench \\
    REDIS_URL=redis://127.0.0.1:6379/11 .venv/bin/python bench/live.py
"""

import argparse
import contextlib
import gzip
import http.client
import os
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import standings as base  # sets Django up on a throwaway database's settings
import yaml
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from live_urls import BARE_KEY

from bench import tools
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


# Above this share of the CPU a run used, the load generator competes with the server for the
# cores, and the requests/s it gets are partly its own.
GENERATOR_SHARE_WARNING = 0.15


@dataclass
class Load:
    run: tools.Run
    cpu_ms: float  # the gunicorn workers' CPU time per request

    @property
    def per_second(self) -> float:
        return self.run.per_second

    @property
    def generator_ms(self) -> float:
        return self.run.generator_cpu * 1000 / max(self.run.requests, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent polling clients")
    parser.add_argument(
        "--python-client",
        action="store_true",
        help="drive the load with the asyncio client even where wrk is installed",
    )
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
    args.wrk = tools.wrk_binary() is not None and not args.python_client
    on_throwaway_database(run, args)


def run(args) -> None:
    print(tools.machine())
    print(
        "load generator: "
        + (
            "wrk (one thread)"
            if args.wrk
            else f"the raw asyncio client in this process ({tools.WRK_HINT}: it costs the "
            "server's cores more; trust the CPU ratios over the requests/s ones)"
            if tools.wrk_binary() is None
            else "the raw asyncio client in this process (--python-client)"
        )
    )
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
        measure_reads(server, variants, args, len(body.content))
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
    print(
        f"  can show: how much a deal's save slows down while the standings are polled, in each "
        f"layout, on these cores (the ratio to the quiet p50 of the same layout). Cannot show: "
        f"a tail ({args.deals} deals a phase give a p50 and a maximum, not a p99), or phones on "
        "a network; the load generator's CPU (above) is taken from the same cores"
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


def measure_reads(server, variants: dict, args, size: int) -> None:
    """``size``: the standings body's bytes, which the bare view must answer too."""
    for name, (path, headers) in variants.items():  # warm-up: connections, caches, imports
        measured_load(server, path, headers, args, 1.0)
        print(f"  {name}: {probe(server.port, path, headers)}")
    answers_as_meant(server.port, variants, size)
    results: dict[str, list[Load]] = {name: [] for name in variants}
    for _ in range(args.rounds):
        for name, (path, headers) in variants.items():
            results[name].append(measured_load(server, path, headers, args, args.seconds))
    answers_as_meant(server.port, variants, size)  # still: nothing emptied the cache meanwhile
    print(
        f"reads: {args.clients} connections, {args.rounds} rounds of {args.seconds:.0f} s each, "
        f"gunicorn {args.workers} workers (medians over the rounds; load average "
        f"{tools.load_average()})"
    )
    medians = {name: median_of(runs) for name, runs in results.items()}
    bare = medians["bare view, constant JSON"]
    for name, figures in medians.items():
        errors = sum(load.run.errors for load in results[name])
        print(
            f"  {name:<32} {figures['per_second']:6.0f} req/s, p50 {figures['p50']:6.1f} ms, "
            f"p99 {figures['p99']:6.1f} ms; CPU per request: workers {figures['cpu_ms']:.2f} ms, "
            f"load generator {figures['generator_ms']:.3f} ms ({figures['share']:.0%} of the "
            f"run's); {bare['per_second'] / figures['per_second']:.2f}× the bare view's time per "
            f"request, {figures['cpu_ms'] / bare['cpu_ms']:.2f}× its workers' CPU; errors {errors}"
        )
    for name in ("standings, no ETag", "standings, If-None-Match (304)"):
        time_ratio = bare["per_second"] / medians[name]["per_second"]
        cpu_ratio = medians[name]["cpu_ms"] / bare["cpu_ms"]
        print(
            f"  {name}: target ≤ {TARGET_RATIO}× the bare view: by time per request "
            f"{base.verdict(time_ratio <= TARGET_RATIO)}, by the workers' CPU "
            f"{base.verdict(cpu_ratio <= TARGET_RATIO)}"
        )
    share = max(figures["share"] for figures in medians.values())
    if share > GENERATOR_SHARE_WARNING:
        print(
            f"  the load generator used up to {share:.0%} of the CPU of a run: it competes with "
            "the server, so the requests/s are partly its own; the CPU ratios are the server's"
        )
    print(
        "  can show: what a cached read costs the app beside the floor Django sets, on these "
        "cores (the CPU ratio is the server's whatever else runs). Cannot show: the proxy's "
        "cache in front (the layouts below), a network, TLS, or another machine's throughput; "
        "on shared cores the requests/s move with the other work"
    )


def probe(port: int, path: str, headers: dict) -> str:
    """One request: its status and body size, so that the figures below are of the answer
    meant (a 304 where asked for, not an error)."""
    status, size = answer(port, path, headers)
    return f"answers {status}, {size} bytes"


def answer(port: int, path: str, headers: dict) -> tuple[int, int]:
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    client.request("GET", path, headers={**headers, "Host": "127.0.0.1"})
    response = client.getresponse()
    size = len(response.read())
    client.close()
    return response.status, size


def answers_as_meant(port: int, variants: dict, size: int) -> None:
    """Each variant answers what it stands for: the standings 200 with the body, 304 without,
    the bare view 200 with a body of the same size. Anything else (e.g. the bare view's key
    gone from the cache: a test run's FLUSHDB on the same Redis database answered "None",
    4 bytes) voids the figures."""
    meant = {
        "standings, no ETag": (200, size),
        "standings, If-None-Match (304)": (304, 0),
        "bare view, constant JSON": (200, size),
    }
    for name, (path, headers) in variants.items():
        got = answer(port, path, headers)
        if got != meant[name]:
            raise SystemExit(
                f"{name} answered {got[0]} with {got[1]} bytes, not {meant[name][0]} with "
                f"{meant[name][1]}: the figures would not be of the answer meant (was the cache "
                "emptied by another process on the same Redis database?)"
            )


def median_of(runs: list[Load]) -> dict[str, float]:
    def share(load: Load) -> float:
        total = load.run.generator_cpu + load.cpu_ms * load.run.requests / 1000
        return load.run.generator_cpu / total if total else 0.0

    return {
        "per_second": statistics.median(load.per_second for load in runs),
        "p50": statistics.median(load.run.p50_ms for load in runs),
        "p99": statistics.median(load.run.p99_ms for load in runs),
        "cpu_ms": statistics.median(load.cpu_ms for load in runs),
        "generator_ms": statistics.median(load.generator_ms for load in runs),
        "share": statistics.median(share(load) for load in runs),
    }


def load(port: int, path: str, headers: dict, args, seconds: float) -> tools.Run:
    """``args.clients`` connections asking for ``path`` as fast as answered, for ``seconds``."""
    if args.wrk:
        url = f"http://127.0.0.1:{port}{path}"
        return tools.wrk(url, connections=args.clients, seconds=seconds, headers=headers)
    return tools.python_load(port, path, connections=args.clients, seconds=seconds, headers=headers)


def measured_load(server, path: str, headers: dict, args, seconds: float) -> Load:
    """A load run, with the gunicorn workers' CPU time per request."""
    before = base.cpu_seconds(server)["workers"]
    run = load(server.port, path, headers, args, seconds)
    cpu_ms = (base.cpu_seconds(server)["workers"] - before) * 1000 / max(run.requests, 1)
    return Load(run, cpu_ms)


# --- recording during the load ---------------------------------------------------------------


def measure_recording(name, port: int, work, tables, standings: str, args) -> None:
    """Deals one after another to ``port``, quiet, then while clients poll it."""
    tokens = {table.pk: table.captain_token() for table in tables}
    # Warm-up: every worker booted (gunicorn listens before its workers have imported the app,
    # and a niced pool on a busy machine boots slowly) and connected, and the spectators' polls
    # answered, or the loaded figure below would be a quiet one.
    waited = until_answered(port, standings, args)
    record(port, [next(work) for _ in range(3)], tokens)
    time.sleep(0.5)
    quiet = record(port, [next(work) for _ in range(args.deals)], tokens)
    with polling(port, standings, args) as polled:
        time.sleep(1.0)  # the load is under way
        loaded = record(port, [next(work) for _ in range(args.deals)], tokens)
    ratio = tools.percentile(loaded, 50) / tools.percentile(quiet, 50)
    loaded_enough = polled.requests >= args.clients
    print(
        f"  {name}: quiet p50 {tools.percentile(quiet, 50):.1f} ms, max "
        f"{quiet[-1]:.1f} ms; with {args.clients} clients polling ({polled.describe()}) p50 "
        f"{tools.percentile(loaded, 50):.1f} ms, max {loaded[-1]:.1f} ms: "
        f"{ratio:.2f}× the quiet p50; target ≤ {TARGET_RECORDING}×: "
        + (base.verdict(ratio <= TARGET_RECORDING) if loaded_enough else "NOT MEASURED")
    )
    if waited > 2:
        print(f"    the spectators' first answers through this layout took {waited:.0f} s")
    if not loaded_enough:
        print(
            f"    the spectators' polls got {polled.requests} answers while the deals were "
            f"recorded, fewer than one per client: there was no load to measure (on a busy "
            "machine a niced pool can starve behind other work)"
        )


def until_answered(port: int, path: str, args, patience: float = 60.0) -> float:
    """Seconds until ``args.clients`` clients polling ``path`` get an answer each in a second."""
    began = time.perf_counter()
    while load(port, path, {}, args, 1.0).requests < args.clients:
        if time.perf_counter() - began > patience:
            break
    return time.perf_counter() - began


def record(port: int, work: list, tokens: dict) -> list[float]:
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    latencies = sorted(
        base.post_deal(client, table, generated, tokens)[0] for table, generated in work
    )
    client.close()
    return latencies


@dataclass
class Polled:
    """What the spectators' load did while deals were recorded."""

    requests: int = 0
    seconds: float = 0.0
    generator_cpu: float = 0.0
    errors: int = 0

    def describe(self) -> str:
        rate = self.requests / self.seconds if self.seconds else 0.0
        return (
            f"{self.requests} answers in {self.seconds:.1f} s = {rate:.0f}/s, errors "
            f"{self.errors}, the load generator {self.generator_cpu:.1f} CPU s"
        )


@contextlib.contextmanager
def polling(port: int, path: str, args):
    """Spectators polling as their pages do (each connection with the last ETag it got) while
    the block runs; what they did, once it has ended."""
    polled = Polled()
    if args.wrk:
        url = f"http://127.0.0.1:{port}{path}"
        process = tools.start_wrk(url, connections=args.clients, seconds=3600, follow_etag=True)
        try:
            yield polled
        finally:
            output, cpu = tools.stop_wrk(process)
        run = tools.parse_wrk(output, cpu)
        polled.requests, polled.seconds, polled.generator_cpu = run.requests, run.seconds, cpu
        polled.errors = run.errors
        return
    stop = threading.Event()
    runs: list[tools.Run] = []

    def spectators() -> None:
        runs.append(
            tools.python_load(
                port,
                path,
                connections=args.clients,
                seconds=3600,
                follow_etag=True,
                stop=stop.is_set,
            )
        )

    thread = threading.Thread(target=spectators)
    thread.start()
    try:
        yield polled
    finally:
        stop.set()
        thread.join()
    polled.requests, polled.seconds = runs[0].requests, runs[0].seconds
    polled.generator_cpu, polled.errors = runs[0].generator_cpu, runs[0].errors


if __name__ == "__main__":
    main()
