# ruff: noqa: E402 - Django is set up before the models are imported
"""Benchmark: season standings at scale (a club's year, and a federation's ranking window).

Builds two seasons on a throwaway PostgreSQL database, every deal stored as ``record_deal``
stores it (Deal, its DealRevision, a RevisionPoints per player, ``Deal.current``) with COPY,
then the per-table totals (``SeriesTotal``) as the deal writes keep them:
  - a club's season: 52 weekly evenings of the same 40 players, 3 series of ten four-tables;
  - a DDV ranking window: 300 ranking tournaments of 100 players (of 3000) over the last 23
    months, 4 rounds of 25 four-tables (24 deals each: 720 000 deals, 2.88 million points of
    players in deals: "about 3 million", the scale aimed at);
and measures
  (a) the club season's ranking uncached (median of N): what a cache miss computes;
  (b) the DDV ranking over the window uncached (median of N);
  (c) a correction of a deal at the first evening: ``correct_deal`` against ``record_deal`` of a
      plain deal (medians), the totals' share of it, and the time until the season's read shows it;
  (d) the season's cached read (``season_ranking``: the project's cache code) next to Django's
      own Redis cache reading the same bytes, and reading the three keys the read must fetch
      (epoch, generation, body), no project code in either, interleaved in the same run;
  (e) the same through Django: a spectator's ``GET /api/v1/seasons/{id}/ranking/`` next to
      bench/live.py's bare view answering the same body from Django's own cache (test client),
      and where the difference goes (CPU per read of each step: URL resolution, the cached
      read, the answer with its ETag, the rest of the request).
Prints figures next to the targets, says plainly where a target is missed, and what each part
can and cannot show; asserts nothing but that the figures are right.

    DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/season_scale.py \\
        [--runs 7] [--ddv-tournaments 300] [--corrections 15]
"""

import argparse
import datetime
import io
import json
import os
import random
import secrets
import statistics
import sys
import time
import uuid
import warnings
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
warnings.filterwarnings("ignore", "No directory at", UserWarning)  # whitenoise: no collectstatic
# Keys of its own in a shared Redis, so that no real tournament's cached standings are touched.
os.environ.setdefault("CACHE_KEY_PREFIX", f"karlchen-bench-{uuid.uuid4().hex[:8]}")

import django

django.setup()

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.http import HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.urls import resolve
from django.utils import timezone

from bench import tools
from bench.live_urls import BARE_KEY, stock_cache
from bench.throwaway import on_throwaway_database
from karlchen.actors import Actor, Role
from karlchen.api.etags import json_answer
from karlchen.changes import season_read_keys
from karlchen.refusals import Refused
from people.models import Player
from rules.doppelkopf import deal_from_dict
from scoring import demo
from scoring.domain.deals import correct_deal, record_deal
from scoring.domain.totals import refresh_totals
from scoring.models import Deal, DealRevision, RevisionPoints, SeriesTotal
from seasons.domain.seasons import create_season
from seasons.domain.standings import _ranking_rows, public_season_ranking, season_ranking
from seasons.models import Season, SeasonEvening
from seating.models import Seat, Table
from tournaments.domain.tournaments import create_tournament
from tournaments.enums import SeriesStatus, TournamentStatus
from tournaments.models import Entry, Series, Tournament

TARGET_SEASON_MS, TARGET_DDV_MS, TARGET_CORRECTION_MS, TARGET_CACHED_RATIO = 100, 1000, 50, 1.5
EMPTIED = (
    "the cache lost the bodies while they were read (a test run's FLUSHDB on the same Redis "
    "database?): the figures would be of misses, not of cached reads"
)
TEMPLATES = 24  # distinct generated series, reused across the tables
BENCH = Actor.system("bench")
CAPTAIN = Actor.captain("bench")
ORGANISER = Actor(user=None, label="bench", role=Role.ORGANISER)  # corrects a closed series


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="uncached rankings (median)")
    parser.add_argument("--ddv-tournaments", type=int, default=300, help="of 100 players each")
    parser.add_argument("--corrections", type=int, default=15, help="corrections (median)")
    parser.add_argument("--reads", type=int, default=200, help="cached reads (median)")
    parser.add_argument(
        "--profile", action="store_true", help="print where an uncached ranking spends its time"
    )
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("this benchmark loads its rows with COPY: PostgreSQL only")
    on_throwaway_database(run, args)


