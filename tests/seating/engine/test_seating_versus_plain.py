"""``plan`` against a plain simulated annealing, and the constraints it keeps, on small fields.

The plain annealing here is the textbook one (random series, two random players of different
tables swap, Metropolis acceptance, the five-table duty kept even by refusing swaps that would
unbalance it), counted in swaps so that it is deterministic: ``plan`` must never leave more
repeated pairs. No timings here: those are
``bench/seating.py --versus``'s.

Both are random searches, so "never worse" holds for the fields drawn here, not for every seed:
22 players in 4 series with seed 303 leave 12 repeats after ``plan``'s 10 000 moves and 11 after
the plain 5 000 swaps (``plan`` reaches 11 with 20 000, 10 with 40 000). The fields are therefore
drawn the same in every run (``derandomize``): a run fails for a change of the engine, never for
an unlucky draw.
"""

import math
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.engine import Player, SeatingRequest, quality, seat, table_sizes

pytestmark = pytest.mark.unit

SMALL = [n for n in range(8, 25) if n != 11]
PLAIN_SWAPS = 5_000
PLAN_BUDGET = 10_000  # moves tried (each weighs up to 8 partners) and swaps made


def players(count: int, clubs: int = 0) -> list[Player]:
    return [Player(i + 1, club=f"C{i % clubs}" if clubs else None) for i in range(count)]


def plain_annealing(count: int, series: int, seed: int) -> list[list[tuple[int, ...]]]:
    """Ids 1..count seated by the plain annealing: the baseline ``plan`` must match."""
    rng = random.Random(seed)
    sizes = table_sizes(count)
    five_seats = 5 * sizes.count(5)
    rotation = rng.sample(range(count), count)
    tables, where, duty = [], [], [0] * count
    meet = [[0] * count for _ in range(count)]
    for k in range(series):
        fives = {rotation[(k * five_seats + i) % count] for i in range(five_seats)}
        order = rng.sample(sorted(set(range(count)) - fives), count - len(fives))
        order += rng.sample(sorted(fives), len(fives))
        cuts = [sum(sizes[:t]) for t in range(len(sizes) + 1)]
        series_tables = [order[cuts[t] : cuts[t + 1]] for t in range(len(sizes))]
        tables.append(series_tables)
        where.append({p: t for t, table in enumerate(series_tables) for p in table})
        for table in series_tables:
            for u, w in combinations(table, 2):
                meet[u][w] += 1
                meet[w][u] += 1
            for p in table:
                duty[p] += len(table) == 5
    low, high = min(duty), max(duty)
    for swap in range(PLAIN_SWAPS):
        temperature = 2.0 * (0.05 / 2.0) ** (swap / PLAIN_SWAPS)
        k, u, v = rng.randrange(series), rng.randrange(count), rng.randrange(count)
        table_u, table_v = tables[k][where[k][u]], tables[k][where[k][v]]
        if table_u is table_v:
            continue
        if len(table_u) != len(table_v):
            joins, leaves = (v, u) if len(table_u) == 5 else (u, v)
            if duty[joins] == high or duty[leaves] == low:
                continue
            duty[joins] += 1
            duty[leaves] -= 1
        change = sum((meet[v][w] >= 1) - (meet[u][w] >= 2) for w in table_u if w != u)
        change += sum((meet[u][w] >= 1) - (meet[v][w] >= 2) for w in table_v if w != v)
        if change > 0 and rng.random() >= math.exp(-change / temperature):
            if len(table_u) != len(table_v):  # undo the duty
                duty[joins] -= 1
                duty[leaves] += 1
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
        where[k][u], where[k][v] = where[k][v], where[k][u]
    return [[tuple(p + 1 for p in table) for table in ts] for ts in tables]


@settings(max_examples=15, deadline=None, derandomize=True)
@given(st.sampled_from(SMALL), st.integers(2, 4), st.integers(0, 10**6))
def test_plan_is_never_worse_than_a_plain_annealing(count, series, seed):
    team = players(count)
    plan = seat(SeatingRequest(team, series, seed=seed, budget=PLAN_BUDGET)).report
    plain = quality(plain_annealing(count, series, seed), team)
    assert plain.five_table_spread <= 1
    assert plan.repeated_pairs <= plain.repeated_pairs
    assert plan.repeated_pairs >= plan.lower_bound


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SMALL), st.integers(1, 5), st.integers(0, 3), st.integers(0, 10**6))
def test_plan_seats_everyone_once_and_keeps_the_constraints(count, series, clubs, seed):
    team = players(count, clubs)
    plan = seat(SeatingRequest(team, series, seed=seed, budget=2_000, separate_clubs="all"))
    for tables in plan.series:
        assert sorted(p for table in tables for p in table) == list(range(1, count + 1))
        assert sorted(map(len, tables)) == sorted(table_sizes(count))
    report = plan.report
    # Clubs kept apart outweigh an even duty: 13 players of two clubs (7 and 6) clash least with
    # 3 + 2 of them at the five-table, so the 7 sit there more often than the 6.
    assert report.five_table_spread <= (2 if clubs else 1)
    assert report.position_one_spread <= 1
    if clubs:  # clubs of about count / clubs players: spread over the tables as far as they go
        per_club = Counter(p.club for p in team)
        tables = len(table_sizes(count))
        least = sum(
            (n % tables) * math.comb(n // tables + 1, 2)
            + (tables - n % tables) * math.comb(n // tables, 2)
            for n in per_club.values()
        )
        assert all(clashes == least for clashes in report.club_clashes)
