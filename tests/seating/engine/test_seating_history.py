"""Season memory: earlier evenings' meetings steer the seating to new opponents, and the report
counts the pairs who meet again."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.engine import Player, SeatingRequest, history_weights, quality, seat, table_sizes

pytestmark = pytest.mark.unit


def players(count: int) -> list[Player]:
    return [Player(i + 1) for i in range(count)]


def met_again(series, history) -> int:
    """Pairs at one table (in any series) with a weight from earlier evenings, recounted."""
    pairs = {
        frozenset(pair) for tables in series for table in tables for pair in combinations(table, 2)
    }
    return sum(1 for pair in pairs if history.get(pair, 0) > 0)


def test_the_evening_after_a_construction_seats_new_opponents():
    # 16 players: the affine plane of order 4 has 5 series without a repeat. Last week used
    # three of them; tonight's two can be the two left, where nobody meets a known opponent.
    team = players(16)
    last_week = seat(SeatingRequest(team, 3, seed=7)).series
    history = history_weights([last_week])
    for seed in range(3):
        blind = seat(SeatingRequest(team, 2, seed=seed, budget=20_000))
        seen = seat(SeatingRequest(team, 2, seed=seed, budget=20_000, history=history))
        assert seen.report.met_before < met_again(blind.series, history)
        assert seen.report.met_before == met_again(seen.series, history)
        assert seen.report.repeated_pairs == 0
        assert blind.report.met_before is None


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from([n for n in range(8, 25) if n != 11]),
    st.integers(1, 3),
    st.integers(1, 3),
    st.integers(0, 10**6),
)
def test_with_a_history_the_plan_meets_fewer_known_opponents_than_a_blind_one(
    count, series, evenings, seed
):
    team = players(count)
    earlier = [
        seat(SeatingRequest(team, 3, "random", seed=seed + back)).series for back in range(evenings)
    ]
    history = history_weights(earlier)
    blind = seat(SeatingRequest(team, series, seed=seed, budget=4_000))
    seen = seat(SeatingRequest(team, series, seed=seed, budget=4_000, history=history))
    for tables in seen.series:
        assert sorted(p for table in tables for p in table) == list(range(1, count + 1))
        assert sorted(map(len, tables)) == sorted(table_sizes(count))
    assert seen.report.five_table_spread <= 1
    assert seen.report.met_before == met_again(seen.series, history)

    # What the search lowers: tonight's repeats first, then the weight of the pairs met before.
    def cost(report, tables):
        met = sum(
            history.get(frozenset(pair), 0)
            for ts in tables
            for table in ts
            for pair in combinations(table, 2)
        )
        return 4 * report.repeated_pairs + met

    blind_report = quality(blind.series, team, (), history)
    assert cost(seen.report, seen.series) <= cost(blind_report, blind.series) + 0.5


def test_random_draws_also_avoid_known_opponents():
    team = players(8)
    history = history_weights([[((1, 2, 3, 4), (5, 6, 7, 8))]])
    for seed in range(4):
        plan = seat(SeatingRequest(team, 1, "random", seed=seed, history=history))
        assert plan.report.met_before == 4  # two of each table met before, no fewer possible


def test_pairs_of_players_not_seated_and_weights_too_small_to_count_are_ignored():
    team = players(8)
    faint = {frozenset((1, 2)): 0.01, frozenset((1, 99)): 1.0}
    plan = seat(SeatingRequest(team, 2, seed=1, budget=2_000, history=faint))
    assert plan.report.met_before == met_again(plan.series, faint)
    assert plan.series == seat(SeatingRequest(team, 2, seed=1, budget=2_000)).series


@pytest.mark.parametrize(
    "history",
    [{frozenset((1, 2)): -1.0}, {frozenset((1,)): 1.0}, {frozenset((1, 2)): float("inf")}],
)
def test_a_bad_history_is_a_bug_of_the_caller(history):
    with pytest.raises(ValueError, match="history"):
        seat(SeatingRequest(players(8), 1, history=history))
