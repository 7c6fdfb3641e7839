# ruff: noqa: E402 - Django is set up before the models are imported
"""Benchmark: one player's all-time statistics over a long history, and a club's season.

Builds on a throwaway PostgreSQL database, with COPY as bench/season_scale.py does (every deal
stored as ``record_deal`` stores it), a club's history of ``--tournaments`` public evenings of
the same eight players at two four-tables, four series of the demo's generated deals each
(about 100 deals per player and evening), and a season of ``--season-evenings`` evenings of
sixteen of 24 players; then measures for one player
  (a) the figures cold: every cached read stale (each evening's generation turned over), each
      evening's stored figures current (``stats.domain.stored``): a few queries for the
      fingerprints, one for the player's part of each stored row, merged; with every evening
      final but the latest (as a club's history is) and with none final;
      and, for comparison, the first count ever (nothing stored: every deal read and counted,
      two queries in all), the count after a correction at the oldest evening (that evening
      counted again), and the engine alone over the same facts;
  (b) the cached read (``stats.domain.reads.player_statistics``: one cache round trip, the
      person's generation turned over by every change of a tournament they are entered at),
      next to Django's own cache reading the same bytes, measured in turn in the same run;
  (c) the read after a deal at one evening;
  (d) the season in figures (``season_figures``, a club's page) cold, every evening final but
      the latest, and its first count.
Prints the figures next to the targets (a cold read of 10 000 deals within 100 ms, a season of
52 evenings within 200 ms; a cached read within 1.5 × the bare cache read); asserts nothing but
that the figures are right.

    DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/stats.py \\
        [--tournaments 200] [--season-evenings 52] [--runs 7] [--reads 200]
"""

import argparse
import datetime
import json
import os
import random
import statistics
import sys
import time
import uuid
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
warnings.filterwarnings("ignore", "No directory at", UserWarning)  # whitenoise: no collectstatic
# Keys of its own in a shared Redis, so that no real tournament's cached reads are touched.
os.environ.setdefault("CACHE_KEY_PREFIX", f"karlchen-bench-{uuid.uuid4().hex[:8]}")

import django

django.setup()

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from bench import tools
from bench.season_scale import Builder, figures, timed
from bench.throwaway import on_throwaway_database
from karlchen.changes import season_changed, tournament_changed
from people.models import Player
from scoring.models import RevisionPoints
from seasons.models import Season
from stats.domain.facts import Scope, deal_facts, scope_tournaments, visible_deals
from stats.domain.reads import _player_figures, player_statistics, season_figures
from stats.engine.figures import compute
from stats.models import TournamentFigures
from tournaments.models import Tournament

TARGET_UNCACHED_MS, TARGET_SEASON_MS, TARGET_CACHED_RATIO = 100, 200, 1.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=200, help="evenings of the history")
    parser.add_argument("--season-evenings", type=int, default=52, help="evenings of the season")
    parser.add_argument("--runs", type=int, default=7, help="uncached reads (median)")
    parser.add_argument("--reads", type=int, default=200, help="cached reads (median)")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("this benchmark loads its rows with COPY: PostgreSQL only")
    on_throwaway_database(run, args)


