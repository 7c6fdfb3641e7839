"""Benchmark: repeated pairs and time of the seating methods, next to the targets of issue 4.

For each case N players / S series it prints, for ``plan``, ``random`` and ``ranking``, the
repeated pairs (Σ max(0, meetings − 1)) and the most meetings of one pair, the median repeats of
a plain random draw without any repeat avoidance over 20 seeds, the lower bound, and the median
time of each method over ``--runs`` runs. ``ranking`` is seated as clubs do it: series by
series, each by the standings after the series before (simulated scores), the played series
frozen; its time is that of all S calls. Then ``plan`` where no construction applies (41 and
402 players), and the time of seating one series of 400 players (the first, and the last with
seven played) by ``random`` and ``ranking``. Asserts nothing.

    .venv/bin/python bench/seating.py [--runs 3] [--seed 1]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seating.engine import Player, SeatingRequest, lower_bound, quality, seat, table_sizes

CASES = [
    (16, 5),
    (24, 6),
    (22, 3),
    (32, 8),
    (32, 10),
    (40, 8),
    (64, 8),
    (100, 8),
    (200, 8),
    (400, 8),
]
PLAIN_SEEDS = 20


def players(count: int) -> list[Player]:
    return [Player(i + 1) for i in range(count)]


def timed(runs: int, make):
    """The result of the last run and the median seconds over ``runs`` runs."""
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        result = make()
        seconds.append(time.perf_counter() - start)
    return result, statistics.median(seconds)


def by_standings(count: int, series: int, seed: int):
    """``ranking`` series by series; the standings follow simulated scores."""
    rng = random.Random(seed)
    team = players(count)
    totals = dict.fromkeys((p.id for p in team), 0)
    frozen: dict[int, tuple] = {}
    plan = None
    for number in range(1, series + 1):
        ranking = tuple(sorted(totals, key=lambda pid: (-totals[pid], pid)))
        plan = seat(
            SeatingRequest(team, number, "ranking", seed=seed, frozen=frozen, ranking=ranking)
        )
        frozen[number] = plan.series[-1]
        for pid in totals:
            totals[pid] += rng.randint(-60, 60)
    return plan


def plain_draw_repeats(count: int, series: int) -> float:
    """Median repeated pairs of shuffled players cut into tables, no repeat avoidance."""
    sizes = table_sizes(count)
    results = []
    for seed in range(PLAIN_SEEDS):
        rng = random.Random(seed)
        drawn = []
        for _ in range(series):
            ids = [p.id for p in players(count)]
            rng.shuffle(ids)
            start, tables = 0, []
            for size in sizes:
                tables.append(tuple(ids[start : start + size]))
                start += size
            drawn.append(tuple(tables))
        results.append(quality(drawn, players(count)).repeated_pairs)
    return statistics.median(results)


def without_construction(runs: int, seed: int) -> None:
    print("\nWithout an exact construction (five-tables), plan by draw and annealing:")
    for count, series in [(41, 8), (402, 8)]:
        team = players(count)
        plan, seconds = timed(runs, lambda t=team, s=series: seat(SeatingRequest(t, s, seed=seed)))
        report = plan.report
        print(
            f"  {count}/{series}: {_figures(plan)} repeats/max, five-table spread "
            f"{report.five_table_spread}, position-1 spread {report.position_one_spread}, "
            f"{seconds:.2f} s"
        )


def one_series_of_400(runs: int, seed: int) -> None:
    team = players(400)
    played = seat(SeatingRequest(team, 8, "random", seed=seed))
    frozen = {n: played.series[n - 1] for n in range(1, 8)}
    ranking = tuple(range(400, 0, -1))
    print("\nOne series of 400 players (target ≤ 0.5 s), median of", runs, "runs:")
    for method in ("random", "ranking"):
        _, first = timed(
            runs, lambda m=method: seat(SeatingRequest(team, 1, m, seed=seed, ranking=ranking))
        )
        last_plan, last = timed(
            runs,
            lambda m=method: seat(
                SeatingRequest(team, 8, m, seed=seed, frozen=frozen, ranking=ranking)
            ),
        )
        print(
            f"  {method:8} series 1: {first:6.3f} s   series 8 after 7 played: {last:6.3f} s"
            f"   (repeats then {last_plan.report.repeated_pairs})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    header = (
        f"{'N/S':>7} | {'plan rep/max':>12} {'time':>7} | {'random':>8} {'time':>7} | "
        f"{'ranking':>8} {'time':>7} | {'plain':>6} | {'bound':>5} | target"
    )
    print(header)
    print("-" * len(header))
    for count, series in CASES:
        print(bench_case(count, series, args.runs, args.seed))
    without_construction(args.runs, args.seed)
    one_series_of_400(args.runs, args.seed)


def bench_case(count: int, series: int, runs: int, seed: int) -> str:
    team = players(count)
    plan, plan_time = timed(runs, lambda: seat(SeatingRequest(team, series, "plan", seed=seed)))
    drawn, draw_time = timed(runs, lambda: seat(SeatingRequest(team, series, "random", seed=seed)))
    ranked, rank_time = timed(runs, lambda: by_standings(count, series, seed))
    bound = lower_bound(series, team, {})
    target = _target(count, series, bound, plan, plan_time)
    return (
        f"{count:>3}/{series:<3} | {_figures(plan):>12} {plan_time:6.2f}s | "
        f"{_figures(drawn):>8} {draw_time:6.2f}s | {_figures(ranked):>8} {rank_time:6.2f}s | "
        f"{plain_draw_repeats(count, series):>6} | {bound:>5} | {target}"
    )


def _figures(plan) -> str:
    return f"{plan.report.repeated_pairs}/{plan.report.max_meetings}"


def _target(count: int, series: int, bound: int, plan, seconds: float) -> str:
    notes = []
    repeats = plan.report.repeated_pairs
    if bound == 0 and count >= 40 and series <= 8:
        notes.append(f"0 repeats: {'met' if repeats == 0 else 'MISSED'}")
    if (count, series) == (32, 8):
        notes.append(f"≤ 3 repeats: {'met' if repeats <= 3 else 'MISSED'}")
    if (count, series) == (400, 8):
        notes.append(f"≤ 2 s: {'met' if seconds <= 2 else 'MISSED'}")
    return "; ".join(notes) or "-"


if __name__ == "__main__":
    main()