def run(args) -> None:
    with connection.cursor() as cursor:
        cursor.execute("show server_version")
        (version,) = cursor.fetchone()
    print(f"database: postgresql {version} ({connection.settings_dict['NAME']}, throwaway)")
    print(tools.machine())
    get_user_model().objects.create_user("bench-orga")
    builder = Builder(random.Random(2026))

    started = time.perf_counter()
    club = builder.season(
        "Vereinsmeisterschaft",
        {"preset": "total"},
        dates=[datetime.date(2026, 1, 7) + datetime.timedelta(weeks=n) for n in range(52)],
        pool=40,
        players=40,
        series=3,
        open_tables_last=True,
    )
    print(f"club season built in {time.perf_counter() - started:.1f} s")
    started = time.perf_counter()
    today = timezone.localdate()
    count = args.ddv_tournaments
    ddv = builder.season(
        "DDV-Rangliste",
        {"preset": "ddv"},
        dates=[today - datetime.timedelta(days=1 + (700 * n) // count) for n in range(count)],
        pool=max(100, 10 * count),
        players=100,
        series=4,
        ranking=True,
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # as autovacuum would soon after such a load
    print(f"DDV window built in {time.perf_counter() - started:.1f} s (COPY, then ANALYZE)")
    print_counts()

    if args.profile:
        profile(club)
        profile(ddv)
    measure_ranking("(a) club season ranking", club, args.runs, TARGET_SEASON_MS)
    measure_ranking("(b) DDV ranking over the window", ddv, args.runs, TARGET_DDV_MS)
    measure_correction(club, builder, args.corrections)
    measure_cached(club, args.reads)
    measure_cached(ddv, args.reads)
    measure_http(club, args.reads)
    measure_http(ddv, args.reads)


# --- building --------------------------------------------------------------------------------


class Builder:
    """Tournaments of a season with their deals, stored with COPY as recording stores them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        settings = Tournament(normal_deals=20).series_settings(4)
        self.templates = [
            [prepared(g) for g in demo.generate_series(random.Random(seed), settings)]
            for seed in range(TEMPLATES)
        ]
        self.open_tables: list[tuple[Table, list]] = []  # tables with deals still to play

    def season(
        self, name, rule, *, dates, pool, players, series, ranking=False, open_tables_last=False
    ):
        season = create_season(by=BENCH, name=name, ranking_rule=rule, series_count=series)
        people = Player.objects.bulk_create(
            Player(name=f"{name} {n}", club_name="Bench-Club") for n in range(1, pool + 1)
        )
        for index, date in enumerate(dates):
            tournament = create_tournament(
                by=BENCH,
                name=f"{name} {index + 1}",
                date=date,
                series_count=series,
                normal_deals=20,
                status=TournamentStatus.RUNNING,
            )
            SeasonEvening.objects.create(
                season=season, tournament=tournament, ranking_tournament=ranking
            )
            field = self.rng.sample(people, players)
            entries = Entry.objects.bulk_create(
                Entry(tournament=tournament, player=player, start_number=n, checked_in=True)
                for n, player in enumerate(field, start=1)
            )
            partial = open_tables_last and index == len(dates) - 1
            self.evening(tournament, entries, partial=partial)
        return season

    def evening(self, tournament: Tournament, entries: list[Entry], *, partial: bool) -> None:
        tables: list[tuple[Table, list[Entry], list]] = []
        new_tables = []
        for series in tournament.series.order_by("number"):
            order = entries[:]
            self.rng.shuffle(order)
            for number in range(1, len(order) // 4 + 1):
                table = Table(series=series, number=number, token_nonce=secrets.token_hex(16))
                table.token_hash = secrets.token_hex(32)  # unique; no captain signs in here
                new_tables.append(table)
                tables.append((table, order[(number - 1) * 4 : number * 4], []))
        Table.objects.bulk_create(new_tables)
        Seat.objects.bulk_create(
            Seat(series_id=table.series_id, table=table, position=position, entry=entry)
            for table, seated, _ in tables
            for position, entry in enumerate(seated, start=1)
        )
        deals, revisions, points = io.StringIO(), io.StringIO(), io.StringIO()
        moment = timezone.now().isoformat()
        chosen = []
        for table, seated, _ in tables:
            template = self.rng.choice(self.templates)
            chosen.append((table, seated, template[: len(template) // 2] if partial else template))
            if partial:
                self.open_tables.append((table, template))
        count = sum(len(played) for _table, _seated, played in chosen)
        deal_id, revision_id = reserve_ids(Deal, count), reserve_ids(DealRevision, count)
        for table, seated, played in chosen:
            for number, kind, dealer, sitting_out, entered, result, scored, _body in played:
                deals.write(
                    f"{deal_id}\t{table.pk}\t{number}\t{kind}\t{dealer}\t{sitting_out}"
                    f"\t{revision_id}\t1\tf\n"
                )
                revisions.write(
                    f"{revision_id}\t{deal_id}\t1\t{entered}\t{result}\tf\tbench\t\t{moment}\n"
                )
                for position, value in scored:
                    points.write(f"{revision_id}\t{seated[position - 1].pk}\t{position}\t{value}\n")
                deal_id, revision_id = deal_id + 1, revision_id + 1
        with transaction.atomic(), connection.cursor() as cursor:
            copy(
                cursor,
                Deal,
                "id, table_id, number, kind, dealer, sitting_out, current_id, version, voided",
                deals,
            )
            copy(
                cursor,
                DealRevision,
                "id, deal_id, version, input, result, voided, author_label, reason, created_at",
                revisions,
            )
            copy(cursor, RevisionPoints, "revision_id, entry_id, position, points", points)
            refresh_totals([table.pk for table, _seated, _ in tables])  # as the writes keep them
        Series.objects.filter(tournament=tournament).update(
            status=SeriesStatus.RUNNING if partial else SeriesStatus.CLOSED
        )


def prepared(generated) -> tuple:
    """A generated deal as the COPY rows need it (what ``record_deal`` would store)."""
    entered = asdict(deal_from_dict({**generated.deal, "seats": list(generated.upcoming.players)}))
    score = generated.score
    result = {
        "winner": score.winner,
        "value": score.value,
        "lines": [asdict(line) for line in score.lines],
        "points": {str(seat): points for seat, points in sorted(score.points.items())},
    }
    sitting_out = generated.upcoming.sitting_out
    return (
        generated.upcoming.number,
        generated.kind.value,
        generated.upcoming.dealer,
        r"\N" if sitting_out is None else sitting_out,
        copy_text(json.dumps(entered)),
        copy_text(json.dumps(result)),
        sorted(score.points.items()),
        entered,
    )


def copy_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def reserve_ids(model, count: int) -> int:
    """The first of ``count`` ids that nobody else takes (the sequence moved past them)."""
    with connection.cursor() as cursor:
        table = model._meta.db_table
        cursor.execute(
            "SELECT setval(sequence, nextval(sequence) + %s)"
            " FROM (SELECT pg_get_serial_sequence(%s, 'id')::regclass AS sequence) AS found",
            [count, table],
        )
        (last,) = cursor.fetchone()
        return last - count


def copy(cursor, model, columns: str, rows: io.StringIO) -> None:
    with cursor.cursor.copy(f"COPY {model._meta.db_table} ({columns}) FROM STDIN") as target:
        target.write(rows.getvalue())


def print_counts() -> None:
    counts = {
        "tournaments": Tournament.objects.count(),
        "tables": Table.objects.count(),
        "deals": Deal.objects.count(),
        "revision points": RevisionPoints.objects.count(),
        "series totals": SeriesTotal.objects.count(),
    }
    print("rows: " + ", ".join(f"{count} {name}" for name, count in counts.items()))


# --- measuring -------------------------------------------------------------------------------


def timed(action: Callable[[], object], runs: int, cpu: list[float] | None = None) -> list[float]:
    """Wall ms of each run; with ``cpu``, this thread's CPU ms of each run appended there."""
    timings = []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.thread_time()
        action()
        timings.append((time.perf_counter() - started) * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - started_cpu) * 1000)
    return timings


def figures(timings: Sequence[float], digits: int = 1) -> str:
    return (
        f"median {statistics.median(timings):.{digits}f} ms "
        f"(min {min(timings):.{digits}f}, max {max(timings):.{digits}f})"
    )


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def measure_ranking(label: str, season: Season, runs: int, target: float) -> None:
    rows = _ranking_rows(season, public=False)  # warm up (connection, query plans)
    ranked = sum(1 for row in rows if row["ranked"])
    timings, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        _ranking_rows(season, public=False)
        timings.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    evenings = SeasonEvening.objects.filter(season=season).count()
    print(
        f"{label}, uncached, {evenings} evenings, {len(rows)} players ({ranked} ranked), "
        f"{runs} runs: {figures(timings)}; target ≤ {target} ms: "
        f"{verdict(statistics.median(timings) <= target)}"
    )
    # On a shared machine the wall time includes waiting for a core: the CPU time of this
    # process (without PostgreSQL's) is the steadier figure.
    print(
        f"    of which CPU time of this process: {figures(cpu)}; "
        f"load average {tools.load_average()}"
    )
    print(
        "    can show: what a cache miss computes, one process with its queries. Cannot show: "
        "PostgreSQL's CPU apart from the waiting (the wall time holds both)"
    )


def profile(season: Season) -> None:
    import cProfile
    import pstats

    _ranking_rows(season, public=False)
    profiler = cProfile.Profile()
    profiler.runcall(_ranking_rows, season, public=False)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def measure_correction(season: Season, builder: Builder, count: int) -> None:
    """Correct deals of the season's first evening through ``correct_deal``; record plain deals
    at the last evening's open tables through ``record_deal``; compare."""
    first = SeasonEvening.objects.filter(season=season).order_by("tournament__date").first()
    deals = list(
        Deal.objects.filter(table__series__tournament=first.tournament, kind="normal")
        .select_related("table", "current")
        .order_by("table_id", "number")[:count]
    )
    rng = random.Random(7)
    corrections, totals_share, shown = [], [], []
    for deal in deals:
        season_ranking(season, public=False)  # the cached body before the correction
        body = demo.corrected(rng, deal.current.input)
        started = time.perf_counter()
        try:
            correct_deal(
                deal.table,
                deal.number,
                deal=body,
                version=deal.version,
                reason="Augen",
                by=ORGANISER,
            )
        except Refused:
            continue  # a recount the announcements do not allow: another deal
        written = time.perf_counter()
        season_ranking(season, public=False)  # a miss: the season computed again
        shown.append((time.perf_counter() - started) * 1000)
        corrections.append((written - started) * 1000)
        with transaction.atomic():
            started = time.perf_counter()
            refresh_totals([deal.table_id])
            totals_share.append((time.perf_counter() - started) * 1000)
    records = []
    for table, template in builder.open_tables[:count]:
        number = Deal.objects.filter(table=table).count() + 1
        body = next(row[-1] for row in template if row[0] == number)
        started = time.perf_counter()
        record_deal(table, deal=body, by=CAPTAIN, number=number)
        records.append((time.perf_counter() - started) * 1000)
    extra = statistics.median(corrections) - statistics.median(records)
    print(f"(c) correct_deal at the first evening, {len(corrections)} runs: {figures(corrections)}")
    print(f"    record_deal of a plain deal, {len(records)} runs: {figures(records)}")
    print(
        f"    extra work of a correction beyond a plain record: {extra:.1f} ms; of which keeping "
        f"the table's totals: {figures(totals_share, 2)}; target ≤ {TARGET_CORRECTION_MS} ms: "
        f"{verdict(extra <= TARGET_CORRECTION_MS)}"
    )
    print(f"    from the correction until the season's read shows it: {figures(shown)}")
    print(
        "    can show: the work a correction adds in one process, and that the next read shows "
        "it. Cannot show: corrections racing other writes (the domain tests do)"
    )


def measure_cached(season: Season, reads: int) -> None:
    """The season's cached read beside Django's own cache reading the same bytes, and beside
    Django's own cache reading the three keys the read must fetch (no project code in either)."""
    body = season_ranking(season, public=False)  # computes and caches the body
    bare, key = stock_cache(), f"{BARE_KEY}:season:{season.pk}"
    bare.set(key, body.content, None)
    if bare.get(key) != body.content:
        raise SystemExit("the bare cache does not read back the body")
    keys = season_read_keys(season.pk, "organiser")
    if len(bare.get_many(keys)) != len(keys):
        raise SystemExit("Django's own cache does not find the season's keys")
    # interleaved, so that all three see the same load of a shared machine
    season_reads, bare_reads, three_reads = [], [], []
    season_cpu, bare_cpu = [], []
    for _ in range(reads):
        season_reads += timed(lambda: season_ranking(season, public=False), 1, season_cpu)
        bare_reads += timed(lambda: bare.get(key), 1, bare_cpu)
        three_reads += timed(lambda: bare.get_many(keys), 1)
    if bare.get(key) != body.content or len(bare.get_many(keys)) != len(keys):
        raise SystemExit(EMPTIED)
    ratio = statistics.median(season_reads) / statistics.median(bare_reads)
    cpu_ratio = statistics.median(season_cpu) / statistics.median(bare_cpu)
    three_ratio = statistics.median(three_reads) / statistics.median(bare_reads)
    evenings = SeasonEvening.objects.filter(season=season).count()
    print(
        f"(d) {season.name}: cached read ({evenings} evenings, {len(body.content) // 1024} KiB), "
        f"{reads} reads: {figures(season_reads, 3)}; Django's own cache.get of the same bytes "
        f"(no project code): {figures(bare_reads, 3)}; ratio {ratio:.2f} (CPU of this thread "
        f"{cpu_ratio:.2f}); target ≤ {TARGET_CACHED_RATIO}: {verdict(ratio <= TARGET_CACHED_RATIO)}"
        f"; load average {tools.load_average()}"
    )
    print(
        f"    what is inherent: the read fetches the epoch and the season's generation with the "
        f"body, in the same round trip (a body computed before a change must never be served); "
        f"Django's own cache.get_many of those three keys: {figures(three_reads, 3)}, "
        f"{three_ratio:.2f}× the bare read"
    )
    if ratio > TARGET_CACHED_RATIO:
        print(f"    OVER THE TARGET: the cached read takes {ratio:.2f}× a bare cache read")
    print(
        "    can show: what Karlchen's cached read adds to one cache round trip, in one process. "
        "Cannot show: Redis under many clients, or the request around the read ((e), live.py)"
    )


def measure_http(season: Season, reads: int) -> None:
    """A spectator's GET of the season ranking next to bench/live.py's bare view (a constant
    JSON body of the same size from Django's own cache), through Django (its test client)."""
    with override_settings(ROOT_URLCONF="bench.live_urls"):
        client = Client()
        url = f"/api/v1/seasons/{season.pk}/ranking/"
        first = client.get(url)
        if first.status_code != 200:
            raise SystemExit(f"{url}: {first.status_code} {first.content[:200]!r}")
        stock_cache().set(BARE_KEY, first.content, None)
        if client.get("/bench/bare/").content != first.content:
            raise SystemExit("the bare view does not answer the season's body")
        evening = SeasonEvening.objects.filter(season=season).values_list("tournament_id")[0][0]
        evening_url = f"/api/v1/tournaments/{evening}/standings/"
        client.get(evening_url)  # cached from here on
        season_reads, bare_reads, evening_reads = [], [], []
        season_cpu, bare_cpu = [], []
        for _ in range(reads):
            season_reads += timed(lambda: client.get(url), 1, season_cpu)
            bare_reads += timed(lambda: client.get("/bench/bare/"), 1, bare_cpu)
            evening_reads += timed(lambda: client.get(evening_url), 1)
        parts = read_parts(client, season, url, reads * 5)
        if client.get("/bench/bare/").content != first.content:
            raise SystemExit(EMPTIED)
    ratio = statistics.median(season_reads) / statistics.median(bare_reads)
    cpu_ratio = statistics.median(season_cpu) / statistics.median(bare_cpu)
    evening_ratio = statistics.median(evening_reads) / statistics.median(bare_reads)
    print(
        f"(e) {season.name}: GET …/ranking/ as a spectator (cached, {len(first.content) // 1024}"
        f" KiB), {reads} requests: {figures(season_reads, 2)}; bare view (bench/live.py) of the "
        f"same body: {figures(bare_reads, 2)}; ratio {ratio:.2f}; target ≤ {TARGET_CACHED_RATIO}:"
        f" {verdict(ratio <= TARGET_CACHED_RATIO)}"
    )
    print(
        f"    CPU per request (this thread, the same requests): season "
        f"{statistics.median(season_cpu):.3f} ms, bare {statistics.median(bare_cpu):.3f} ms; "
        f"ratio {cpu_ratio:.2f}; target ≤ {TARGET_CACHED_RATIO}: "
        f"{verdict(cpu_ratio <= TARGET_CACHED_RATIO)}"
    )
    if max(ratio, cpu_ratio) > TARGET_CACHED_RATIO:
        print(
            f"    OVER THE TARGET: a spectator's cached season read takes {ratio:.2f}× the bare "
            f"view's time and {cpu_ratio:.2f}× its CPU (the time also holds waiting for a core "
            "and for Redis on a busy machine; the CPU is this process's own)"
        )
    print(
        f"    for comparison, an evening's cached standings (GET …/tournaments/{{id}}/standings/, "
        f"a smaller body) in the same loop: {figures(evening_reads, 2)}; "
        f"{evening_ratio:.2f}× the bare view"
    )
    split = min(parts["the rest"]) >= 0
    if not split:  # the steps alone cost more than inside a request: no remainder to give
        del parts["the rest"]
    print(
        f"    where the CPU goes, µs per read ({reads * 5} each, season / bare): "
        + ", ".join(f"{name} {ours:.0f} / {theirs:.0f}" for name, (ours, theirs) in parts.items())
    )
    if not split:
        print(
            "    the steps timed alone add up to more than the whole request (a body this size "
            "read again and again in a tight loop costs more than once in a request): the split "
            "cannot show where this body's time goes, only the whole request's figures can"
        )
    print(
        "    can show: what Karlchen's path adds to a cached read, in one process. Cannot show: "
        "gunicorn, many clients, the proxy (bench/live.py); the test client's own cost is in "
        "both sides, so the ratio is lower than over HTTP"
    )


def read_parts(client: Client, season: Season, url: str, reads: int) -> dict:
    """CPU µs per read of each step of a spectator's cached season read and of the bare view's
    counterpart: resolving the URL, reading the cache, building the answer, and the rest of the
    request (DRF's view, the middleware, the test client)."""
    request = RequestFactory().get(url)
    bare = stock_cache()
    steps = {
        "URL resolution": (lambda: resolve(url), lambda: resolve("/bench/bare/")),
        "cached read": (lambda: public_season_ranking(season.pk), lambda: bare.get(BARE_KEY)),
    }
    body, content = public_season_ranking(season.pk), bare.get(BARE_KEY)
    steps["answer"] = (
        lambda: json_answer(request, body),
        lambda: HttpResponse(content, content_type="application/json"),
    )
    steps["whole request"] = (lambda: client.get(url), lambda: client.get("/bench/bare/"))
    parts = {
        name: (cpu_us(ours, reads), cpu_us(theirs, reads)) for name, (ours, theirs) in steps.items()
    }
    whole = parts.pop("whole request")
    rest = (
        whole[0] - sum(p[0] for p in parts.values()),
        whole[1] - sum(p[1] for p in parts.values()),
    )
    return {**parts, "the rest": rest, "whole request": whole}


def cpu_us(action: Callable[[], object], reads: int) -> float:
    """CPU µs per call of ``action``: the median of five batches of this thread's CPU time (on
    a shared machine steadier than wall time)."""
    action()
    batches = []
    for _ in range(5):
        started = time.thread_time()
        for _ in range(max(1, reads // 5)):
            action()
        batches.append((time.thread_time() - started) * 1e6 / max(1, reads // 5))
    return statistics.median(batches)


if __name__ == "__main__":
    main()
