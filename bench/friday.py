"""Benchmark: a Friday night — many club evenings at once through the shipped layout.

Builds ``--evenings`` running club evenings (default 100) of ``--tables`` four-tables each
(default 5: 500 tables), public, their first series seated, and serves them as
docker-compose.yml does on this one machine: the shipped nginx config (deploy/proxy.py) in front
of two gunicorn pools (web and captains, the sizes and CPU weights of docker-compose.yml),
a Celery worker, and PostgreSQL through PgBouncer in transaction pooling (Debian's pgbouncer,
deploy/pgbouncer.py, ``DB_PREPARED_STATEMENTS=false`` as behind it). Then, from this process (a
small asyncio HTTP/1.1 client, bench/tools.py: each phone polls on its own schedule, which wrk
cannot, and the client's CPU is printed beside the servers'):

  1. quiet: every table's captain records a deal every 2-4 minutes (uniformly at random; the
     first at a random moment of the first 4 minutes), nothing else, for ``--quiet`` seconds;
  2. Friday night: the same captains, and ``--spectators`` (3000) phones polling their evening's
     standings every 5 s with ``If-None-Match`` and its tables every 10 s, as the spectators'
     page does, and one organiser per evening polling the desk's board of tables every 10 s,
     for ``--minutes``.

Each phase lasts until about ``--samples`` (1000) saves are expected (a p99 then has ten
saves beyond it), unless ``--quiet``/``--minutes`` say how long.

It prints deals/s (the captains' schedule, not a capacity), the p50/p99 of saving a deal quiet
and under load with the number of saves and a 95 % interval for each p99, and their ratio
(target: the p99 under load ≤ 2× the quiet p99), the spectators' staleness (from a deal's
saved answer to each spectator of that evening seeing it: p50/p99), errors (any answer but
201/200/304, or a failed connection; target 0), the CPU seconds of the servers (pools, worker,
PostgreSQL, PgBouncer, nginx; PostgreSQL's over every backend of the database, sampled) and of
the load generator, the servers' CPU per evening and hour, and what the run can and cannot show.
``--speedup`` divides the captains' pauses (a shorter smoke run). Asserts nothing.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/karlchen_bench \\
        REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/friday.py \\
        [--evenings 100] [--spectators 3000] [--samples 1000] [--minutes M] [--quiet S]
        [--speedup 1]
"""

import argparse
import asyncio
import bisect
import contextlib
import datetime
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import standings as base  # sets Django up on a throwaway database's settings
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.urls import reverse

from bench import tools
from bench.live import Deployment
from bench.throwaway import on_throwaway_database
from deploy import pgbouncer, proxy
from people.models import Player
from scoring.demo import generate_series
from seating.domain.seating import seat_series
from tournaments.domain.tournaments import create_tournament
from tournaments.enums import TournamentStatus
from tournaments.models import Entry

TARGET_P99_RATIO = 2.0
STANDINGS_SECONDS, TABLES_SECONDS, BOARD_SECONDS = 5, 10, 10  # as the pages poll
DEAL_PAUSE = (120.0, 240.0)  # seconds between two deals of a table
PLAYERS_PER_TABLE = 4


@dataclass
class Evening:
    tournament_id: int
    standings: str
    tables: str
    board: str
    table_ids: list[int]
    saved: list[float] = field(default_factory=list)  # when each deal's 201 arrived, in order


