"""Benchmark: repeated pairs and time of the seating methods, next to their targets (0 repeats
where the counting bound allows it for 40 or more players in up to 8 series, at most 3 for 32 in
8, 400 players in 8 series within 2 s, one series of 400 within 0.5 s).

For each case N players / S series it prints, for ``plan``, ``random`` and ``ranking``, the
repeated pairs (Σ max(0, meetings − 1)) and the most meetings of one pair, the median repeats of
a plain random draw without any repeat avoidance over 20 seeds, the lower bound, and the median
time of each method over ``--runs`` runs. ``ranking`` is seated as clubs do it: series by
series, each by the standings after the series before (simulated scores), the played series
frozen; its time is that of all S calls. Then ``plan`` where no construction applies (41 and
402 players), ``plan`` for an evening of a season (clubs and the season's earlier meetings,
whose weights the search adds up on every move), and the time of seating one series of 400
players (the first, and the last with seven played) by ``random`` and ``ranking``. Asserts
nothing.

With ``--versus`` it prints instead, for a grid of fields (every N of 8..40, then a sampling up
to 100 with each N mod 4; S = 2..8), ``plan``'s repeated pairs / most meetings and median time
next to a plain simulated annealing of this file's own (``plain_annealing``: not the engine's)
with a fixed budget of CPU seconds (process time, so that other load on the machine does not
shorten it), and marks the fields where ``plan`` loses (more repeats, or as many and a higher
most meetings) or takes more than 1 s of CPU (its median process time; the wall-clock median
is printed beside it, and exceeds it when the machine is shared). It ends with the counts, the
lost and the slowest fields, and the load average. The bench's players have no clubs and no
table wishes; both keep the five-table duty even (spread ≤ 1); positions are not the
annealing's concern.

    .venv/bin/python bench/seating.py [--runs 3] [--seed 1]
    .venv/bin/python bench/seating.py --versus [--fields 17-23] [--series 3] [--plain-seconds 1]
        [--seeds 1-5]
"""

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seating.engine import (
    Player,
    SeatingRefused,
    SeatingRequest,
    history_weights,
    lower_bound,
    quality,
    seat,
    table_sizes,
)

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


def timed(runs: int, make, clock=time.perf_counter):
    """The result of the last run and the median seconds over ``runs`` runs."""
    seconds = []
    for _ in range(runs):
        start = clock()
        result = make()
        seconds.append(clock() - start)
    return result, statistics.median(seconds)


