# ruff: noqa: E402 - Django is set up before the models are imported
"""Benchmark: score sheets for 100 tables in one documents job, against a minimal WeasyPrint page.

Builds a 400-player Doppelkopf tournament whose first series is seated at 100 four-tables, then
runs documents jobs exactly as the worker does (``run_documents_job``: the tables read from the
database, the sheets rendered, the PDF stored): blank score sheets, and score sheets filled with
a whole series of generated deals at every table (2 400 deals, recorded by ``record_deal``).
Each run is timed next to a minimal one-page WeasyPrint document (``<p>Hallo Welt</p>``)
rendered in the same run; runs alternate, and the medians are compared, in wall-clock time and
in this process's CPU time (on a shared machine the CPU time is the steadier figure; it leaves
out the database server's share, a few queries). Prints pages per second and the ratio of the
job's time per page to the minimal page's time, next to the target (≤ 1.5×), and what the
filled sheets cost beyond the blank ones; asserts nothing.

Runs on a throwaway test database and a temporary MEDIA_ROOT, so it never touches real data:

    .venv/bin/python bench/pdf.py [--runs 5] [--tables 100]
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
os.environ["MEDIA_ROOT"] = tempfile.mkdtemp(prefix="karlchen-bench-media-")
warnings.filterwarnings("ignore", "No directory at", UserWarning)  # whitenoise: no collectstatic

import django

django.setup()

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

from bench import tools
from bench.throwaway import on_throwaway_database
from karlchen.actors import Actor
from printing.domain.documents import check_documents
from printing.domain.jobs import run_documents_job
from scoring import demo
from scoring.domain.deals import record_deal
from seating.domain.seating import seat_series
from tournaments.domain.entries import add_entry
from tournaments.domain.tournaments import create_tournament
from tournaments.enums import JobKind
from tournaments.models import Job

TARGET_RATIO = 1.5
CAPTAIN = Actor.captain("bench")
BENCH = Actor.system("bench")  # the organiser's steps of setting a benchmark up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per variant (median)")
    parser.add_argument("--tables", type=int, default=100, help="four-tables in the series")
    args = parser.parse_args()

    on_throwaway_database(run, args)


def run(args) -> None:
    print(f"database: {connection.vendor}; MEDIA_ROOT {settings.MEDIA_ROOT} (throwaway)")
    print(tools.machine())
    started = time.perf_counter()
    series, tables = build_series(args.tables)
    print(f"{args.tables} four-tables seated in {time.perf_counter() - started:.1f} s")
    minimal_page()  # the first render reads the fonts: not part of any figure
    job_times(series, filled=False)  # warm: the stylesheet and the fonts are loaded once
    blank = report("blank score sheets", series, args, filled=False)

    started = time.perf_counter()
    deals = sum(play(table, seed) for seed, table in enumerate(tables))
    print(f"{deals} deals recorded (record_deal) in {time.perf_counter() - started:.1f} s")
    filled = report("filled score sheets", series, args, filled=True)
    entries = filled[0] - blank[0]
    print(
        f"the recorded deals' share (filled - blank, cpu): {entries * 1000:.1f} ms per page = "
        f"{entries / filled[1]:.2f}x the minimal page (reading 24 deals, printing their rows)"
    )
    print(
        "can show: what a documents job adds to WeasyPrint's own cost per page, in one process "
        "(the CPU ratio is the steadier on a shared machine). Cannot show: the Celery worker's "
        "queueing, several jobs at once, or the database's share of the time"
    )


def build_series(count: int):
    organiser = get_user_model().objects.create_user("bench-orga")
    tournament = create_tournament(
        by=Actor.of_user(organiser),
        name="Benchmark-Turnier Köln",
        date=django.utils.timezone.now().date(),
    )
    clubs = ["Karo Sieben", "Herz As", "Pik Dame", "Kreuz Bube"]
    entries = [
        add_entry(tournament, name=f"Spielerin Jürgens {n}", club=clubs[n % len(clubs)], by=BENCH)
        for n in range(1, 4 * count + 1)
    ]
    series = tournament.series.get(number=1)
    tables = seat_series(series, [entries[4 * t : 4 * t + 4] for t in range(count)], by=BENCH)
    return series, tables


def play(table, seed: int) -> int:
    settings_ = table.series.tournament.series_settings(4)
    generated = demo.generate_series(random.Random(seed), settings_)
    for deal in generated:
        record_deal(table, deal=deal.deal, by=CAPTAIN, number=deal.upcoming.number)
    return len(generated)


def report(label: str, series, args, *, filled: bool) -> tuple[float, float]:
    """Prints the figures; returns the CPU seconds per page of the job and the minimal page."""
    jobs, minimal, pages = [], [], 0
    for _ in range(args.runs):
        minimal.append(median_times([minimal_page() for _ in range(5)]))
        times, pages = job_times(series, filled=filled)
        jobs.append(times)
    job, page = median_times(jobs), median_times(minimal)
    for clock, index in (("wall", 0), ("cpu", 1)):
        per_page = job[index] / pages
        ratio = per_page / page[index]
        verdict = "meets" if ratio <= TARGET_RATIO else "misses"
        print(
            f"{label} ({clock}): {pages} pages in {job[index]:.2f} s (median of {args.runs} "
            f"jobs) = {pages / job[index]:.1f} pages/s, {per_page * 1000:.1f} ms per page; "
            f"minimal one-page document {page[index] * 1000:.1f} ms; ratio {ratio:.2f}x "
            f"({verdict} the target <= {TARGET_RATIO}x)"
        )
    return job[1] / pages, page[1]


def median_times(times: list[tuple[float, float]]) -> tuple[float, float]:
    return tuple(statistics.median(column) for column in zip(*times, strict=True))


def job_times(series, *, filled: bool) -> tuple[tuple[float, float], int]:
    """One documents job as the worker runs it: its (wall, CPU) seconds and its pages."""
    request = {"kind": "score_sheets", "series": series.number, "filled": filled}
    params = {**check_documents(series.tournament, request), "base_url": "http://127.0.0.1:8000"}
    job = Job.objects.create(tournament=series.tournament, kind=JobKind.DOCUMENTS, params=params)
    wall, cpu = time.perf_counter(), time.process_time()
    job = run_documents_job(job.pk)
    times = (time.perf_counter() - wall, time.process_time() - cpu)
    if job.status != "done":
        raise SystemExit(f"the job failed: {job.error}")
    return times, job.result["pages"]


def minimal_page() -> tuple[float, float]:
    from weasyprint import HTML

    wall, cpu = time.perf_counter(), time.process_time()
    HTML(string="<p>Hallo Welt</p>").write_pdf()
    return time.perf_counter() - wall, time.process_time() - cpu


if __name__ == "__main__":
    main()
