"""Benchmark: how well the rating finds known strengths, beside the average points.

Synthetic data, no database. A field of ``--players`` (40) with known strengths drawn from a
normal distribution of standard deviation ``--spread``; each series every player sits at a
random table of four and plays 24 deals there:

- each player one compulsory solo per series (four solo deals at random places among the 24),
  the other deals random partnerships of two against two (Re and Kontra drawn anew each deal);
- the Re party wins with probability 1 / (1 + exp(-(s_re - s_kontra))), s the mean strength of
  a party's players (a soloist's own);
- the game value is 1, 2, 3 … (geometric: mean 2.5 in a normal deal, 3.5 in a solo), doubled in
  a Bock deal (one deal in four); the winners get the value each and the losers lose it, the
  soloist three times it (as Doppelkopf counts a solo).

After 5, 10 and 20 series it prints, as the median over ``--seeds`` fields, Spearman's rank
correlation between the true strengths and (a) the rating shown (``mu - 3 sigma``,
stats.engine.rating), (b) the average points per series. ``--spread`` is chosen so that the
average points reach about 0.5 after 10 series; beside them, in brackets, the same rating fed
each table's ranking of the series instead of every deal (the alternative docs/STATISTICS.md
weighs). Then it times the replay the domain does (``refresh_rating``): the engine over
``--tables`` series at one table, and with ``--evenings`` (PostgreSQL: DATABASE_URL) the whole
run on a throwaway database of that many evenings.

    [DATABASE_URL=postgres://…] .venv/bin/python bench/rating.py [--seeds 11] [--spread 0.25] \\
        [--players 40] [--tables 4000] [--beta 41.7] [--evenings 100]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stats.engine import rating as engine
from stats.engine.rating import Deal, PlayerRating, rate

CHECKPOINTS = (5, 10, 20)
DEALS = 24
NORMAL_VALUE, SOLO_VALUE, BOCK = 2.5, 3.5, 0.25


def geometric(rng: random.Random, mean: float) -> int:
    value = 1
    while rng.random() > 1 / mean:
        value += 1
    return value


def series_deals(rng: random.Random, strength: list[float], table: list[int]) -> list[Deal]:
    """One series at one table of the model above: each deal as player → points."""
    deals: list[Deal] = []
    solos = dict(zip(rng.sample(range(DEALS), len(table)), table, strict=True))
    for deal in range(DEALS):
        if deal in solos:
            re = [solos[deal]]
            value = geometric(rng, SOLO_VALUE)
        else:
            re = rng.sample(table, 2)
            value = geometric(rng, NORMAL_VALUE)
        kontra = [player for player in table if player not in re]
        value *= 2 if rng.random() < BOCK else 1
        edge = statistics.mean(strength[p] for p in re) - statistics.mean(
            strength[p] for p in kontra
        )
        sign = 1 if rng.random() < 1 / (1 + math.exp(-edge)) else -1
        points = {player: sign * value * (3 if len(re) == 1 else 1) for player in re}
        points.update(dict.fromkeys(kontra, -sign * value))
        deals.append(points)
    return deals


def ranks(values: list[float]) -> list[float]:
    """Ranks 0 … n-1, ties on their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for index in order[start : end + 1]:
            result[index] = (start + end) / 2
        start = end + 1
    return result


def spearman(first: list[float], second: list[float]) -> float:
    a, b = ranks(first), ranks(second)
    mean_a, mean_b = statistics.mean(a), statistics.mean(b)
    covariance = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b, strict=True))
    spread = math.sqrt(sum((x - mean_a) ** 2 for x in a) * sum((y - mean_b) ** 2 for y in b))
    return covariance / spread


def field(seed: int, players: int, spread: float) -> dict[int, tuple[float, float, float]]:
    """One field's correlations at each checkpoint: (the rating, the average points, the same
    rating over each table's ranking of the series instead of every deal)."""
    rng = random.Random(seed)
    strength = [rng.gauss(0, spread) for _ in range(players)]
    total = [0] * players
    ratings: dict[int, PlayerRating] = {}
    by_series: dict[int, PlayerRating] = {}
    found = {}
    for number in range(1, max(CHECKPOINTS) + 1):
        seated = rng.sample(range(players), players)
        tables = [series_deals(rng, strength, seated[i : i + 4]) for i in range(0, players, 4)]
        sums = [
            {player: sum(deal[player] for deal in table) for player in table[0]} for table in tables
        ]
        for table in sums:
            for player, points in table.items():
                total[player] += points
        ratings = rate([deal for table in tables for deal in table], start=ratings)
        by_series = rate(sums, start=by_series)
        if number in CHECKPOINTS:
            found[number] = (
                spearman(strength, [ratings[player].ordinal for player in range(players)]),
                spearman(strength, [*map(float, total)]),
                spearman(strength, [by_series[player].ordinal for player in range(players)]),
            )
    return found


