# ruff: noqa: E402 - Django is set up before the models are imported
"""Benchmark: one player's all-time statistics over a long history.

Builds on a throwaway PostgreSQL database, with COPY as bench/season_scale.py does (every deal
stored as ``record_deal`` stores it), a club's history of ``--tournaments`` public evenings of
the same eight players at two four-tables, four series of the demo's generated deals each
(about 100 deals per player and evening); then measures for one player
  (a) the figures cold, every evening's figures stale: what a miss computes (two queries and
      the engine per evening, then merged), and the engine alone over the same facts;
  (b) the cached read (``stats.domain.reads.player_statistics``: one query for the player's
      tournaments and one cache round trip), next to Django's own cache reading the same bytes;
  (c) the read after a deal at one evening: that evening's figures counted again, every other
      evening's taken from the cache and merged.
Prints the figures next to the targets (a miss of 10 000 deals within 100 ms; a cached read
within 1.5 × the bare cache read); asserts nothing but that the figures are right.

    DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/stats.py \\
        [--tournaments 200] [--runs 7] [--reads 200]
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

from bench import tools
from bench.season_scale import Builder, figures, timed
from bench.throwaway import on_throwaway_database
from karlchen.changes import tournament_changed
from people.models import Player
from scoring.models import RevisionPoints
from stats.domain.facts import Scope, deal_facts, scope_tournaments, visible_deals
from stats.domain.reads import _player_figures, player_statistics
from stats.engine.figures import compute

TARGET_UNCACHED_MS, TARGET_CACHED_RATIO = 100, 1.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=200, help="evenings of the history")
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
    uncached = []
    for _run in range(args.runs):
        for tournament in tournaments:  # every evening's figures stale: a cold miss
            tournament_changed(tournament)
        uncached += timed(lambda: _player_figures(player.pk, tournaments), 1)
    facts = deal_facts(
        visible_deals(tournaments, public=True).filter(current__points__entry__player_id=player.pk)
    )
    engine = timed(lambda: compute(facts), args.runs)
    print(f"(a) cold, {played} deals: {figures(uncached)} (target ≤ {TARGET_UNCACHED_MS} ms)")
    print(f"    of which the engine over the facts: {figures(engine)}")
    if statistics.median(uncached) > TARGET_UNCACHED_MS:
        print(
            "    target missed: a cold miss reads every deal's entered and computed JSON,"
            " two queries per evening"
        )

    player_statistics(player.pk)  # fills the cache
    cached = timed(lambda: player_statistics(player.pk), args.reads)
    content = player_statistics(player.pk).content  # type: ignore[union-attr]
    assert json.loads(content)["figures"]["deals"] == played
    cache.set("bench-bare", content, 60)
    bare = timed(lambda: cache.get("bench-bare"), args.reads)
    ratio = statistics.median(cached) / statistics.median(bare)
    print(f"(b) cached read: {figures(cached, 2)}")
    print(f"    Django's cache, same bytes: {figures(bare, 2)}; ratio {ratio:.1f}")
    print(
        "    the cached read adds one query (which tournaments the player played: the list is"
        f" part of the cache key); target ratio ≤ {TARGET_CACHED_RATIO}"
        + ("" if ratio <= TARGET_CACHED_RATIO else ": missed")
    )
    after_deal = []
    for _run in range(args.runs):
        tournament_changed(tournaments[-1])  # autocommit: at once
        after_deal += timed(lambda: player_statistics(player.pk), 1)
    print(f"(c) after a deal at one evening: {figures(after_deal)}")


if __name__ == "__main__":
    main()
