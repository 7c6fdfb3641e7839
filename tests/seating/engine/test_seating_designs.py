"""The exact constructions: no pair meets twice, for every N = 4m they are claimed for."""

from itertools import combinations

import pytest

from seating.engine.designs import series_count, zero_repeat_series

pytestmark = pytest.mark.unit


def assert_zero_repeats(players: int, series: list[list[list[int]]]) -> None:
    seen = set()
    for tables in series:
        assert sorted(p for table in tables for p in table) == list(range(players))
        assert all(len(table) == 4 for table in tables)
        for pair in (pair for table in tables for pair in combinations(sorted(table), 2)):
            assert pair not in seen
            seen.add(pair)


@pytest.mark.parametrize("players", range(4, 260, 4))
def test_every_construction_seats_everyone_and_repeats_no_pair(players):
    assert_zero_repeats(players, zero_repeat_series(players, players))


@pytest.mark.parametrize(
    ("players", "count"),
    [
        (4, 1),
        (8, 1),  # Z_2: the two groups' tables
        (12, 1),  # Z_3
        (16, 5),  # GF(4) and its groups: the affine plane of order 4
        (20, 5),  # Z_5: a resolvable transversal design
        (24, 7),  # cyclic over Z_7 (Z_6 would give 2)
        (28, 9),  # cyclic over Z_9 (Z_7 would give 7)
        (32, 9),  # GF(8), then the groups of 8 once more
        (36, 9),  # GF(9)
        (40, 5),  # Z_10
        (48, 5),  # GF(4) × Z_3, then the groups of 12 once more
        (64, 21),  # GF(16) + 16 players' 5: a resolvable 2-(64, 4, 1) design
        (72, 9),  # Z_2 × GF(9)
        (80, 25),  # GF(4) × Z_5, then the groups of 20: 5 more
        (96, 15),  # GF(8) × Z_3, then the groups of 24: 7 more
        (100, 25),
        (112, 37),  # GF(4) × Z_7, then the groups of 28: 9 more
        (400, 125),  # GF(4) × Z_25, then the groups of 100: 25 more
    ],
)
def test_series_counts_of_the_constructions(players, count):
    assert series_count(players) == count


def test_at_most_the_series_wanted_are_built():
    assert len(zero_repeat_series(400, 8)) == 8
    assert len(zero_repeat_series(16, 6)) == 5


@pytest.mark.parametrize(("players", "wanted"), [(18, 3), (0, 3), (16, 0)])
def test_nothing_is_built_without_a_multiple_of_four_or_a_wish(players, wanted):
    assert zero_repeat_series(players, wanted) == []
    assert series_count(players) == (5 if players == 16 else 0)