def replay_cost(tables: int) -> None:
    """The engine alone over ``tables`` series at one table (24 deals each)."""
    rng = random.Random(1)
    history = [
        deal
        for _ in range(tables)
        for deal in series_deals(rng, [0.0] * 8000, rng.sample(range(8000), 4))
    ]
    started = time.perf_counter()
    rate(history)
    engine = time.perf_counter() - started
    print(
        f"engine: {tables} series at one table ({len(history)} deals) replayed in {engine:.2f} s,"
        f" {engine / len(history) * 1e6:.0f} µs a deal"
    )


def database_cost(evenings: int) -> None:
    """``refresh_rating`` on a throwaway database with ``evenings`` public evenings of 40
        players (ten tables, four series of about 24 deals), stored with COPY as
        bench/season_scale.py does: the run that replays, the run over unchanged deals, the run
    after one more evening (rated on), and a replay as after a correction."""
    import os
    import uuid

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
    os.environ.setdefault("CACHE_KEY_PREFIX", f"karlchen-bench-{uuid.uuid4().hex[:8]}")
    import django

    django.setup()
    from bench.throwaway import on_throwaway_database

    on_throwaway_database(_database_cost, evenings)


def _database_cost(evenings: int) -> None:
    import datetime

    from django.contrib.auth import get_user_model
    from django.db import connection

    from bench.season_scale import Builder
    from stats.domain.rating import counted_deals, fingerprint, refresh_rating
    from stats.models import RatingRun

    get_user_model().objects.create_user("bench-orga")
    first = datetime.date(2020, 1, 7)
    builder = Builder(random.Random(2026))
    builder.season(
        "Wertung",
        {"preset": "total"},
        dates=[first + datetime.timedelta(weeks=n) for n in range(evenings)],
        pool=120,
        players=40,
        series=4,
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    replayed = _timed(refresh_rating)
    deals = RatingRun.objects.get().deals
    unchanged = _timed(refresh_rating)
    printed = _timed(lambda: fingerprint(counted_deals()))
    later = first + datetime.timedelta(weeks=evenings)
    builder.season("Danach", {"preset": "total"}, dates=[later], pool=40, players=40, series=4)
    appended = _timed(refresh_rating)
    added = RatingRun.objects.get().deals - deals
    RatingRun.objects.update(fingerprint="")  # as after a correction: replayed from the start
    again = _timed(refresh_rating)
    print(
        f"database: {evenings} evenings, {deals} deals: a replay {replayed:.2f} s (read, rate,"
        f" store); unchanged {unchanged * 1000:.0f} ms (the fingerprint {printed * 1000:.0f} ms);"
        f" one evening more ({added} deals) rated on {appended:.2f} s;"
        f" replayed after a correction {again:.2f} s"
    )


def _timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=11)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--spread", type=float, default=0.25)
    parser.add_argument("--tables", type=int, default=4000, help="series at one table, timed")
    parser.add_argument("--beta", type=float, help="the engine's beta instead of its own")
    parser.add_argument(
        "--evenings", type=int, default=0, help="also time refresh_rating on a database"
    )
    args = parser.parse_args()
    if args.beta is not None:
        engine.BETA = args.beta
    print(
        f"{args.players} players, strengths N(0, {args.spread}), {DEALS} deals a series,"
        f" median over {args.seeds} seeds, beta {engine.BETA:.1f}"
    )
    runs = [field(seed, args.players, args.spread) for seed in range(args.seeds)]
    print("Spearman's rho with the true strengths (median)")
    print("series  rating  average points  (rating by series' ranking)")
    for checkpoint in CHECKPOINTS:
        rating, average, by_series = (
            statistics.median(run[checkpoint][index] for run in runs) for index in range(3)
        )
        verdict = "rating ahead" if rating > average else "average points ahead"
        print(f"{checkpoint:>6}  {rating:6.3f}  {average:14.3f}  ({by_series:.3f})   {verdict}")
    replay_cost(args.tables)
    if args.evenings:
        database_cost(args.evenings)


if __name__ == "__main__":
    main()