def run(args) -> None:
    print(tools.machine())
    get_user_model().objects.create_user("bench-orga")
    started = time.perf_counter()
    Builder(random.Random(2026)).season(
        "Statistik",
        {"preset": "total"},
        dates=[
            datetime.date(2020, 1, 7) + datetime.timedelta(weeks=n) for n in range(args.tournaments)
        ],
        pool=8,
        players=8,
        series=4,
    )
    club_season = Builder(random.Random(52)).season(
        "Saison",
        {"preset": "total"},
        dates=[
            datetime.date(2025, 1, 7) + datetime.timedelta(weeks=n)
            for n in range(args.season_evenings)
        ],
        pool=24,
        players=16,
        series=4,
    )
    Season.objects.filter(pk=club_season.pk).update(is_public=True)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    player = Player.objects.order_by("pk").first()
    assert player is not None
    Player.objects.filter(pk=player.pk).update(listing_consent=True)
    played = RevisionPoints.objects.filter(entry__player=player).count()
    print(f"built in {time.perf_counter() - started:.1f} s: {played} deals of the player")

    tournaments = scope_tournaments(Scope(), player=player.pk)
    body = _player_figures(player.pk, tournaments)
    assert body is not None
    assert body["figures"]["deals"] == played, "every deal counted"

    def stale(evenings):
        for tournament in evenings:  # every cached read of the evenings stale
            tournament_changed(tournament)

    first_count = []
    for _run in range(args.runs):
        stale(tournaments)
        TournamentFigures.objects.all().delete()  # nothing stored: every deal counted
        first_count += timed(lambda: _player_figures(player.pk, tournaments), 1)
    still_open = []
    for _run in range(args.runs):
        stale(tournaments)
        still_open += timed(lambda: _player_figures(player.pk, tournaments), 1)
    # A history as clubs have it: every evening's results final but the latest one's.
    Tournament.objects.filter(pk__in=tournaments[:-1]).update(results_final_at=timezone.now())
    _player_figures(player.pk, tournaments)  # marked final: new fingerprints, counted again once
    uncached = []
    for _run in range(args.runs):
        stale(tournaments)
        uncached += timed(lambda: _player_figures(player.pk, tournaments), 1)
    corrected = []
    for _run in range(args.runs):
        stale(tournaments)
        TournamentFigures.objects.filter(pk=tournaments[0]).update(fingerprint="corrected")
        corrected += timed(lambda: _player_figures(player.pk, tournaments), 1)
    again = _player_figures(player.pk, tournaments)
    assert again is not None
    assert again["figures"] == body["figures"], "stored = counted"
    facts = deal_facts(
        visible_deals(tournaments, public=True).filter(current__points__entry__player_id=player.pk)
    )
    engine = timed(lambda: compute(facts), args.runs)
    print(
        f"(a) cold, {played} deals, every evening final but the latest: {figures(uncached)}"
        f" (target ≤ {TARGET_UNCACHED_MS} ms)"
    )
    print(f"    the same with no evening final (every deal's table summed): {figures(still_open)}")
    print(f"    first count ever (nothing stored): {figures(first_count)}")
    print(f"    after a correction at the oldest evening: {figures(corrected)}")
    print(f"    the engine alone over the facts: {figures(engine)}")

    player_statistics(player.pk)  # fills the cache
    content = player_statistics(player.pk).content  # type: ignore[union-attr]
    assert json.loads(content)["figures"]["deals"] == played
    cache.set("bench-bare", content, 60)
    cached, bare = [], []
    for _read in range(args.reads):  # in turn, so that the machine's load falls on both alike
        cached += timed(lambda: player_statistics(player.pk), 1)
        bare += timed(lambda: cache.get("bench-bare"), 1)
    ratio = statistics.median(cached) / statistics.median(bare)
    print(f"(b) cached read: {figures(cached, 2)}")
    print(
        f"    Django's cache, same bytes ({len(content)} B): {figures(bare, 2)}; ratio {ratio:.2f}"
    )
    print(
        "    one cache round trip (three keys: the epoch, the person's generation, the body);"
        f" target ratio ≤ {TARGET_CACHED_RATIO}"
        + ("" if ratio <= TARGET_CACHED_RATIO else ": missed")
    )
    after_deal = []
    for _run in range(args.runs):
        tournament_changed(tournaments[-1])  # autocommit: at once
        after_deal += timed(lambda: player_statistics(player.pk), 1)
    print(f"(c) after a deal at one evening: {figures(after_deal)}")

    evenings = list(
        club_season.evenings.order_by("tournament__date").values_list("tournament_id", flat=True)
    )
    Tournament.objects.filter(pk__in=evenings[:-1]).update(results_final_at=timezone.now())
    season_figures(club_season.pk)  # as (a): counted again once, marked final
    found = season_figures(club_season.pk)
    assert found is not None
    assert len(found["evenings"]) == len(evenings)
    assert found["totals"]["deals"] == sum(row["deals"] for row in found["evenings"])

    def season_stale():  # outside the timing, as in (a)
        stale(evenings)
        season_changed(club_season.pk)

    season_first = []
    for _run in range(args.runs):
        season_stale()
        TournamentFigures.objects.filter(pk__in=evenings).delete()
        season_first += timed(lambda: season_figures(club_season.pk), 1)
    season_uncached = []
    for _run in range(args.runs):
        season_stale()
        season_uncached += timed(lambda: season_figures(club_season.pk), 1)
    print(
        f"(d) the season in figures, {len(evenings)} evenings, {found['totals']['deals']} deals,"
        f" cold: {figures(season_uncached)} (target ≤ {TARGET_SEASON_MS} ms)"
    )
    print(f"    first count ever (nothing stored): {figures(season_first)}")


if __name__ == "__main__":
    main()