@dataclass
class Tally:
    """What the clients saw in one phase."""

    began: float = field(default_factory=time.perf_counter)
    saves: list[float] = field(default_factory=list)  # ms
    answers: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    # per spectator: its evening, and (time, deals in the evening) of every 200 of the standings
    seen: dict[int, tuple[Evening, list[tuple[float, int]]]] = field(default_factory=dict)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=100)
    parser.add_argument("--tables", type=int, default=5, help="four-tables per evening")
    parser.add_argument("--spectators", type=int, default=3000)
    parser.add_argument(
        "--samples", type=int, default=1000, help="saves each phase should measure (p99: 1000)"
    )
    parser.add_argument(
        "--quiet", type=float, help="seconds of captains alone (default: for --samples saves)"
    )
    parser.add_argument(
        "--minutes", type=float, help="length of the loaded phase (default: for --samples saves)"
    )
    parser.add_argument("--speedup", type=float, default=1.0, help="captains' pauses divided")
    parser.add_argument("--web-workers", type=int, default=3)
    parser.add_argument(
        "--spectators-nice",
        type=int,
        help="nice level of web's pool instead of the one derived from docker-compose.yml (on a "
        "machine busy with other work, nice weighs web against all of it: 0 leaves that out)",
    )
    parser.add_argument("--pool-size", type=int, default=20, help="PgBouncer server connections")
    args = parser.parse_args()
    tables = args.evenings * args.tables
    wanted = phase_seconds(tables, args.samples, args.speedup)
    args.quiet = wanted if args.quiet is None else args.quiet
    args.minutes = wanted / 60 if args.minutes is None else args.minutes
    if connection.vendor != "postgresql" or "REDIS_URL" not in os.environ:
        raise SystemExit("bench/friday.py needs DATABASE_URL (PostgreSQL) and REDIS_URL")
    if proxy.nginx_binary() is None or pgbouncer.binary() is None:
        raise SystemExit("bench/friday.py needs nginx and pgbouncer (bin/services installs them)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 20000)), hard))
    on_throwaway_database(run, args)


def expected_saves(tables: int, seconds: float, speedup: float) -> float:
    """Deals the captains save in a phase of ``seconds``: each starts at a moment s uniformly
    within the longest pause, then saves one every pause (on average their mean m), so
    1 + ⌊(seconds − s) / m⌋ of them, on average about ½ + (seconds − s) / m."""
    start, pause = DEAL_PAUSE[1] / speedup, sum(DEAL_PAUSE) / 2 / speedup
    begun = min(seconds, start)  # the part of the start window inside the phase
    per_table = (begun / 2 + (seconds * begun - begun * begun / 2) / pause) / start
    return tables * per_table


def phase_seconds(tables: int, samples: int, speedup: float) -> float:
    """The shortest phase (in steps of 10 s) in which ``tables`` captains save ``samples``
    (with a tenth more for the chance that they save fewer)."""
    seconds = 10.0
    while expected_saves(tables, seconds, speedup) < samples * 1.1:
        seconds += 10.0
    return seconds


def run(args) -> None:
    print(tools.machine())
    began = time.perf_counter()
    organiser = get_user_model().objects.create_user("friday-orga")
    evenings = [build_evening(n, args.tables, organiser) for n in range(args.evenings)]
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    tokens, deals = captains_work(evenings)
    cookie = organiser_session(organiser)
    print(
        f"built {len(evenings)} evenings of {args.tables} tables ({len(tokens)} tables) in "
        f"{time.perf_counter() - began:.0f} s"
    )
    shipped = Deployment.shipped()
    with servers(args, shipped) as (port, processes):
        asyncio.run(warm_up(port, evenings, tokens, deals))
        quiet, loaded = Tally(), Tally()
        with measured(processes) as cpu_quiet:
            asyncio.run(phase(port, evenings, tokens, deals, quiet, args, args.quiet, loaded=False))
        seconds = args.minutes * 60
        with measured(processes) as cpu_loaded:
            asyncio.run(phase(port, evenings, tokens, deals, loaded, args, seconds, cookie=cookie))
    report(args, shipped, evenings, quiet, loaded, cpu_quiet, cpu_loaded)


# --- the evenings ----------------------------------------------------------------------------


def build_evening(number: int, tables: int, organiser) -> Evening:
    tournament = create_tournament(
        by=base.BENCH,
        name=f"Clubabend {number + 1}",
        date=datetime.date(2026, 12, 11),
        series_count=1,
        status=TournamentStatus.RUNNING,
    )
    tournament.organisers.add(organiser)
    players = Player.objects.bulk_create(
        Player(name=f"Spieler {number + 1}-{n}") for n in range(1, tables * 4 + 1)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=player, start_number=n)
        for n, player in enumerate(players, start=1)
    )
    plan = [entries[i : i + PLAYERS_PER_TABLE] for i in range(0, len(entries), 4)]
    seated = seat_series(tournament.series.get(number=1), plan, by=base.BENCH)
    ids = {"tournament_id": tournament.pk}
    return Evening(
        tournament.pk,
        reverse("standings", kwargs=ids),
        reverse("series-tables", kwargs={**ids, "number": 1}),
        reverse("desk:board", kwargs={**ids, "number": 1}),
        [table.pk for table in seated],
    )


def captains_work(evenings: list[Evening]) -> tuple[dict[int, str], dict[int, list[dict]]]:
    """Each table's captain token and the deals it will record, in order."""
    from seating.models import Table

    tables = Table.objects.filter(pk__in=[t for e in evenings for t in e.table_ids])
    table_settings = tables[0].series.tournament.series_settings(PLAYERS_PER_TABLE)
    tokens, deals = {}, {}
    for table in tables.select_related("series__tournament"):
        tokens[table.pk] = table.captain_token()
        generated = generate_series(random.Random(table.pk), table_settings, deals=24)
        deals[table.pk] = [one.deal for one in generated]
    return tokens, deals