def timed_both(runs: int, make):
    """The result of the last run, the median wall-clock and the median CPU seconds."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        result = make()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return result, statistics.median(walls), statistics.median(cpus)


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


def with_season_memory(runs: int, seed: int) -> None:
    """``plan`` for an evening of a season: five clubs (kept apart in series 1) and the six
    evenings before, each of the same players in as many series (seated by ``random``)."""
    print("\nAn evening of a season (5 clubs, 6 earlier evenings), plan without and with them:")
    for count, series in [(22, 3), (22, 4), (39, 8), (40, 3)]:
        team = [Player(i + 1, club=f"C{i % 5}") for i in range(count)]
        evenings = [
            seat(SeatingRequest(team, series, "random", seed=seed * 100 + back)).series
            for back in range(6)
        ]
        memory = history_weights(evenings)
        blind, blind_time = timed(runs, lambda t=team, s=series: seat(SeatingRequest(t, s)))
        seen, seen_time = timed(
            runs, lambda t=team, s=series, m=memory: seat(SeatingRequest(t, s, history=m))
        )
        met = quality(blind.series, team, (), memory).met_before
        print(
            f"  {count}/{series}: {len(memory)} pairs met before; without: {_figures(blind)}, "
            f"{met} pairs met before, {blind_time:.2f} s; with: {_figures(seen)}, "
            f"{seen.report.met_before} met before, {seen_time:.2f} s"
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


# Every field of 8..40 players: below 41 players some series counts leave repeats (the hard
# part). Above, every field reaches 0 repeats quickly; a sampling that holds each number of
# five-tables (N mod 4) several times, and the ends.
GRID_COUNTS = [
    *range(8, 41),
    *(41, 42, 43, 44, 46, 47, 48, 49, 50, 53, 55, 58, 62, 64, 67, 71, 75, 79, 80, 83, 86, 89),
    *(94, 96, 97, 99, 100),
]
GRID_SERIES = range(2, 9)
FIVE = 5


def plain_annealing(count: int, series: int, seconds: float, seed: int) -> list[list[list[int]]]:
    """A plain simulated annealing, for comparison: players 0..count−1, ``series`` series.

    Start: each series shuffled, the five-table seats handed out in a rotation (so every player
    sits at a five-table ⌊or⌈ as often as the others). Move: a random series, two random
    players at different tables swap, unless that takes a player's five-table duty outside the
    spread of the start. Cost: repeated pairs. Metropolis acceptance, the temperature falling
    geometrically from 2 to 0.05 over ``seconds``; the best seating seen is returned.
    """
    rng = random.Random(seed)
    sizes = table_sizes(count)
    five_seats = FIVE * sizes.count(FIVE)
    rotation = list(range(count))
    rng.shuffle(rotation)
    meet = [[0] * count for _ in range(count)]
    duty = [0] * count
    tables: list[list[list[int]]] = []
    where: list[list[int]] = []
    for k in range(series):
        fives = {rotation[(k * five_seats + i) % count] for i in range(five_seats)}
        fours = [p for p in range(count) if p not in fives]
        on_fives = sorted(fives)
        rng.shuffle(fours)
        rng.shuffle(on_fives)
        seated = fours + on_fives  # table_sizes puts the fives last
        cut = [0, *[sum(sizes[: t + 1]) for t in range(len(sizes))]]
        series_tables = [seated[cut[t] : cut[t + 1]] for t in range(len(sizes))]
        place = [0] * count
        for t, table in enumerate(series_tables):
            for u in table:
                place[u] = t
                duty[u] += len(table) == FIVE
                for w in table:
                    meet[u][w] += u != w
        tables.append(series_tables)
        where.append(place)
    low, high = min(duty), max(duty)
    cost = sum(max(0, meet[u][w] - 1) for u in range(count) for w in range(u + 1, count))
    best, best_tables = cost, [[list(t) for t in ts] for ts in tables]
    start = time.process_time()
    temperature = 2.0
    for iteration in range(10**12):
        if iteration % 500 == 0:
            elapsed = time.process_time() - start
            if elapsed >= seconds or best == 0:
                break
            temperature = 2.0 * (0.05 / 2.0) ** (elapsed / seconds)
        k = rng.randrange(series)
        u, v = rng.randrange(count), rng.randrange(count)
        home, there = where[k][u], where[k][v]
        if home == there:
            continue
        table_u, table_v = tables[k][home], tables[k][there]
        if len(table_u) != len(table_v):
            joins, leaves = (v, u) if len(table_u) == FIVE else (u, v)
            if duty[joins] + 1 > high or duty[leaves] - 1 < low:
                continue
        meet_u, meet_v = meet[u], meet[v]
        change = sum((meet_v[w] >= 1) - (meet_u[w] >= 2) for w in table_u if w != u) + sum(
            (meet_u[w] >= 1) - (meet_v[w] >= 2) for w in table_v if w != v
        )
        if change > 0 and rng.random() >= math.exp(-change / temperature):
            continue
        for leaving, joining, table in ((u, v, table_u), (v, u, table_v)):
            for w in table:
                if w != leaving:
                    meet[leaving][w] -= 1
                    meet[w][leaving] -= 1
                    meet[joining][w] += 1
                    meet[w][joining] += 1
        table_u[table_u.index(u)] = v
        table_v[table_v.index(v)] = u
        where[k][u], where[k][v] = there, home
        if len(table_u) != len(table_v):
            duty[joins] += 1
            duty[leaves] -= 1
        cost += change
        if cost < best:
            best, best_tables = cost, [[list(t) for t in ts] for ts in tables]
    return best_tables


def versus(args: argparse.Namespace) -> None:
    """``plan`` next to the plain annealing over the grid; the lost and slow fields marked.

    Over several seeds (``--seeds``) a field is compared by the mean repeated pairs (then the
    mean most meetings) of each method: on a crowded field both land in one of a few basins
    (22/6: 12 or about 19 repeats) by the luck of the seed, and one seed each decides nothing.
    """
    counts = _numbers(args.fields) if args.fields else GRID_COUNTS
    series_counts = _numbers(args.series) if args.series else GRID_SERIES
    seeds = _numbers(args.seeds) if args.seeds else [args.seed]
    print(
        f"plan (median of {args.runs} runs) vs a plain annealing of {args.plain_seconds} s CPU, "
        f"seeds {' '.join(map(str, seeds))}: repeated pairs / most meetings"
        + (", each the mean over the seeds" if len(seeds) > 1 else "")
    )
    header = (
        f"{'N/S':>6} | {'plan':>11} {'cpu':>6} {'wall':>6} | {'plain':>11} | {'bound':>5} | verdict"
    )
    print(header)
    print("-" * len(header))
    print(f"load average at the start: {_load()}")
    lost, slow, won, fields, times = [], [], [], 0, []
    for count in counts:
        try:
            table_sizes(count)
        except SeatingRefused:
            continue
        for series in series_counts:
            fields += 1
            field = _field(count, series, seeds, args)
            name = f"{count}/{series}"
            mine, theirs, cpu = field["plan"], field["plain"], field["cpu"]
            verdict = []
            times.append((cpu, name))
            if mine > theirs:
                verdict.append("LOSES")
                lost.append(f"{name} ({_pair(mine)} vs {_pair(theirs)})")
            elif mine < theirs:
                won.append(name)
            if cpu > 1:
                verdict.append("> 1 s")
                slow.append(name)
            if field["uneven"]:
                verdict.append("uneven duty")
            print(
                f"{count:>3}/{series:<2} | {_pair(mine):>11} {cpu:5.2f}s {field['wall']:5.2f}s | "
                f"{_pair(theirs):>11} | {field['bound']:>5} | "
                f"{', '.join(verdict) or ('better' if mine < theirs else 'tie')}"
                + (
                    f"   plan {field['plan_seeds']} plain {field['plain_seeds']}"
                    if len(seeds) > 1
                    else ""
                ),
                flush=True,
            )
    ties = fields - len(lost) - len(won)
    print(f"\n{fields} fields: plan better on {len(won)}, as good on {ties}, worse on {len(lost)}")
    print(f"plan loses on: {', '.join(lost) or '-'}")
    print(f"plan takes more than 1 s of CPU on {len(slow)}: {' '.join(slow) or '-'}")
    slowest = sorted(times, reverse=True)[:5]
    print("plan's slowest (median CPU):", ", ".join(f"{name} {cpu:.2f} s" for cpu, name in slowest))
    print(f"load average at the end: {_load()}")
    print(
        "can show: plan against a plain annealing of the same CPU budget, field by field (the "
        "CPU seconds are steadier than the wall clock on a shared machine). Cannot show: that "
        "no better seating exists where both miss the bound"
    )


def _field(count: int, series: int, seeds: list[int], args: argparse.Namespace) -> dict:
    """Both methods on one field over ``seeds``: mean (repeats, most meetings) of each, the
    median CPU and wall seconds of ``plan`` (over all its runs), its bound, and whether either
    left the five-table duty uneven."""
    team = players(count)
    mine, theirs, walls, cpus, uneven, bound = [], [], [], [], False, 0
    for seed in seeds:
        plan, wall, cpu = timed_both(
            args.runs, lambda s=seed: seat(SeatingRequest(team, series, seed=s))
        )
        plain = plain_annealing(count, series, args.plain_seconds, seed)
        ids = [[tuple(p + 1 for p in table) for table in tables] for tables in plain]
        plain_report = quality(ids, team)
        mine.append((plan.report.repeated_pairs, plan.report.max_meetings))
        theirs.append((plain_report.repeated_pairs, plain_report.max_meetings))
        walls.append(wall)
        cpus.append(cpu)
        uneven = uneven or max(plan.report.five_table_spread, plain_report.five_table_spread) > 1
        bound = plan.report.lower_bound
    return {
        "plan": _mean(mine),
        "plain": _mean(theirs),
        "plan_seeds": " ".join(str(r) for r, _ in mine),
        "plain_seeds": " ".join(str(r) for r, _ in theirs),
        "cpu": statistics.median(cpus),
        "wall": statistics.median(walls),
        "bound": bound,
        "uneven": uneven,
    }


def _mean(results: list[tuple[int, int]]) -> tuple[float, float]:
    return (
        statistics.mean(r for r, _ in results),
        statistics.mean(m for _, m in results),
    )


def _pair(figures: tuple[float, float]) -> str:
    """Repeats / most meetings: whole numbers for one seed, one decimal for a mean."""
    return "/".join(f"{x:g}" if float(x).is_integer() else f"{x:.1f}" for x in figures)


def _load() -> str:
    try:
        return " ".join(f"{load:.1f}" for load in os.getloadavg())
    except OSError:  # no load average on this system
        return "unknown"


def _numbers(text: str) -> list[int]:
    """ "17-23,30" as [17, ..., 23, 30]."""
    numbers = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        numbers += range(int(first), int(last or first) + 1)
    return numbers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--versus", action="store_true", help="plan next to a plain annealing")
    parser.add_argument("--fields", help="player counts for --versus, e.g. 17-23,41")
    parser.add_argument("--series", help="series counts for --versus, e.g. 2-8")
    parser.add_argument(
        "--seeds", help="seeds for --versus, compared by the mean over them, e.g. 1-5"
    )
    parser.add_argument("--plain-seconds", type=float, default=1.0)
    args = parser.parse_args()
    if args.versus:
        versus(args)
        return
    header = (
        f"{'N/S':>7} | {'plan rep/max':>12} {'time':>7} | {'random':>8} {'time':>7} | "
        f"{'ranking':>8} {'time':>7} | {'plain':>6} | {'bound':>5} | target"
    )
    print(f"load average at the start: {_load()}")
    print(header)
    print("-" * len(header))
    for count, series in CASES:
        print(bench_case(count, series, args.runs, args.seed))
    without_construction(args.runs, args.seed)
    with_season_memory(args.runs, args.seed)
    one_series_of_400(args.runs, args.seed)
    print(f"load average at the end: {_load()}")
    print(
        "can show: how often pairs meet again under each method, beside the counting bound and "
        "a plain random draw (exact counts, whatever the load), and their times on these cores "
        "(wall clock: other work on the machine is in them). Cannot show: clubs' table wishes "
        "or late arrivals (the players here have none)"
    )


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