def organiser_session(organiser) -> str:
    """A signed-in organiser's session cookie (no login: axes would count a thousand)."""
    session = SessionStore()
    session["_auth_user_id"] = str(organiser.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = organiser.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


# --- the servers -----------------------------------------------------------------------------


def web_nice(args, shipped: Deployment) -> int:
    return shipped.spectators_nice if args.spectators_nice is None else args.spectators_nice


@contextlib.contextmanager
def servers(args, shipped: Deployment):
    """PgBouncer, both pools, a worker and the proxy: the proxy's port and the servers'
    processes (whose CPU is counted)."""
    with running_pgbouncer(args.pool_size) as bouncer:
        environment = {
            "DATABASE_URL": through(bouncer),
            "DB_PREPARED_STATEMENTS": "false",
            "DJANGO_SETTINGS_MODULE": "bench.live_settings",
        }
        with (
            base.gunicorn(args.web_workers, 1, nice=web_nice(args, shipped), **environment) as web,
            base.gunicorn(shipped.captain_workers, 1, **environment) as captains,
            celery_worker(environment) as worker,
            proxy.running(f"127.0.0.1:{web.port}", f"127.0.0.1:{captains.port}") as nginx,
        ):
            yield (
                nginx.port,
                {
                    "web": web.pid,
                    "captains": captains.pid,
                    "worker": worker.pid,
                    "pgbouncer": bouncer.pid,
                    "nginx": nginx.process.pid,
                },
            )


@contextlib.contextmanager
def running_pgbouncer(pool_size: int):
    """PgBouncer of the shipped config on loopback (deploy/pgbouncer.py) in front of this
    database's server."""
    server = connection.settings_dict
    values = {
        "PG_HOST": server["HOST"] or "127.0.0.1",
        "PG_PORT": str(server["PORT"] or 5432),
        "PG_USER": server["USER"],
        "PG_PASSWORD": server["PASSWORD"] or "",
    }
    with pgbouncer.running(values, pool_size) as bouncer:
        yield bouncer


def through(bouncer) -> str:
    server = connection.settings_dict
    return (
        f"postgres://{server['USER']}:{server['PASSWORD'] or ''}@{bouncer.address}/{server['NAME']}"
    )


@contextlib.contextmanager
def celery_worker(environment: dict[str, str]):
    command = [
        str(Path(sys.executable).with_name("celery")),
        "-A",
        "karlchen",
        "worker",
        "--concurrency=1",
        "--loglevel=WARNING",
    ]
    worker = subprocess.Popen(
        command,
        env={**os.environ, **environment, "DEBUG": "false", "SECRET_KEY": settings.SECRET_KEY},
        cwd=Path(__file__).resolve().parent.parent,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield worker
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def cpu_of(processes: dict[str, int]) -> dict[str, float]:
    """CPU seconds so far of each server with its children and of this process (the load
    generator)."""
    children = defaultdict(list)
    for pid in tools.all_pids():
        children[tools.parent_pid(pid)].append(pid)

    def tree(pid: int) -> float:
        return tools.process_cpu(pid) + sum(tree(child) for child in children.get(pid, []))

    figures = {name: tree(pid) for name, pid in processes.items()}
    figures["load generator"] = time.process_time()
    return figures


@dataclass
class Measured:
    """The CPU seconds each part used in a phase; ``note``: what PostgreSQL's figure rests on."""

    cpu: dict[str, float] = field(default_factory=dict)
    note: str = ""


@contextlib.contextmanager
def measured(processes: dict[str, int]):
    """What the servers used while the block ran (filled in when it ends), PostgreSQL counted
    over every backend of the database, those PgBouncer opens or closes meanwhile included."""
    phase = Measured()
    with base.database_backends() as backends:
        before = cpu_of(processes)
        yield phase
        after = cpu_of(processes)
    phase.cpu = {**difference(after, before), "postgres": backends.seconds}
    phase.note = backends.note()


def difference(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    return {name: after[name] - before.get(name, 0.0) for name in after}


# --- the clients -----------------------------------------------------------------------------


Http = tools.Http  # one keep-alive connection to the proxy, as a phone holds one


async def warm_up(port, evenings, tokens, deals) -> None:
    """Every worker booted and connected, every evening's standings computed once, a first
    deal at each evening's first table (counted in the evening's deals, not in the figures)."""
    client, tally = Http(port), Tally()
    for evening in evenings:
        await client.request("GET", evening.standings, {})
        table = evening.table_ids[0]
        headers = {"Content-Type": "application/json", "Authorization": f"Table {tokens[table]}"}
        body = json.dumps({"deal": deals[table].pop(0), "idempotency_key": uuid.uuid4().hex})
        path = f"/api/v1/tables/{table}/deals/"
        if await call(client, "POST", path, headers, body.encode(), tally) == 201:
            evening.saved.append(time.perf_counter())
    client.close()


async def phase(port, evenings, tokens, deals, tally, args, seconds, *, loaded=True, cookie=""):
    deadline = time.perf_counter() + seconds
    rng = random.Random(len(tally.saves) + int(seconds))
    by_table = {table: evening for evening in evenings for table in evening.table_ids}
    tasks = [
        captain(port, table, tokens[table], deals[table], by_table[table], tally, args, deadline)
        for table in tokens
    ]
    if loaded:
        tasks += [
            spectator(port, number, rng.choice(evenings), tally, deadline)
            for number in range(args.spectators)
        ]
        tasks += [organiser(port, evening, cookie, tally, deadline) for evening in evenings]
    await asyncio.gather(*tasks)


def pause(rng: random.Random, args) -> float:
    return rng.uniform(*DEAL_PAUSE) / args.speedup


async def captain(port, table, token, deals, evening, tally, args, deadline) -> None:
    rng = random.Random(table)
    client = Http(port)
    headers = {"Content-Type": "application/json", "Authorization": f"Table {token}"}
    await asyncio.sleep(rng.uniform(0, DEAL_PAUSE[1] / args.speedup))
    while time.perf_counter() < deadline and deals:
        body = json.dumps({"deal": deals[0], "idempotency_key": uuid.uuid4().hex}).encode()
        began = time.perf_counter()
        status = await call(client, "POST", f"/api/v1/tables/{table}/deals/", headers, body, tally)
        if status == 201:
            tally.saves.append((time.perf_counter() - began) * 1000)
            evening.saved.append(time.perf_counter())
            deals.pop(0)
        await asyncio.sleep(min(pause(rng, args), max(0.0, deadline - time.perf_counter())))
    client.close()


async def spectator(port, number, evening, tally, deadline) -> None:
    rng = random.Random(number)
    client, etag, next_tables = Http(port), "", 0.0
    observations: list[tuple[float, int]] = []
    tally.seen[number] = (evening, observations)
    await asyncio.sleep(rng.uniform(0, STANDINGS_SECONDS))
    while time.perf_counter() < deadline:
        headers = {"If-None-Match": etag} if etag else {}
        status, answer, content = await fetch(client, evening.standings, headers, tally)
        if status == 200:
            etag = answer.get("etag", "")
            played = sum(row["deals_played"] for row in json.loads(content))
            observations.append((time.perf_counter(), played // PLAYERS_PER_TABLE))
        if time.perf_counter() >= next_tables:
            await fetch(client, evening.tables, {}, tally)
            next_tables = time.perf_counter() + TABLES_SECONDS
        await asyncio.sleep(STANDINGS_SECONDS)
    client.close()


async def organiser(port, evening, cookie, tally, deadline) -> None:
    client = Http(port)
    await asyncio.sleep(random.Random(evening.tournament_id).uniform(0, BOARD_SECONDS))
    while time.perf_counter() < deadline:
        await fetch(client, evening.board, {"Cookie": cookie}, tally)
        await asyncio.sleep(BOARD_SECONDS)
    client.close()


async def fetch(client, path, headers, tally) -> tuple[int, dict, bytes]:
    try:
        status, answer, content = await client.request("GET", path, headers)
    except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError) as error:
        tally.errors[type(error).__name__] += 1
        return 0, {}, b""
    tally.answers[status] += 1
    if status not in (200, 304):
        tally.errors[f"GET {status}"] += 1
    return status, answer, content


async def call(client, method, path, headers, body, tally) -> int:
    try:
        status, _answer, content = await client.request(method, path, headers, body)
    except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError) as error:
        tally.errors[type(error).__name__] += 1
        return 0
    tally.answers[status] += 1
    if status != 201:
        tally.errors[f"{method} {status}"] += 1
        print(f"    {method} {path}: {status} {content[:200]!r}")
    return status


# --- the report ------------------------------------------------------------------------------


def staleness(tally: Tally) -> list[float]:
    """Per deal of the loaded phase and spectator of its evening: the seconds from the deal's
    saved answer to the first standings that spectator got which count it."""
    delays = []
    for evening, observations in tally.seen.values():
        times = [moment for moment, _deals in observations]
        for index, saved in enumerate(evening.saved, start=1):
            if saved < tally.began:
                continue  # saved before this phase's spectators came
            start = bisect.bisect_left(times, saved)
            for moment, deals in observations[start:]:
                if deals >= index:
                    delays.append(moment - saved)
                    break
    return sorted(delays)


def report(args, shipped, evenings, quiet, loaded, cpu_quiet, cpu_loaded) -> None:
    seconds = args.minutes * 60
    tables = sum(len(evening.table_ids) for evening in evenings)
    print(
        f"layout: proxy (shipped nginx config), web {args.web_workers} workers at nice "
        f"{web_nice(args, shipped)}, captains {shipped.captain_workers} workers, a Celery worker, "
        f"PgBouncer (transaction pooling, {args.pool_size} server connections)"
    )
    for name, tally, length in (("quiet", quiet, args.quiet), ("Friday night", loaded, seconds)):
        saves = sorted(tally.saves)
        print(
            f"{name}: {length:.0f} s, {len(saves)} deals = {len(saves) / length:.2f} deals/s; "
            f"save p50 {tools.percentile(saves, 50):.1f} ms, p99 "
            f"{tools.percentile(saves, 99):.1f} ms; answers {dict(tally.answers)}; errors "
            f"{sum(tally.errors.values())} {dict(tally.errors)}"
        )
        print(f"    the save's {tools.tail_note(saves)}")
        if len(saves) < tools.samples_for(99):
            print(
                f"    fewer than {tools.samples_for(99)} saves: this p99 rests on fewer than ten "
                "saves beyond it (--samples, --quiet and --minutes make the phases longer)"
            )
    print(
        f"    deals/s are the captains' schedule ({tables} tables, a deal every "
        f"{DEAL_PAUSE[0] / args.speedup:.0f}-{DEAL_PAUSE[1] / args.speedup:.0f} s), not a "
        "capacity: what the machine could take is in the CPU figures below and in "
        "bench/standings.py (d)"
    )
    ratio = tools.percentile(sorted(loaded.saves), 99) / tools.percentile(sorted(quiet.saves), 99)
    print(
        f"save p99 under load / quiet: {ratio:.2f}× (target ≤ {TARGET_P99_RATIO}×: "
        f"{base.verdict(ratio <= TARGET_P99_RATIO)}); errors (target 0): "
        f"{base.verdict(not quiet.errors and not loaded.errors)}"
    )
    delays = staleness(loaded)
    if delays:
        print(
            f"spectators' staleness ({len(delays)} deal × spectator pairs): p50 "
            f"{statistics.median(delays):.2f} s, p99 {tools.percentile(delays, 99):.2f} s "
            f"(the page polls every {STANDINGS_SECONDS} s; the proxy caches 1-2 s)"
        )
    for name, phase, length in (("quiet", cpu_quiet, args.quiet), ("loaded", cpu_loaded, seconds)):
        servers = sum(value for key, value in phase.cpu.items() if key != "load generator")
        parts = ", ".join(f"{key} {value:.1f}" for key, value in phase.cpu.items())
        print(
            f"CPU seconds, {name}: {parts}; servers {servers:.1f} s = "
            f"{servers / length:.2f} cores; per evening and hour "
            f"{servers / len(evenings) / length * 3600:.1f} CPU s (postgres: {phase.note})"
        )
    print(f"load average at the end: {tools.load_average()}")
    nice = web_nice(args, shipped)
    if nice and os.getloadavg()[1] > (os.cpu_count() or 1) * 2:
        print(
            f"    the machine was busy beyond this run: web's pool at nice {nice} competed"
            " with all of that work, where cpu_shares weigh it only against the "
            "captains' pool, so its answers (and the spectators' staleness) suffered more here "
            "than as deployed (--spectators-nice 0 leaves the nice out)"
        )
    print(
        "can show: whether the shipped layout on one machine keeps saves quick, spectators' "
        "pages fresh and errors away under a Friday's schedule, and what that costs in CPU. "
        "Cannot show: the machine's limit (the load follows a schedule, it does not push), "
        "phones on a radio network, or a night with more clubs than --evenings; the load "
        "generator runs on the same cores (its CPU is printed)"
    )


if __name__ == "__main__":
    main()
